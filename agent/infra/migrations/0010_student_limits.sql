-- Per-student limits (issue 15, part 6): a daily model budget per student, and a request rate per API key.
-- What a student's turns cost, one row per model call (agent.infra.ledgers.StudentLedger). The call id
-- names the call's place in the graph (thread, LangGraph task, order in the task), so a node that runs
-- again after a crash charges its call once. `day` is the school's date when the run began.
CREATE TABLE student_charges (
    student_id    text NOT NULL,
    call_id       text NOT NULL,
    day           date NOT NULL,
    thread_id     text NOT NULL,
    role          text,
    model         text,
    input_tokens  integer NOT NULL CHECK (input_tokens >= 0),
    output_tokens integer NOT NULL CHECK (output_tokens >= 0),
    cost_usd      numeric(14, 8) NOT NULL CHECK (cost_usd >= 0),
    charged_at    timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (student_id, call_id)
);
-- The check before each turn sums one student's day.
CREATE INDEX student_charges_day ON student_charges (student_id, day);
-- The first refusal of a student's day, so that the journal tells it once (student_budget_exhausted).
CREATE TABLE student_budget_exhausted (
    student_id text NOT NULL,
    day        date NOT NULL,
    thread_id  text NOT NULL,
    at         timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (student_id, day)
);
-- Requests per API key in the current minute (agent.infra.rate_limits): one row per key (its hash,
-- never the key), moved to the new minute by the first request in it, so the table never grows.
CREATE TABLE api_rate_limits (
    key_hash     text PRIMARY KEY,
    window_start timestamptz NOT NULL,
    hits         integer NOT NULL CHECK (hits > 0)
);
