-- Migration 15: the webhook outbox (agent.journal.webhooks). A row is written in the transaction
-- that records a run's end (or a thread starting to wait for an operator), one per URL to tell;
-- a worker's job (agent.worker.deliveries) posts it, signed, and marks it `delivered`, or
-- `failed` after its last attempt. Its `id` is the `webhook-id` the receiver sees on every attempt.
CREATE TABLE webhook_deliveries (
    id              uuid PRIMARY KEY,
    event           text NOT NULL CHECK (event IN ('run.ended', 'thread.awaiting_operator')),
    target          text NOT NULL CHECK (target IN ('run', 'school')),
    url             text NOT NULL,
    thread_id       text NOT NULL,
    run_id          uuid NOT NULL,
    payload         jsonb NOT NULL,
    status          text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed')),
    attempts        integer NOT NULL DEFAULT 0,
    next_attempt_at timestamptz NOT NULL DEFAULT now(),
    last_status     integer,
    last_error      text,
    created_at      timestamptz NOT NULL DEFAULT now(),
    delivered_at    timestamptz
);
CREATE INDEX webhook_deliveries_pending_idx ON webhook_deliveries (next_attempt_at) WHERE status = 'pending';
CREATE INDEX webhook_deliveries_created_idx ON webhook_deliveries (created_at DESC);
