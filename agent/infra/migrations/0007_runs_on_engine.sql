-- Every run executes as a job of the task engine (agent.infra.engine, whose schema is migration 6).
-- `work` is what the worker does, as the API checked it (send a message as a student, or decide
-- the pending approval as an operator) and how it reports (stream modes, or the private API's
-- progress events); `attempt` counts the workers that took the run (more than one: a worker died
-- and another continued it from its last checkpoint); `result` is the state a `wait` answers;
-- `began_at` is when it did its first work (a run refused before, by a busy thread or a stale
-- decision, never sets it); `refusal` is how a failed run is answered ({"status", "message", ...}).
ALTER TABLE api_runs
    ADD COLUMN work     jsonb NOT NULL DEFAULT '{}',
    ADD COLUMN attempt  integer NOT NULL DEFAULT 0,
    ADD COLUMN began_at timestamptz,
    ADD COLUMN result   jsonb,
    ADD COLUMN refusal  jsonb;

-- The home-made queue is gone (runs queue on their thread as `api_runs` rows and engine jobs).
-- A job still queued becomes a pending run of its thread, which the recovery sweep hands to a
-- worker; finished jobs are history that nothing reads. A queued job without a message and a user
-- could never have run (the old worker read both), so it has nothing to carry over.
INSERT INTO api_runs (run_id, thread_id, assistant_id, actor, multitask_strategy, kwargs, work, created_at)
SELECT gen_random_uuid(), thread_id, 'school', payload->>'user_id', 'enqueue',
       jsonb_build_object('input', jsonb_build_object('messages',
           jsonb_build_array(jsonb_build_object('role', 'user', 'content', payload->>'message')))),
       jsonb_build_object('kind', 'send', 'text', payload->>'message', 'user_id', payload->>'user_id',
                          'face', 'private'),
       created_at
  FROM jobs
 WHERE status = 'queued' AND kind = 'message' AND payload ? 'message' AND payload ? 'user_id';
DROP TABLE jobs;
