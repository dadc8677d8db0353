-- Migration 2: the tables added after the first release, before migrations were recorded: payment
-- attempts, the budget ledger, the journal (events, thread owners, turns, plan items, approval
-- grants) and the job queue, as the last release without recorded migrations created them.
-- Idempotent like migration 1, so that a database made by any release before it (which records no
-- version) runs both and ends at version 2 whatever it already had. Migrations after 2 run once.

-- Each call to the payment provider, recorded before it is made: a crash or a lost response leaves a
-- 'pending' row, whose outcome is unknown until the provider is asked by its key. An attempt leaves
-- 'pending' in the same transaction that stores the outcome of the operation under its key.
CREATE TABLE IF NOT EXISTS payment_attempts (
    key             text PRIMARY KEY,   -- the operation's idempotency key, sent to the provider as its own
    kind            text NOT NULL CHECK (kind IN ('charge', 'refund')),
    enrollment_id   bigint NOT NULL REFERENCES enrollments (id),
    amount_cents    integer NOT NULL CHECK (amount_cents > 0),
    description     text NOT NULL,
    refund_of       text,               -- the provider's id of the charge a refund returns
    status          text NOT NULL DEFAULT 'pending'
        CHECK (status IN ('pending', 'succeeded', 'declined', 'abandoned')),
    provider_id     text,               -- the provider's id of this charge or refund, once known
    created_at      timestamptz NOT NULL DEFAULT clock_timestamp(),
    updated_at      timestamptz NOT NULL DEFAULT clock_timestamp(),
    CONSTRAINT payment_attempts_refund_of CHECK ((kind = 'refund') = (refund_of IS NOT NULL)),
    CONSTRAINT payment_attempts_settled CHECK ((status IN ('pending', 'abandoned')) = (provider_id IS NULL))
);
-- One open attempt per enrollment and kind: a later request settles it instead of starting another.
CREATE UNIQUE INDEX IF NOT EXISTS payment_attempts_one_open
    ON payment_attempts (enrollment_id, kind) WHERE status = 'pending';

-- The budget ledger (agent.infra.ledgers): one row per model call, keyed by (thread, call id).
CREATE TABLE IF NOT EXISTS budget_charges (
    thread_id     text NOT NULL,
    call_id       text NOT NULL,
    input_tokens  integer NOT NULL CHECK (input_tokens >= 0),
    output_tokens integer NOT NULL CHECK (output_tokens >= 0),
    cost_usd      numeric(14, 8) NOT NULL CHECK (cost_usd >= 0),
    charged_at    timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (thread_id, call_id)
);
CREATE TABLE IF NOT EXISTS budget_exhausted (
    thread_id text PRIMARY KEY,
    at        timestamptz NOT NULL DEFAULT now()
);

-- The journal (agent.journal): events, who owns each thread, turns and their steps, approval grants.
CREATE TABLE IF NOT EXISTS journal_events (
    id        bigserial PRIMARY KEY,
    thread_id text NOT NULL,
    kind      text NOT NULL,
    payload   jsonb NOT NULL DEFAULT '{}',
    at        timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS journal_events_thread_idx ON journal_events (thread_id, id);
ALTER TABLE journal_events ADD COLUMN IF NOT EXISTS turn_id bigint;
ALTER TABLE journal_events ADD COLUMN IF NOT EXISTS key text;
-- An event with a key is written once per thread, however often the step that writes it re-runs.
CREATE UNIQUE INDEX IF NOT EXISTS journal_events_key_idx ON journal_events (thread_id, key)
    WHERE key IS NOT NULL;

CREATE TABLE IF NOT EXISTS thread_owners (
    thread_id  text PRIMARY KEY,
    owner      text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS turns (
    id          bigserial PRIMARY KEY,
    thread_id   text NOT NULL,
    kind        text NOT NULL CHECK (kind IN ('message', 'decision', 'resume')),
    actor       text NOT NULL,
    input       jsonb NOT NULL DEFAULT '{}',
    intent      text,
    status      text NOT NULL CHECK (status IN ('created', 'running', 'awaiting_approval',
                                                'completed', 'failed', 'cancelled')),
    output      jsonb,
    error       text,
    created_at  timestamptz NOT NULL DEFAULT now(),
    finished_at timestamptz
);
CREATE INDEX IF NOT EXISTS turns_thread_idx ON turns (thread_id, id);

CREATE TABLE IF NOT EXISTS plan_items (
    id            bigserial PRIMARY KEY,
    turn_id       bigint NOT NULL REFERENCES turns (id),
    step          int NOT NULL,
    node          text NOT NULL,
    tool          text,
    args          jsonb,
    approval_mode text NOT NULL DEFAULT 'none' CHECK (approval_mode IN ('none', 'required')),
    status        text NOT NULL CHECK (status IN ('running', 'completed', 'interrupted', 'failed')),
    result        jsonb,
    at            timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS plan_items_turn_idx ON plan_items (turn_id, id);

CREATE TABLE IF NOT EXISTS approval_grants (
    thread_id   text NOT NULL,
    action_id   text NOT NULL,
    action_name text NOT NULL,
    args        jsonb NOT NULL,
    student_id  text NOT NULL,
    reviewer    text NOT NULL,
    decision    text NOT NULL CHECK (decision IN ('approve', 'edit')),
    at          timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (thread_id, action_id)
);

-- Background runs (agent.journal.jobs), claimed with FOR UPDATE SKIP LOCKED.
CREATE TABLE IF NOT EXISTS jobs (
    id          bigserial PRIMARY KEY,
    thread_id   text NOT NULL,
    kind        text NOT NULL CHECK (kind IN ('message', 'decision')),
    payload     jsonb NOT NULL,
    status      text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'done', 'failed')),
    attempts    int NOT NULL DEFAULT 0,
    run_after   timestamptz NOT NULL DEFAULT now(),
    locked_by   text,
    locked_at   timestamptz,
    result      jsonb,
    error       text,
    created_at  timestamptz NOT NULL DEFAULT now(),
    finished_at timestamptz
);
CREATE INDEX IF NOT EXISTS jobs_ready_idx ON jobs (run_after, id) WHERE status = 'queued';
