-- Migration 12: a knowledge document's keywords (agent.domain.documents), the words students use for
-- its subject when its text says it otherwise ("withdraw" for a cancellation). The search reads a
-- document as about a question when its keywords hold one of the question's words, or one of its
-- phrases ("drop out", "money back") is in the question word for word
-- (agent.domain.knowledge.sections_about). Documents ingested before have no keywords here; the
-- reading rules' version is part of every content hash, so the next ingestion rewrites them all.
ALTER TABLE knowledge_documents ADD COLUMN keywords text NOT NULL DEFAULT '';
ALTER TABLE knowledge_documents ADD COLUMN phrases text[] NOT NULL DEFAULT '{}';
ALTER TABLE knowledge_documents ADD COLUMN subject tsvector GENERATED ALWAYS AS (
    to_tsvector('english', keywords)
) STORED;
