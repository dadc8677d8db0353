-- Migration 11: the knowledge base beside the catalog (agent.domain.knowledge): the school's policies
-- and FAQ, one row a document and one a section, made from the Markdown files of
-- agent/domain/knowledge_base/ at setup and by `school-agent kb ingest`.

-- A document as last ingested. `content_hash` covers its file's text and the cutting rules'
-- version (agent.domain.documents.content_hash): equal hashes, nothing to re-chunk.
CREATE TABLE knowledge_documents (
    id           text PRIMARY KEY,
    title        text NOT NULL,
    source       text NOT NULL,
    content_hash text NOT NULL,
    ingested_at  timestamptz NOT NULL DEFAULT now()
);

-- A section of a document (or part of a long one), in the document's order. Search ranks the
-- heading's words first, then the document's title (repeated here, since a generated column reads
-- only its own row; a new title is a new content hash, so the chunks are rewritten with it), then
-- the body's.
CREATE TABLE knowledge_chunks (
    id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    document_id text NOT NULL REFERENCES knowledge_documents (id) ON DELETE CASCADE,
    position    integer NOT NULL CHECK (position >= 0),
    title       text NOT NULL,
    section     text NOT NULL,
    anchor      text NOT NULL,
    body        text NOT NULL,
    search      tsvector GENERATED ALWAYS AS (
        setweight(to_tsvector('english', section), 'A')
        || setweight(to_tsvector('english', title), 'B')
        || setweight(to_tsvector('english', body), 'C')
    ) STORED,
    UNIQUE (document_id, position)
);
CREATE INDEX knowledge_chunks_search_idx ON knowledge_chunks USING gin (search);
