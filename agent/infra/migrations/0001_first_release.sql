-- Migration 1: the first release's schema (the domain: catalog, enrollments, payments, handoffs,
-- operations), as its agent/domain/schema.sql created it. Idempotent (IF NOT EXISTS throughout): a
-- database made before migrations were recorded runs it again harmlessly, and is then recorded.
-- The rules that must hold whatever the code above does are constraints here.

-- array_to_string is only STABLE in general, but for text[] it is immutable; generated columns need that.
CREATE OR REPLACE FUNCTION school_words(text[]) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT array_to_string($1, ' ') $$;

CREATE TABLE IF NOT EXISTS courses (
    id              text PRIMARY KEY,
    title           text NOT NULL,
    description     text NOT NULL,
    level           text NOT NULL CHECK (level IN ('beginner', 'intermediate', 'advanced')),
    price_cents     integer NOT NULL CHECK (price_cents >= 0),
    duration_weeks  integer NOT NULL CHECK (duration_weeks > 0),
    prerequisites   text[] NOT NULL DEFAULT '{}',
    tags            text[] NOT NULL DEFAULT '{}',
    search          tsvector GENERATED ALWAYS AS (
        setweight(to_tsvector('english', id || ' ' || title), 'A')
        || setweight(to_tsvector('english', school_words(tags)), 'B')
        || setweight(to_tsvector('english', description), 'C')
    ) STORED
);
CREATE INDEX IF NOT EXISTS courses_search_idx ON courses USING gin (search);

CREATE TABLE IF NOT EXISTS cohorts (
    id          text PRIMARY KEY,
    course_id   text NOT NULL REFERENCES courses (id),
    starts_on   date NOT NULL,
    capacity    integer NOT NULL CHECK (capacity > 0),
    seats_taken integer NOT NULL DEFAULT 0,
    -- The capacity rule as a guarantee: no transaction can commit an overbooked cohort.
    CONSTRAINT cohort_capacity CHECK (seats_taken >= 0 AND seats_taken <= capacity)
);

CREATE TABLE IF NOT EXISTS enrollments (
    id              bigserial PRIMARY KEY,
    student_id      text NOT NULL,
    cohort_id       text NOT NULL REFERENCES cohorts (id),
    status          text NOT NULL
        CHECK (status IN ('PENDING_PAYMENT', 'CONFIRMED', 'CANCELLED', 'WAITLISTED')),
    created_at      timestamptz NOT NULL DEFAULT clock_timestamp(),
    updated_at      timestamptz NOT NULL DEFAULT clock_timestamp()
);
-- One active enrollment (or waitlist place) per student and cohort.
CREATE UNIQUE INDEX IF NOT EXISTS enrollments_one_active
    ON enrollments (student_id, cohort_id) WHERE status <> 'CANCELLED';
CREATE INDEX IF NOT EXISTS enrollments_waitlist
    ON enrollments (cohort_id, id) WHERE status = 'WAITLISTED';

CREATE TABLE IF NOT EXISTS payments (
    id              bigserial PRIMARY KEY,
    enrollment_id   bigint NOT NULL REFERENCES enrollments (id),
    kind            text NOT NULL CHECK (kind IN ('charge', 'refund')),
    amount_cents    integer NOT NULL CHECK (amount_cents >= 0),
    operation_key   text NOT NULL,
    created_at      timestamptz NOT NULL DEFAULT clock_timestamp()
);
-- At most one charge and one refund per enrollment, whatever is retried.
CREATE UNIQUE INDEX IF NOT EXISTS payments_once ON payments (enrollment_id, kind);

CREATE TABLE IF NOT EXISTS handoffs (
    id              bigserial PRIMARY KEY,
    student_id      text NOT NULL,
    thread_id       text NOT NULL,
    reason          text NOT NULL,
    message         text NOT NULL,
    status          text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
    operation_key   text NOT NULL UNIQUE,
    created_at      timestamptz NOT NULL DEFAULT clock_timestamp()
);

-- Every mutating operation runs under an idempotency key; a repeat returns the stored outcome.
CREATE TABLE IF NOT EXISTS operations (
    key         text PRIMARY KEY,
    name        text NOT NULL,
    request     jsonb NOT NULL,
    outcome     jsonb,
    created_at  timestamptz NOT NULL DEFAULT clock_timestamp()
);
