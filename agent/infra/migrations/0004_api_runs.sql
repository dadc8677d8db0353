-- Runs of the LangGraph Server API (agent.interfaces.server.langgraph_api): one row per run a
-- client asked for, whatever process executes it. `status` follows the platform's run statuses;
-- `stop` is a request to end a pending or running run ('interrupt' keeps its progress,
-- 'rollback' deletes it); `kwargs` is the request as accepted (input or command, stream modes);
-- `worker` names the process running it (alive while it holds its advisory lock, see
-- agent.journal.api_runs).
CREATE TABLE api_runs (
    run_id             uuid PRIMARY KEY,
    thread_id          text NOT NULL,
    assistant_id       text NOT NULL,
    actor              text NOT NULL,
    status             text NOT NULL DEFAULT 'pending'
                       CHECK (status IN ('pending', 'running', 'success', 'error', 'timeout', 'interrupted')),
    multitask_strategy text NOT NULL
                       CHECK (multitask_strategy IN ('reject', 'enqueue', 'interrupt', 'rollback')),
    stop               text CHECK (stop IN ('interrupt', 'rollback')),
    kwargs             jsonb NOT NULL DEFAULT '{}',
    metadata           jsonb NOT NULL DEFAULT '{}',
    error              text,
    worker             text,
    created_at         timestamptz NOT NULL DEFAULT clock_timestamp(),
    updated_at         timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX api_runs_thread_idx ON api_runs (thread_id, created_at);
CREATE INDEX api_runs_active_idx ON api_runs (thread_id) WHERE status IN ('pending', 'running');

-- The events a run streamed, kept for clients that rejoin its stream (`Last-Event-ID` is `seq`);
-- `data` is the JSON text exactly as it was sent.
CREATE TABLE api_run_events (
    run_id uuid NOT NULL REFERENCES api_runs (run_id) ON DELETE CASCADE,
    seq    integer NOT NULL,
    event  text NOT NULL,
    data   text NOT NULL,
    PRIMARY KEY (run_id, seq)
);
