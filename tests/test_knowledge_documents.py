"""The knowledge documents without a database: their format, and every fact in them against the code.

Each number in a shipped document is tied to where the school keeps it: a rule's constant, a
setting's default, the catalog, the assistant's notes (memories/AGENTS.md), or, for the few facts
no code holds (the certificate's attendance, the live sessions' length), the list below that says
so. A number nobody tied fails `test_every_number_in_a_document_is_tied_to_its_source`. Statements
of who approves what are checked against the approval policy's table.
"""

from __future__ import annotations

import re
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import pytest

from agent.config.settings import Settings
from agent.domain import policy, rules
from agent.domain.catalog import load_seed
from agent.domain.documents import (
    CHUNK_CHARS,
    Chunk,
    Document,
    DocumentError,
    anchor_of,
    citation,
    content_hash,
    load_documents,
    parse_document,
)
from tests.support.school import ROOT

SHIPPED = {d.id: d for d in load_documents()}
SEED = load_seed()
COURSES = {c["id"]: c for c in SEED["courses"]}
AGENTS_MD = (ROOT / "memories" / "AGENTS.md").read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def defaults() -> Settings:
    """The settings an unconfigured deployment runs with (the environment's school variables unset)."""
    with pytest.MonkeyPatch.context() as mp:
        for name in ("SCHOOL_HOLD_HOURS", "SCHOOL_REMIND_HOURS", "SCHOOL_OPERATOR_REFUNDS_ABOVE_EUR"):
            mp.delenv(name, raising=False)
        return Settings.from_env()


def section(cite: str) -> str:
    """The text of the section cited as `cite`, its parts joined."""
    doc_id, _, anchor = cite.partition("#")
    parts = [c.text for c in SHIPPED[doc_id].chunks if c.anchor == anchor]
    assert parts, f"no section {cite}"
    return "\n\n".join(parts)


def full_text(doc: Document) -> str:
    return "\n".join(f"## {c.section}\n{c.text}" if c.anchor else c.text for c in doc.chunks)


# -- the format ---------------------------------------------------------------------------------
DOC = """---
id: refunds
title: Refunds
---
The lead.

## The 7-day rule

Cancel 7 days before.

## Who approves `a` refund?

Staff.
"""


def test_a_document_is_cut_into_its_lead_and_sections_each_cited_by_its_anchor() -> None:
    doc = parse_document(DOC, source="refunds.md")

    assert (doc.id, doc.title, doc.source, doc.content_hash) == (
        "refunds",
        "Refunds",
        "refunds.md",
        content_hash(DOC),
    )
    assert doc.chunks == (
        Chunk(0, "Refunds", "", "The lead."),
        Chunk(1, "The 7-day rule", "the-7-day-rule", "Cancel 7 days before."),
        Chunk(2, "Who approves `a` refund?", "who-approves-a-refund", "Staff."),
    )
    assert [citation(doc.id, c.anchor) for c in doc.chunks] == [
        "refunds",
        "refunds#the-7-day-rule",
        "refunds#who-approves-a-refund",
    ]


def test_a_long_section_is_cut_at_paragraphs_under_one_heading_and_a_fenced_heading_is_text() -> None:
    paragraph = "word " * (CHUNK_CHARS // 15)  # three of them are longer than a chunk, two are not
    body = "\n\n".join([paragraph.strip()] * 4)
    text = f"---\nid: long\ntitle: Long\n---\n## Part\n\n{body}\n\n```\n## not a heading\n```\n"

    doc = parse_document(text, source="long.md")

    two = f"{paragraph.strip()}\n\n{paragraph.strip()}"
    assert doc.chunks == (
        Chunk(0, "Part", "part", two),
        Chunk(1, "Part", "part", f"{two}\n\n```\n## not a heading\n```"),
    )


def test_keywords_are_read_lowercase_in_order_once_each_and_too_many_are_refused() -> None:
    text = DOC.replace(
        "title: Refunds\n", "title: Refunds\nkeywords: Money back, reimburse,, money back, REPAY\n"
    )

    assert parse_document(text, source="refunds.md").keywords == ("money back", "reimburse", "repay")
    assert parse_document(DOC, source="refunds.md").keywords == ()
    many = ", ".join(f"word{i}" for i in range(51))
    with pytest.raises(
        DocumentError, match=r"refunds\.md: 51 keywords, more than the 50 a document may have"
    ):
        parse_document(
            DOC.replace("title: Refunds\n", f"title: Refunds\nkeywords: {many}\n"), source="refunds.md"
        )


def test_every_shipped_document_names_its_subject_in_keywords() -> None:
    # Titles are not subjects: the first keyword is the word the document is about.
    assert {doc.id: doc.keywords[0] for doc in SHIPPED.values()} == {
        "accessibility": "accessibility",
        "cancellation": "cancel",
        "certificates": "certificate",
        "contact": "contact",
        "format": "format",
        "payments": "pay",
        "prerequisites": "prerequisite",
        "refunds": "refund",
        "transfers": "transfer",
        "waitlists": "waitlist",
    }


def test_the_hash_changes_with_the_text_and_only_with_it() -> None:
    assert content_hash(DOC) == content_hash(DOC)
    assert content_hash(DOC) != content_hash(DOC.replace("Staff.", "Staff!"))


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        pytest.param(
            "id: refunds\ntitle: R\n---\nx", "refunds.md: must start with a '---' line", id="no-opening"
        ),
        pytest.param(
            "---\nid: refunds\ntitle: R\nx", "refunds.md: the front matter has no closing", id="no-closing"
        ),
        pytest.param("---\nid: refunds\n---\nx", "refunds.md: the front matter lacks title", id="no-title"),
        pytest.param("---\ntitle: R\n---\nx", "refunds.md: the front matter lacks id", id="no-id"),
        pytest.param(
            "---\nid: refunds\ntitle:\n---\nx", "refunds.md, line 3: title is empty", id="empty-title"
        ),
        pytest.param(
            "---\nid: refunds\ntitle: R\ntitle: S\n---\nx",
            "refunds.md, line 4: title is given twice",
            id="twice",
        ),
        pytest.param(
            "---\nid: refunds\ntitel: R\n---\nx",
            "refunds.md, line 3: expected 'id: ...', 'title: ...' or 'keywords: ...'",
            id="typo",
        ),
        pytest.param(
            "---\nid: refunds\n  - R\n---\nx",
            "refunds.md, line 3: expected 'id: ...', 'title: ...' or 'keywords: ...'",
            id="yaml",
        ),
        pytest.param(
            "---\nid: payments\ntitle: R\n---\nx",
            "refunds.md: id 'payments' must equal the file's name",
            id="id",
        ),
        pytest.param(
            "---\nid: refunds\ntitle: R\n---\n\n  \n", "refunds.md: the document has no text", id="empty"
        ),
        pytest.param(
            "---\nid: refunds\ntitle: R\n---\n## A b\nx\n## a-b\ny",
            "refunds.md, line 7: section 'a-b'",
            id="anchors",
        ),
        pytest.param(
            "---\nid: refunds\ntitle: R\n---\n## ?!\nx", "refunds.md, line 5: a '##' heading", id="heading"
        ),
    ],
)
def test_a_malformed_document_is_refused_with_its_file_and_reason(text: str, reason: str) -> None:
    with pytest.raises(DocumentError) as refused:
        parse_document(text, source="refunds.md")

    assert str(refused.value).startswith(reason), str(refused.value)


def test_an_enormous_document_is_refused() -> None:
    with pytest.raises(DocumentError, match=r"^huge\.md: 200,001 characters, more than the 200,000"):
        parse_document("---\nid: huge\ntitle: H\n---\n" + "x" * (200_001 - 26), source="huge.md")


def test_a_folder_is_read_whole_one_bad_file_refuses_it(tmp_path: Path) -> None:
    (tmp_path / "a.md").write_text("---\nid: a\ntitle: A\n---\nfine\n")
    (tmp_path / "b.md").write_bytes(b"---\nid: b\ntitle: B\n---\n\xff\n")
    (tmp_path / "notes.txt").write_text("not a document")

    with pytest.raises(DocumentError, match=r"^b\.md in .*: not UTF-8 text"):
        load_documents(tmp_path)
    (tmp_path / "b.md").unlink()
    assert [d.id for d in load_documents(tmp_path)] == ["a"]


def test_a_missing_or_empty_folder_is_refused_rather_than_emptying_the_knowledge_base(tmp_path: Path) -> None:
    with pytest.raises(DocumentError, match="does not exist"):
        load_documents(tmp_path / "nowhere")
    with pytest.raises(DocumentError, match=r"holds no documents \(\*\.md\); refusing to empty"):
        load_documents(tmp_path)


@pytest.mark.parametrize(
    ("heading", "anchor"),
    [
        ("The 7-day rule", "the-7-day-rule"),
        ("Online or in person?", "online-or-in-person"),
        ("A  --  b", "a-b"),
    ],
)
def test_anchors_are_the_headings_in_lowercase_joined_by_hyphens(heading: str, anchor: str) -> None:
    assert anchor_of(heading) == anchor


# -- the shipped documents ----------------------------------------------------------------------
def test_the_shipped_documents_cover_what_students_ask_about() -> None:
    assert sorted(SHIPPED) == [
        "accessibility",
        "cancellation",
        "certificates",
        "contact",
        "format",
        "payments",
        "prerequisites",
        "refunds",
        "transfers",
        "waitlists",
    ]
    assert all(len(d.chunks) >= 3 for d in SHIPPED.values())


def test_every_backticked_name_in_a_document_is_a_document_or_a_course() -> None:
    named = {(d.id, name) for d in SHIPPED.values() for name in re.findall(r"`([^`]+)`", full_text(d))}

    unknown = {(doc, name) for doc, name in named if name not in SHIPPED and name not in COURSES}
    assert unknown == set()


NUMBER = re.compile(r"(?<![A-Za-z]-)(?<![\w:.])\d+(?::\d{2})?%?")
"""A number as a student reads it (`7`, `18:30`, `80%`), not the digits of a cohort id (`rag-2`)."""
SPELLED = re.compile(
    r"\b(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty)\s+"
    r"(minutes?|hours?|days?|business days?|weeks?|months?|students?|seats?|sessions?|percent)\b",
    re.IGNORECASE,
)


def _support_hours() -> tuple[str, str]:
    found = re.search(r"Support hours: Monday to Friday, (\d{2}:\d{2})–(\d{2}:\d{2})", AGENTS_MD)
    assert found, "memories/AGENTS.md no longer states the support hours"
    return found.group(1), found.group(2)


def _reply_days() -> str:
    assert "handed-off cases within one business day" in AGENTS_MD
    return "1"


def ties(defaults: Settings) -> list[tuple[str, str, tuple[Any, ...], str]]:
    """(document, pattern, the values its groups must read, where the values are kept)."""
    days = str(rules.FULL_REFUND_DAYS)
    hold, remind = str(defaults.hold_hours), str(defaults.remind_hours)
    weeks = sorted(c["duration_weeks"] for c in SEED["courses"])
    seats = max(h["capacity"] for h in SEED["cohorts"])
    return [
        ("refunds", r"(?i)the (\d+)-day rule", (days,), "rules.FULL_REFUND_DAYS"),
        ("refunds", r"(\d+) or more days\s+before", (days,), "rules.FULL_REFUND_DAYS"),
        ("refunds", r"on the (\d+)th day before", (days,), "rules.FULL_REFUND_DAYS"),
        ("refunds", r"less than (\d+) days before", (days,), "rules.FULL_REFUND_DAYS"),
        ("cancellation", r"(\d+) or more days\s+before", (days,), "rules.FULL_REFUND_DAYS"),
        ("payments", r"lasts (\d+) hours", (hold,), "SCHOOL_HOLD_HOURS's default"),
        ("waitlists", r"held for you for (\d+) hours", (hold,), "SCHOOL_HOLD_HOURS's default"),
        ("payments", r"(\d+) hours before your hold runs out", (remind,), "SCHOOL_REMIND_HOURS's default"),
        ("format", r"between (\d+) and (\d+) weeks", (str(weeks[0]), str(weeks[-1])), "catalog durations"),
        ("format", r"at most (\d+) students", (str(seats),), "catalog capacities"),
        ("contact", r"from (\d{2}:\d{2}) to (\d{2}:\d{2})", _support_hours(), "memories/AGENTS.md"),
        ("contact", r"within (\d+) business day", (_reply_days(),), "memories/AGENTS.md"),
        ("refunds", r"within (\d+) business day", (_reply_days(),), "memories/AGENTS.md"),
        # School facts that no code or data holds: stated in the documents only.
        ("certificates", r"at least (\d+%) of the live sessions", ("80%",), "the documents only"),
        ("certificates", r"within (\d+) days after your cohort ends", ("14",), "the documents only"),
        ("format", r"(\d+) live sessions of (\d+) minutes", ("2", "90"), "the documents only"),
        ("format", r"evenings at (\d{2}:\d{2}) Berlin time", ("18:30",), "the documents only"),
        ("format", r"about (\d+) to (\d+) hours a week", ("6", "10"), "the documents only"),
    ]


def test_every_number_in_a_document_is_tied_to_its_source(defaults: Settings) -> None:
    covered: dict[str, set[int]] = {doc_id: set() for doc_id in SHIPPED}
    wrong = []
    for doc_id, pattern, expected, source in ties(defaults):
        text = full_text(SHIPPED[doc_id])
        matches = list(re.finditer(pattern, text))
        assert matches, f"{doc_id}: {pattern!r} is no longer in the text; update the tie to {source}"
        for found in matches:
            if found.groups() != expected:
                wrong.append(f"{doc_id}: {found.group(0)!r} says {found.groups()}, {source} says {expected}")
            covered[doc_id] |= {found.start(g + 1) for g in range(len(expected))}

    untied = [
        f"{doc_id}: {number.group()!r} in …{full_text(SHIPPED[doc_id])[number.start() - 30 : number.end() + 10]!r}"
        for doc_id in SHIPPED
        for number in NUMBER.finditer(full_text(SHIPPED[doc_id]))
        if number.start() not in covered[doc_id]
    ]
    assert wrong == []
    assert untied == [], "tie each number to where the school keeps it (ties() above)"


def test_numbers_are_written_in_digits_so_that_none_escapes_its_tie() -> None:
    spelled = [(d.id, m.group()) for d in SHIPPED.values() for m in SPELLED.finditer(full_text(d))]
    assert spelled == []


def test_the_7_day_rule_as_written_is_the_rule_the_code_applies() -> None:
    # "Cancelling on the 7th day before the start still gets the full refund"; less is nothing,
    # and the first day counts as started.
    assert "cancelling on the 7th day before\nthe start still gets the full refund" in section(
        "refunds#the-7-day-rule"
    )
    today = date(2026, 12, 1)
    start = today + timedelta(days=rules.FULL_REFUND_DAYS)
    assert rules.refund_cents(status="CONFIRMED", paid_cents=900, starts_on=start, today=today) == 900
    late = start - timedelta(days=1)
    assert rules.refund_cents(status="CONFIRMED", paid_cents=900, starts_on=late, today=today) == 0
    assert rules.has_started(today, today)
    for unpaid in ("PENDING_PAYMENT", "WAITLISTED"):
        assert rules.refund_cents(status=unpaid, paid_cents=0, starts_on=start, today=today) == 0


def _approvers(
    action: str, result: dict[str, Any], limits: policy.Limits, *, by: str = "ada"
) -> tuple[str, ...]:
    found = policy.Circumstances(action, result, student_id="ada", requested_by=by)
    return policy.rule_for(found, limits).approvers


def test_who_approves_what_is_written_as_the_policy_table_decides(defaults: Settings) -> None:
    limits = policy.Limits(operator_refunds_above_cents=defaults.operator_refunds_above_cents)
    statements = [
        (
            "refunds#who-approves-a-refund",
            "Every cancellation that pays out a refund is then approved by a\nmember of our staff",
            _approvers("cancel", {"refund_cents": 1}, limits),
            ("student", "operator"),
        ),
        (
            "cancellation#how-to-cancel-an-enrollment",
            "When a refund is due, our staff approve it after you",
            _approvers("cancel", {"refund_cents": 1}, limits),
            ("student", "operator"),
        ),
        (
            "refunds#who-approves-a-refund",
            "A cancellation that refunds nothing needs only your own confirmation",
            _approvers("cancel", {"refund_cents": 0}, limits),
            ("student",),
        ),
        (
            "cancellation#after-the-cohort-has-started",
            "Your confirmation is\nall it takes",
            _approvers("cancel", {"refund_cents": 0, "cohort_started": True}, limits),
            ("student",),
        ),
        (
            "transfers#who-approves-a-transfer",
            "Before your current cohort starts, a transfer needs only your confirmation",
            _approvers("transfer", {"from_started": False}, limits),
            ("student",),
        ),
        (
            "transfers#who-approves-a-transfer",
            "Once it has started, a\nmember of our staff approves the transfer after you",
            _approvers("transfer", {"from_started": True}, limits),
            ("student", "operator"),
        ),
        (
            "payments#who-confirms-a-payment",
            "You confirm what you pay for yourself",
            _approvers("pay", {}, limits),
            ("student",),
        ),
        (
            "payments#who-confirms-a-payment",
            "on another student's request; such requests go to our staff",
            _approvers("enroll", {}, limits, by="bob"),
            ("operator",),
        ),
    ]
    for cite, words, decided, written in statements:
        assert words in section(cite), f"{cite} no longer says {words!r}"
        assert decided == written, f"{cite} says {written}, the policy decides {decided}"


def test_what_the_documents_say_of_courses_is_what_the_catalog_holds() -> None:
    assert "A free course, such as `command-line-git`" in section("payments#free-courses")
    assert COURSES["command-line-git"]["price_cents"] == 0
    assert "start with `python-basics`, or with the free `command-line-git`" in section(
        "prerequisites#where-beginners-start"
    )
    for first in ("python-basics", "command-line-git"):
        assert (COURSES[first]["level"], COURSES[first]["prerequisites"]) == ("beginner", [])
    assert "`data-analysis` builds on `python-basics` and\n`statistics`" in section(
        "prerequisites#prerequisites-of-a-course"
    )
    assert COURSES["data-analysis"]["prerequisites"] == ["python-basics", "statistics"]
    assert {c["level"] for c in COURSES.values()} == {"beginner", "intermediate", "advanced"}
