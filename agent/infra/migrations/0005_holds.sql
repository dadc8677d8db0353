-- Migration 5: seat holds that expire (agent.domain.holds, agent.upkeep.holds).
-- An enrollment in PENDING_PAYMENT holds a seat from `hold_started_at`: its insert, or the promotion
-- of a waitlisted student (not `created_at`, which for a promoted student is when they joined the
-- waitlist). Unpaid after SCHOOL_HOLD_HOURS, it is cancelled and the seat offered to the waitlist;
-- `reminded_at` records the one payment reminder, set by a conditional UPDATE so that it is sent once.
ALTER TABLE enrollments
    ADD COLUMN hold_started_at timestamptz,
    ADD COLUMN reminded_at     timestamptz;
-- A hold of a release before this one started at its last status change (the insert or the
-- promotion: nothing else updates an enrollment).
UPDATE enrollments SET hold_started_at = updated_at WHERE status = 'PENDING_PAYMENT';
ALTER TABLE enrollments ADD CONSTRAINT enrollments_hold_started
    CHECK (status <> 'PENDING_PAYMENT' OR hold_started_at IS NOT NULL);
CREATE INDEX enrollments_holds ON enrollments (hold_started_at) WHERE status = 'PENDING_PAYMENT';

-- What the school tells a student in their conversation thread without being asked (a hold expired,
-- a seat offered, a payment reminder): written in the transaction that made the change, delivered
-- into the thread's state under its lock when the thread is free (`delivered`), or given up when it
-- no longer applies (`dropped`: the thread is gone, the reminded hold was paid). One per enrollment
-- and kind, whoever writes it.
CREATE TABLE thread_notices (
    id            bigserial PRIMARY KEY,
    thread_id     text NOT NULL,
    enrollment_id bigint NOT NULL REFERENCES enrollments (id),
    kind          text NOT NULL CHECK (kind IN ('hold_expired', 'seat_offered', 'payment_reminded')),
    text          text NOT NULL,
    status        text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'dropped')),
    checkpoint_id text,           -- the checkpoint that delivered it
    created_at    timestamptz NOT NULL DEFAULT clock_timestamp(),
    settled_at    timestamptz,
    UNIQUE (enrollment_id, kind),
    CONSTRAINT thread_notices_settled CHECK ((status = 'pending') = (settled_at IS NULL))
);
CREATE INDEX thread_notices_pending ON thread_notices (thread_id, id) WHERE status = 'pending';

-- The thread an enrollment was made in: the `tool_completed` event the graph's execute step writes
-- for it (agent.upkeep.holds looks it up when it tells the student).
CREATE INDEX journal_events_enrollment_idx
    ON journal_events ((payload -> 'outcome' -> 'result' -> 'enrollment' ->> 'id'))
    WHERE kind = 'tool_completed';
