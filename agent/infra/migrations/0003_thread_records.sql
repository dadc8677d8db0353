-- Thread records for the LangGraph Server API (agent.interfaces.server.langgraph_api): what a
-- client sets on a thread that is not graph state. `owner` is the student who created it (NULL
-- when unknown); a thread's student is otherwise in `thread_owners` and its state.
CREATE TABLE thread_records (
    thread_id  text PRIMARY KEY,
    owner      text,
    metadata   jsonb NOT NULL DEFAULT '{}',
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX thread_records_owner_idx ON thread_records (owner, updated_at);
CREATE INDEX thread_records_metadata_idx ON thread_records USING gin (metadata jsonb_path_ops);
