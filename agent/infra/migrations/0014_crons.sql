-- Migration 14: crons, the LangGraph Server API's runs on a schedule (agent.journal.crons,
-- agent.runtime.crons). A cron on a thread (`thread_id`) sends its `message` there as the thread's
-- student (`owner`); a stateless one (no `thread_id`) sends it on a new thread each time, deleted
-- when the run ends unless `on_run_completed` is 'keep'. `next_run_at` is the next tick of
-- `schedule` in `timezone` (NULL once `end_time` has passed): the workers' periodic scan claims the
-- due rows with FOR UPDATE SKIP LOCKED and, in the same transaction, records the run and moves
-- `next_run_at` past now, so a tick fires once however many workers scan.
CREATE TABLE crons (
    cron_id          uuid PRIMARY KEY,
    assistant_id     text NOT NULL,
    thread_id        text,
    owner            text NOT NULL,
    user_id          text NOT NULL,
    by_operator      boolean NOT NULL DEFAULT false,
    schedule         text NOT NULL,
    timezone         text,
    end_time         timestamptz,
    enabled          boolean NOT NULL DEFAULT true,
    on_run_completed text CHECK (on_run_completed IN ('delete', 'keep')),
    message          text NOT NULL,
    payload          jsonb NOT NULL,
    metadata         jsonb NOT NULL DEFAULT '{}',
    next_run_at      timestamptz,
    created_at       timestamptz NOT NULL DEFAULT now(),
    updated_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX crons_due_idx ON crons (next_run_at) WHERE enabled;
CREATE INDEX crons_owner_idx ON crons (owner);
CREATE INDEX crons_thread_idx ON crons (thread_id);
