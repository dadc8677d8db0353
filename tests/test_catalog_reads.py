"""The catalog's one-statement reads answer exactly as the reads they replace.

`catalog.courses_with_cohorts` (a course with its cohorts, the waitlist counted) must equal
`courses_by_ids` with `cohorts_of`, course by course and cohort by cohort in order, for ids in any
order, repeated or unknown, and a course with no cohort; `known_ids` reads every id of both tables.
"""

from __future__ import annotations

from typing import Any

from agent.domain import catalog, knowledge
from agent.infra.persistence import Resources


def _two_reads(conn: Any, ids: list[str]) -> list[dict[str, Any]]:
    courses = catalog.courses_by_ids(conn, ids)
    cohorts = catalog.cohorts_of(conn, [c["id"] for c in courses])
    return [{**c, "cohorts": [h for h in cohorts if h["course_id"] == c["id"]]} for c in courses]


def test_courses_with_cohorts_equals_the_two_reads(resources: Resources) -> None:
    with resources.pool.connection() as conn:
        every = sorted(r["id"] for r in conn.execute("SELECT id FROM courses").fetchall())
        conn.execute(
            "INSERT INTO courses (id, title, description, level, price_cents, duration_weeks)"
            " VALUES ('no-cohorts', 'Nothing scheduled', 'A course with no cohort yet.', 'beginner', 100, 1)"
        )
        cohort = conn.execute("SELECT id FROM cohorts ORDER BY id LIMIT 1").fetchone()
        assert cohort is not None
        conn.execute(
            "INSERT INTO enrollments (student_id, cohort_id, status) VALUES ('ada', %s, 'WAITLISTED')",
            (cohort["id"],),
        )
        cases = [
            every,
            every[::-1],
            every[:2],
            [every[1], "nope", every[1]],
            ["no-cohorts", every[0]],
            ["nope"],
            [],
        ]
        for ids in cases:
            assert catalog.courses_with_cohorts(conn, ids) == _two_reads(conn, ids), ids
        waitlisted = [
            h["waitlisted"] for c in catalog.courses_with_cohorts(conn, every) for h in c["cohorts"]
        ]
        assert sum(waitlisted) == 1


def test_known_ids_are_every_course_and_cohort(resources: Resources) -> None:
    with resources.pool.connection() as conn:
        courses = {r["id"] for r in conn.execute("SELECT id FROM courses").fetchall()}
        cohorts = {r["id"] for r in conn.execute("SELECT id FROM cohorts").fetchall()}
        assert catalog.known_ids(conn) == (courses, cohorts)
        assert len(courses) > 1 and len(cohorts) > 1


def test_known_ids_at_a_version_read_now_are_those_read_at_it(resources: Resources) -> None:
    school = resources.school
    with resources.pool.connection() as conn:
        before = knowledge.vocabulary_version(conn)
        with knowledge.version_read(before):
            first = school.known_ids()
        course = sorted(first[0])[0]
        conn.execute(
            "INSERT INTO cohorts (id, course_id, starts_on, capacity) VALUES ('new-cohort-1', %s, '2030-01-05', 9)",
            (course,),
        )
        after = knowledge.vocabulary_version(conn)
    assert after != before  # a new cohort is a new version
    assert "new-cohort-1" not in first[1]
    with knowledge.version_read(before):  # kept from the read at that version: no query sees the new cohort
        assert school.known_ids() == first
    with knowledge.version_read(after):
        assert school.known_ids() == (first[0], first[1] | {"new-cohort-1"})
    assert "new-cohort-1" in school.known_ids()[1]  # no version read: read now


def test_names_read_at_a_version_answer_as_the_query_does(resources: Resources) -> None:
    with resources.pool.connection() as conn:
        courses = sorted(r["id"] for r in conn.execute("SELECT id FROM courses").fetchall())
        cohorts = conn.execute("SELECT id, course_id FROM cohorts ORDER BY id DESC").fetchall()
        names = catalog.course_names(conn)
        texts = [
            f"Tell me about {courses[0]}",
            f"{courses[2]} or {courses[1]}, and {courses[0]}?",  # more named than the limit: the first ids
            f"Is {cohorts[0]['id']} full? And {courses[-1]}",
            f"{cohorts[0]['id'].upper()} please",  # ids are matched as the search terms read them
            "What does the Python course cover?",
            "",
        ]
        for text in texts:
            for limit in (1, 3):
                expected = catalog.named_course_ids(conn, text, limit=limit)
                assert catalog.named_among(names, text, limit=limit) == expected, (text, limit)
        assert catalog.named_among(names, texts[1]) == sorted(courses[:3])


def test_named_ids_at_a_version_read_now_send_no_query_and_a_moved_cohort_is_a_new_version(
    resources: Resources,
) -> None:
    school = resources.school
    with resources.pool.connection() as conn:
        cohort = conn.execute("SELECT id, course_id FROM cohorts ORDER BY id LIMIT 1").fetchone()
        other = conn.execute(
            "SELECT id FROM courses WHERE id <> %s ORDER BY id LIMIT 1", (cohort["course_id"],)
        )
        target = other.fetchone()["id"]
        before = knowledge.vocabulary_version(conn)
        text = f"When does {cohort['id']} start?"
        with knowledge.version_read(before):
            assert school.named_ids(text) == [cohort["course_id"]]  # read at the version, then kept
        conn.execute("UPDATE cohorts SET course_id = %s WHERE id = %s", (target, cohort["id"]))
        after = knowledge.vocabulary_version(conn)
    assert after != before  # a cohort moved to another course is a new version
    with knowledge.version_read(before):  # kept from the read at that version: no query sees the move
        assert school.named_ids(text) == [cohort["course_id"]]
    with knowledge.version_read(after):
        assert school.named_ids(text) == [target]
    assert school.named_ids(text) == [target]  # no version read: read now
