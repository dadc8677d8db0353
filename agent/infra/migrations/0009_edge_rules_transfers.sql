-- Migration 9: the rules' edge cases and transfers between cohorts (agent.domain.enrollments,
-- agent.domain.payments, agent.domain.transfers).

-- A transfer moves an enrollment to another cohort of the same course. The old row becomes
-- TRANSFERRED: it holds no seat and is not active, so the student may come back to that cohort
-- later. The new row names it in `transferred_from`; a payment made for the old row is found
-- through that link, so it is carried over once and refunded at most once (a row is transferred
-- at most once: the column is unique).
ALTER TABLE enrollments DROP CONSTRAINT enrollments_status_check;
ALTER TABLE enrollments ADD CONSTRAINT enrollments_status_check
    CHECK (status IN ('PENDING_PAYMENT', 'CONFIRMED', 'CANCELLED', 'WAITLISTED', 'TRANSFERRED'));
ALTER TABLE enrollments ADD COLUMN transferred_from bigint UNIQUE REFERENCES enrollments (id);
DROP INDEX enrollments_one_active;
CREATE UNIQUE INDEX enrollments_one_active
    ON enrollments (student_id, cohort_id) WHERE status NOT IN ('CANCELLED', 'TRANSFERRED');

-- Each call to a payment provider records which provider it went to, so that a charge is looked up
-- and refunded at the provider that made it, whichever provider takes new charges now. Every
-- release before this one knew one provider, the fake one (SCHOOL_PAYMENT_PROVIDER=fake).
ALTER TABLE payment_attempts ADD COLUMN provider text;
UPDATE payment_attempts SET provider = 'fake';
ALTER TABLE payment_attempts ALTER COLUMN provider SET NOT NULL;

-- A free course confirms at enrollment, with no hold and no charge row. Free seats that earlier
-- releases left awaiting a payment of nothing are confirmed now, so no hold of theirs expires.
UPDATE enrollments e SET status = 'CONFIRMED', updated_at = clock_timestamp()
FROM cohorts h JOIN courses c ON c.id = h.course_id
WHERE h.id = e.cohort_id AND c.price_cents = 0 AND e.status = 'PENDING_PAYMENT';
