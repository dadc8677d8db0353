"""Which cohort or course a message names, given the catalog's ids."""

from __future__ import annotations

import pytest

from graphs.entities import Mention, find_mention

COURSES = {"rag", "sql-fundamentals", "python-basics"}
COHORTS = {"rag-1", "rag-2", "sql-fundamentals-1", "python-basics-1"}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Enroll me in rag-2", Mention("rag-2", None)),
        ("enroll me in RAG 2 please", Mention("rag-2", None)),
        ("the rag cohort 1", Mention("rag-1", None)),
        ("sign me up for sql-fundamentals-1", Mention("sql-fundamentals-1", None)),
        ("pay for sql-fundamentls-1", Mention("sql-fundamentals-1", None)),  # one typo
        ("I want the python-basics course", Mention(None, "python-basics")),
        ("something about rag", Mention(None, "rag")),
        ("enroll me in rag-9", Mention(None, None)),
        ("enroll me in knitting", Mention(None, None)),
    ],
)
def test_find_mention(text: str, expected: Mention) -> None:
    assert find_mention(text, course_ids=COURSES, cohort_ids=COHORTS) == expected
