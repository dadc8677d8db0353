"""The school's knowledge documents: Markdown files with front matter, read and cut into sections.

A document is a `*.md` file in a folder (the shipped one is `agent/domain/knowledge_base/`). It
starts with front matter between `---` lines, one `key: value` a line: `id` (equal to the file's
name without `.md`; lowercase letters, digits and single hyphens), `title`, and optionally
`keywords`: the words, comma-separated, that students use for the document's subject
when its text says it otherwise ("withdraw, drop out" for cancellation). The body is
Markdown; each `## ` heading opens a section, which is what a search finds and cites as
`<id>#<anchor>` (the anchor is the heading in lowercase, words joined by hyphens: "The 7-day rule"
is `the-7-day-rule`). Text before the first heading is the document's lead, cited as `<id>`. A
long section is cut at paragraph boundaries into several chunks under the same heading.

Pure: it reads files and returns values, and never touches a database (ingestion and search are
`knowledge`'s). A malformed document raises `DocumentError` naming the file and the reason; a
folder is read whole before anything is returned, so a caller never sees half of one. The front
matter is parsed here (a plain subset of YAML) rather than with PyYAML, which the project does not
depend on; `middleware.skills` reads its own front matter the same way, but the layers keep the
domain and the middleware from sharing code.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path

CHUNKING = 2
"""The version of the reading and cutting rules below. It is part of every content hash, so changing
how documents are read or cut (bump it) re-ingests every document at the next ingestion. 2: the
`keywords` key."""
MAX_DOCUMENT_CHARS = 200_000
"""A longer file is refused: the knowledge base holds policies and answers, not books."""
CHUNK_CHARS = 1_500
"""A section longer than this is cut into chunks at paragraph boundaries (a paragraph is not cut)."""
MAX_HEADING_CHARS = 200
_ID = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
_KEYS = ("id", "title")
_OPTIONAL_KEYS = ("keywords",)
MAX_KEYWORDS = 50
_SECTION = re.compile(r"^##(?!#)\s*(.*?)\s*#*\s*$")
_FENCE = re.compile(r"^\s*(```|~~~)")
_ANCHOR_DROP = re.compile(r"[^\w\s-]")
_ANCHOR_JOIN = re.compile(r"[\s_-]+")


class DocumentError(ValueError):
    """A knowledge document (or its folder) is malformed; the message names the file and the reason."""


@dataclass(frozen=True)
class Chunk:
    """One searchable piece of a document: a section, or part of a long one."""

    position: int
    """Its place in the document, from 0."""
    section: str
    """The `##` heading it belongs to (the document's title for the lead)."""
    anchor: str
    """The heading's anchor (`the-7-day-rule`); empty for the lead."""
    text: str
    """Its Markdown, without the heading line."""


@dataclass(frozen=True)
class Document:
    """One knowledge document, parsed and cut."""

    id: str
    title: str
    source: str
    """The file's name (`refunds.md`), for messages and for the `knowledge_documents` row."""
    content_hash: str
    """SHA-256 of the file's text and `CHUNKING`: equal hashes, equal chunks."""
    chunks: tuple[Chunk, ...]
    keywords: tuple[str, ...] = ()
    """Students' words for its subject, lowercase, in the order given (none repeated)."""


def citation(document_id: str, anchor: str) -> str:
    """How a chunk is cited: `refunds#the-7-day-rule`, or `refunds` for a document's lead."""
    return f"{document_id}#{anchor}" if anchor else document_id


def anchor_of(heading: str) -> str:
    """The anchor of a heading, as Markdown renderers make it: "The 7-day rule" → `the-7-day-rule`."""
    plain = _ANCHOR_DROP.sub("", heading.replace("`", "").lower())
    return _ANCHOR_JOIN.sub("-", plain.strip()).strip("-")


def content_hash(text: str) -> str:
    """The hash a document's file text is stored under (it covers the cutting rules' version)."""
    return hashlib.sha256(f"chunking {CHUNKING}\n{text}".encode()).hexdigest()


def parse_document(text: str, *, source: str) -> Document:
    """A document from the text of its file `source` (`refunds.md`).

    Raises:
        DocumentError: For missing or malformed front matter, an unknown or repeated key, an id that
            is not the file's name, an empty title or body, a section without a heading's text or
            whose anchor another section has, or a file over `MAX_DOCUMENT_CHARS`.

    """
    if len(text) > MAX_DOCUMENT_CHARS:
        message = (
            f"{source}: {len(text):,} characters, more than the {MAX_DOCUMENT_CHARS:,} a document may have"
        )
        raise DocumentError(message)
    lines = text.lstrip("\ufeff").split("\n")
    if lines[0].strip() != "---":
        message = f"{source}: must start with a '---' line opening the front matter (id, title)"
        raise DocumentError(message)
    end = next((i for i in range(1, len(lines)) if lines[i].strip() == "---"), None)
    if end is None:
        message = f"{source}: the front matter has no closing '---' line"
        raise DocumentError(message)
    fields = _front_matter(lines[1:end], source)
    stem = source.removesuffix(".md")
    if fields["id"] != stem or not _ID.match(fields["id"]):
        message = (
            f"{source}: id {fields['id']!r} must equal the file's name without .md ({stem!r}) and be "
            "lowercase letters, digits and single hyphens"
        )
        raise DocumentError(message)
    chunks = _chunks(lines[end + 1 :], title=fields["title"], source=source, first_line=end + 2)
    keywords = _keywords(fields.get("keywords", ""), source)
    return Document(fields["id"], fields["title"], source, content_hash(text), chunks, keywords)


def _keywords(value: str, source: str) -> tuple[str, ...]:
    words = tuple(dict.fromkeys(w.strip().lower() for w in value.split(",") if w.strip()))
    if len(words) > MAX_KEYWORDS:
        message = f"{source}: {len(words)} keywords, more than the {MAX_KEYWORDS} a document may have"
        raise DocumentError(message)
    return words


def _front_matter(lines: list[str], source: str) -> dict[str, str]:
    fields: dict[str, str] = {}
    for number, line in enumerate(lines, start=2):
        if not line.strip():
            continue
        key, sep, value = line.partition(":")
        key, value = key.strip(), value.strip()
        if not sep or key not in (*_KEYS, *_OPTIONAL_KEYS):
            message = (
                f"{source}, line {number}: expected 'id: ...', 'title: ...' or 'keywords: ...',"
                f" got {line.strip()!r}"
            )
            raise DocumentError(message)
        if key in fields:
            message = f"{source}, line {number}: {key} is given twice"
            raise DocumentError(message)
        if len(value) >= 2 and value[0] == value[-1] and value[0] in ("'", '"'):
            value = value[1:-1].strip()
        if not value:
            message = f"{source}, line {number}: {key} is empty"
            raise DocumentError(message)
        fields[key] = value
    missing = [k for k in _KEYS if k not in fields]
    if missing:
        message = f"{source}: the front matter lacks {' and '.join(missing)}"
        raise DocumentError(message)
    return fields


def _chunks(body: list[str], *, title: str, source: str, first_line: int) -> tuple[Chunk, ...]:
    """The body's lead and sections, each cut into chunks of about `CHUNK_CHARS`, in order."""
    sections: list[tuple[str, str, list[str]]] = [(title, "", [])]
    seen: dict[str, int] = {}
    fenced = False
    for number, line in enumerate(body, start=first_line):
        if _FENCE.match(line):
            fenced = not fenced
        heading = None if fenced else _SECTION.match(line)
        if heading is None:
            sections[-1][2].append(line)
            continue
        name = heading.group(1)
        anchor = anchor_of(name)
        if not anchor or len(name) > MAX_HEADING_CHARS:
            message = (
                f"{source}, line {number}: a '##' heading needs a name of 1 to {MAX_HEADING_CHARS} characters"
            )
            raise DocumentError(message)
        if anchor in seen:
            message = (
                f"{source}, line {number}: section {name!r} has the anchor {anchor!r} of the section "
                f"on line {seen[anchor]}; citations must tell them apart"
            )
            raise DocumentError(message)
        seen[anchor] = number
        sections.append((name, anchor, []))
    chunks: list[Chunk] = []
    for name, anchor, lines in sections:
        for part in _parts("\n".join(lines)):
            chunks.append(Chunk(len(chunks), name, anchor, part))
    if not chunks:
        message = f"{source}: the document has no text after its front matter"
        raise DocumentError(message)
    return tuple(chunks)


def _parts(text: str) -> list[str]:
    """`text` cut at blank lines into pieces of at most `CHUNK_CHARS` (a longer paragraph stays whole)."""
    parts: list[str] = []
    current = ""
    for paragraph in re.split(r"\n\s*\n", text.strip()):
        if not paragraph.strip():
            continue
        joined = f"{current}\n\n{paragraph}" if current else paragraph
        if current and len(joined) > CHUNK_CHARS:
            parts.append(current)
            current = paragraph
        else:
            current = joined
    if current:
        parts.append(current)
    return parts


def shipped_folder() -> Traversable:
    """The folder of documents shipped in the package (`agent/domain/knowledge_base/`)."""
    return resources.files("agent.domain").joinpath("knowledge_base")


def load_documents(folder: Path | Traversable | None = None) -> list[Document]:
    """Every `*.md` in `folder` (default: the shipped documents), parsed, in file-name order.

    All files are read and parsed before anything is returned, so one bad file refuses the lot.

    Raises:
        DocumentError: If the folder does not exist or holds no `*.md`, a file is not UTF-8, or a
            document is malformed (see `parse_document`).

    """
    root = shipped_folder() if folder is None else folder
    if not root.is_dir():
        message = f"knowledge folder {root} does not exist"
        raise DocumentError(message)
    files = sorted(
        (f for f in root.iterdir() if f.name.endswith(".md") and f.is_file()), key=lambda f: f.name
    )
    if not files:
        message = f"knowledge folder {root} holds no documents (*.md); refusing to empty the knowledge base"
        raise DocumentError(message)
    return [parse_document(_read(f, root), source=f.name) for f in files]


def _read(file: Traversable, root: Path | Traversable) -> str:
    try:
        return file.read_text(encoding="utf-8")
    except UnicodeDecodeError as err:
        message = f"{file.name} in {root}: not UTF-8 text ({err.reason} at byte {err.start})"
        raise DocumentError(message) from None


def school_text() -> str:
    """The school's own shipped prose: the catalog file and every shipped document, as one text.

    Readers use its words as known English ("computer" is a word, not a slip of "compute").
    """
    catalog = resources.files("agent.domain").joinpath("catalog.json").read_text(encoding="utf-8")
    documents = [
        f.read_text(encoding="utf-8") for f in sorted(shipped_folder().iterdir(), key=lambda f: f.name)
    ]
    return "\n".join([catalog, *documents])
