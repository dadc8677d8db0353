-- Migration 13: thread TTLs, the LangGraph Server API's `ttl` on thread create and patch
-- (agent.upkeep.thread_pruning). A thread whose `expires_at` has passed is pruned by the scheduled
-- sweep with its `strategy`: 'delete' removes it (checkpoints, record, owner, this row; the journal
-- stays), 'keep_latest' prunes it to its latest checkpoint and moves `expires_at` on by
-- `ttl_minutes`. A thread waiting for an approval is left for a later sweep.
CREATE TABLE thread_ttls (
    thread_id   text PRIMARY KEY,
    strategy    text NOT NULL CHECK (strategy IN ('delete', 'keep_latest')),
    ttl_minutes double precision NOT NULL CHECK (ttl_minutes > 0),
    expires_at  timestamptz NOT NULL,
    updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX thread_ttls_expires_at_idx ON thread_ttls (expires_at);
