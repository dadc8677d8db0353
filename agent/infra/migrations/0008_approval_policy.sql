-- Migration 8: approvals under the school's policy (agent.domain.policy).
-- An action may need more than one approval (the student's confirmation, then an operator's), so a
-- grant is one per action and approver role. Each grant records the policy row it was made under.
-- Grants made before were single approvals, recorded as the operator's (the only reviewer then
-- besides the student's chat "yes", which was not told apart).
ALTER TABLE approval_grants
    ADD COLUMN role   text NOT NULL DEFAULT 'operator' CHECK (role IN ('student', 'operator')),
    ADD COLUMN policy text NOT NULL DEFAULT 'before-policy';
ALTER TABLE approval_grants ALTER COLUMN role DROP DEFAULT, ALTER COLUMN policy DROP DEFAULT;
ALTER TABLE approval_grants DROP CONSTRAINT approval_grants_pkey;
ALTER TABLE approval_grants ADD PRIMARY KEY (thread_id, action_id, role);
