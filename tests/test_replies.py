"""The answer's manners: what a student reads, offline and with an answer model.

Offline replies are snapshots (tests/snapshots/reply_*.txt) of whole turns on the seeded catalog
on the fixed test date: one course, two compared, nothing found, an off-topic question that
reached the answer node, a price question, questions about a policy or an action answered from the
knowledge base. With a scripted answer model, a reply that states a
price or a date the catalog rows do not hold is replaced by the rules' reply, and the turn records
why. Update the snapshots after an intended change with `UPDATE_SNAPSHOTS=1` and review the diff.
"""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest
from langchain_core.messages import AIMessage, HumanMessage

from agent.infra.persistence import Resources
from graphs.grounding import unsupported_figures
from graphs.nodes.answer import MODEL_DOWN, answer_messages, offline_reply
from graphs.prompts import ANSWER_SYSTEM
from graphs.state import Context
from tests.support.snapshots import check_snapshot
from tests.support.turns import graph_with


def ask(graph: Any, thread: str, question: str) -> str:
    """The assistant's reply to one student message (the graph itself, without the runtime's checks)."""
    result = graph.invoke(
        {"messages": [HumanMessage(question)]},
        {"configurable": {"thread_id": thread}},
        context=Context(user_id="ada"),
    )
    reply: str = result["messages"][-1].content
    return reply


def turn_record(graph: Any, thread: str) -> dict[str, Any]:
    record: dict[str, Any] = graph.get_state({"configurable": {"thread_id": thread}}).values["turn"]
    return record


def rules_reply(resources: Resources, question: str) -> str:
    """What the offline composer says to `question`: the fallback of a model reply that cannot be shown."""
    return offline_reply(resources.school, question)


def intent(name: str) -> AIMessage:
    return AIMessage(f'{{"intent": "{name}"}}')


# -- offline replies, as snapshots --------------------------------------------------------------
UNDER_500 = ["command-line-git", "prompt-engineering", "python-basics", "sql-fundamentals", "statistics"]
JANUARY = ["python-basics", "sql-fundamentals", "statistics", "data-analysis", "rag", "data-engineering"]
JANUARY += ["mlops", "computer-vision", "nlp", "deep-learning"]
ADVANCED = ["mlops", "computer-vision", "nlp", "llm-agents", "deep-learning"]
CANCEL_HOW = [
    "cancellation#how-to-cancel-an-enrollment",
    "cancellation#cancelling-a-waitlist-place-or-an-unpaid-enrollment",
    "cancellation#before-the-cohort-starts",
]
REFUND_POLICY = [
    "refunds#the-7-day-rule",
    "refunds#cancelling-less-than-7-days-before-the-start",
    "refunds#nothing-paid-nothing-refunded",
]
CERTIFICATE = [
    "certificates#who-gets-a-certificate",
    "certificates#what-the-certificate-shows",
    "certificates#when-you-receive-it",
]
THIS_WEEK = ["command-line-git", "python-basics", "sql-fundamentals", "statistics"]
AFTER_PYTHON_BASICS = ["data-analysis", "web-apis", "rag", "data-engineering"]
"""The courses that list python-basics among their prerequisites, cheapest first."""
FORMAT = [
    "format#online-or-in-person",
    "format#live-sessions-and-recordings",
    "format#weekly-projects-and-mentors",
    "sql-fundamentals",
]
MONEY_BACK = [
    "refunds#the-7-day-rule",
    "refunds#who-approves-a-refund",
    "refunds#how-the-refund-is-paid",
]
OFFLINE = [
    ("reply_one_course.txt", "Tell me about the SQL course", "rules", None, "fts", ["sql-fundamentals"]),
    (
        "reply_comparison.txt",
        "What is the difference between Python Basics and SQL Fundamentals?",
        "rules",
        None,
        "fts",
        ["python-basics", "sql-fundamentals"],
    ),
    ("reply_nothing_found.txt", "Do you have a knitting class?", "no_match", "no course matched", "fts", []),
    ("reply_price.txt", "How much is the RAG course?", "rules", None, "named", ["rag"]),
    # Issue 16's examples: structured questions answered from the tables, replies that answer.
    ("reply_january.txt", "Which courses start in January?", "rules", None, "structured", JANUARY),
    ("reply_under_500.txt", "What can I take for under 500 euros?", "rules", None, "structured", UNDER_500),
    (
        "reply_cheapest.txt",
        "What is your cheapest course?",
        "rules",
        None,
        "structured",
        ["command-line-git"],
    ),
    ("reply_this_week.txt", "Is anything starting this week?", "rules", None, "structured", THIS_WEEK),
    ("reply_beginners.txt", "deep learning for beginners", "rules", None, "fts", ["deep-learning"]),
    (
        "reply_two_cohorts.txt",
        "python-basics-1 or python-basics-2: which starts sooner?",
        "rules",
        None,
        "named",
        ["python-basics"],
    ),
    ("reply_prerequisites.txt", "What do I need before llm-agents?", "rules", None, "named", ["llm-agents"]),
    (
        "reply_after_a_course.txt",
        "What can I take after Python Basics?",
        "rules",
        None,
        "structured (builds on python-basics)",
        AFTER_PYTHON_BASICS,
    ),
    (
        "reply_free_seats.txt",
        "Which advanced cohorts still have seats?",
        "rules",
        None,
        "structured",
        ADVANCED,
    ),
    # Questions about a policy or an action: the knowledge base's best section, cited by document and section.
    ("reply_cancel_how.txt", "How do I cancel an enrollment?", "rules", None, "fts", CANCEL_HOW),
    ("reply_money_back.txt", "can I get my money back?", "rules", None, "fts", MONEY_BACK),
    ("reply_refund_policy.txt", "What is your refund policy?", "rules", None, "fts", REFUND_POLICY),
    ("reply_certificate.txt", "Do I get a certificate?", "rules", None, "fts", CERTIFICATE),
    ("reply_format.txt", "Is the SQL course online or in person?", "rules", None, "fts", FORMAT),
]


@pytest.mark.parametrize(
    ("snapshot", "question", "source", "reason", "retrieval", "retrieved"),
    OFFLINE,
    ids=[case[0] for case in OFFLINE],
)
def test_offline_replies(
    resources: Resources,
    snapshot: str,
    question: str,
    source: str,
    reason: str | None,
    retrieval: str,
    retrieved: list[str],
) -> None:
    graph = graph_with(resources)
    reply = ask(graph, "t", question)
    check_snapshot(snapshot, f"Q: {question}\n\n{reply}\n")
    record = turn_record(graph, "t")
    assert record["route"]["intent"] == "question"
    assert record["answer"] == {
        "source": source,
        "model": None,
        "reason": reason,
        "retrieval": retrieval,
        "retrieved": retrieved,
        "cited": [],
    }
    assert record["calls"] == []


def test_an_off_topic_question_that_reaches_the_answer_lists_no_course(
    resources: Resources, scripted_model: Any
) -> None:
    """A router may read "what's the weather like in Paris?" as a question; one course's description
    mentions weather data, and that is no reason to print it."""
    question = "What's the weather like in Paris?"
    graph = graph_with(resources, router=scripted_model(intent("question")))
    reply = ask(graph, "t", question)
    check_snapshot("reply_off_topic.txt", f"Q: {question}\n\n{reply}\n")
    assert "Cohorts:" not in reply and "€" not in reply
    record = turn_record(graph, "t")
    assert record["answer"] == {
        "source": "no_match",
        "model": None,
        "reason": "only mentioned in a description: weather (data-analysis)",
        "retrieval": "fts",
        "retrieved": ["data-analysis"],
        "cited": ["data-analysis"],
    }


@pytest.mark.parametrize(
    ("question", "reply"),
    [
        (
            "is there a pyhton course for knitting?",
            'I searched our catalog for "pyhton" and "knitting" and found no course about that. '
            "The closest by name is Python Basics (course python-basics): ask about it for details.",
        ),
        (
            "what courses do you offer?",
            "Tell me what to look for in our catalog: a topic such as Python, SQL, machine learning "
            "or RAG, or a course id.",
        ),
    ],
)
def test_nothing_found_says_what_was_searched_and_never_lists_the_catalog(
    resources: Resources, question: str, reply: str
) -> None:
    assert ask(graph_with(resources), "t", question) == reply


def test_a_misspelt_course_name_is_answered_as_that_course_and_the_reply_says_so(
    resources: Resources,
) -> None:
    reply = ask(graph_with(resources), "t", "how much is the stastics course")
    head, _, rest = reply.partition("\n\n")
    assert (
        head
        == "(No course is named quite that way; I read it as Statistics for Data Work (course statistics).)"
    )
    assert rest == rules_reply(resources, "how much is the statistics course")


def test_a_new_subject_that_matches_nothing_is_not_answered_with_the_previous_course(
    resources: Resources,
) -> None:
    graph = graph_with(resources)
    ask(graph, "t", "Tell me about the RAG course")
    # A follow-up that names no subject of its own is about the previous message's course ...
    reply = ask(graph, "t", "and is it for beginners?")
    assert reply.startswith(
        "Retrieval-Augmented Generation (course rag) is intermediate, not a course for beginners. "
        "Prerequisites: python-basics. For a beginner, start with Python Basics (course python-basics)"
    )
    # ... a message with a subject of its own is not.
    reply = ask(graph, "t", "Do you have a knitting class?")
    assert reply.startswith('I searched our catalog for "knitting" and found no course')


@pytest.mark.parametrize(
    ("question", "pair"),
    [
        ("Should I take deep learning or computer vision?", ["deep-learning", "computer-vision"]),
        ("What's the difference between RAG and LLM agents?", ["rag", "llm-agents"]),
        ("rag-2 or llm-agents-1?", ["rag", "llm-agents"]),
        ("Is SQL or Python better for me?", ["sql-fundamentals", "python-basics"]),
    ],
)
def test_a_question_naming_two_courses_compares_them_in_the_order_named(
    resources: Resources, question: str, pair: list[str]
) -> None:
    reply = ask(graph_with(resources), "t", question)
    first, second = resources.school.courses_with_cohorts(pair)
    assert reply.startswith(
        f"{first['title']} (course {first['id']}) and {second['title']} (course {second['id']}) side by side:"
    )


# -- with an answer model: prices and dates are the tables' -------------------------------------
@pytest.mark.parametrize(
    ("reply", "reason"),
    [
        (
            "The RAG course (course rag) costs €850 and starts on 2026-12-21 (cohort rag-1).",
            "stated prices or dates not in the catalog: €850",
        ),
        (
            "Cohort rag-2 (cohort rag-2) starts on 10 January 2027 and costs €900.",
            "stated prices or dates not in the catalog: 10 January 2027",
        ),
        (
            "RAG (course rag) costs $900; its next cohort starts 2026-12-22 (cohort rag-1).",
            "stated prices or dates not in the catalog: $900, 2026-12-22",
        ),
    ],
)
def test_a_model_reply_with_a_price_or_date_not_in_the_catalog_falls_back(
    resources: Resources, scripted_model: Any, reply: str, reason: str
) -> None:
    question = "How much is the RAG course and when does it start?"
    graph = graph_with(resources, answer=scripted_model(AIMessage(reply)))
    assert ask(graph, "t", question) == rules_reply(resources, question)
    record = turn_record(graph, "t")
    assert record["answer"] == {
        "source": "fallback",
        "model": "test:answer",
        "reason": reason,
        "retrieval": "named",
        "retrieved": ["rag"],
        "cited": [],
    }
    assert [c["outcome"] for c in record["calls"]] == ["ungrounded"]


def test_a_model_reply_with_the_catalogs_prices_and_dates_is_shown(
    resources: Resources, scripted_model: Any
) -> None:
    reply = "RAG (course rag) costs €900; cohort rag-2 starts on 15 January 2027 (cohort rag-2)."
    graph = graph_with(resources, answer=scripted_model(AIMessage(reply)))
    assert ask(graph, "t", "How much is rag-2?") == reply
    assert turn_record(graph, "t")["answer"]["source"] == "model"


def test_a_comparison_with_a_model_asks_for_both_side_by_side(
    resources: Resources, scripted_model: Any
) -> None:
    question = "Should I take deep learning or computer vision?"
    reply = (
        "Deep Learning with PyTorch (course deep-learning) costs €1,400 over 10 weeks; Computer Vision "
        "(course computer-vision) costs €1,200 over 8 weeks and needs deep-learning first."
    )
    answer = scripted_model(AIMessage(reply))
    graph = graph_with(resources, answer=answer)
    assert ask(graph, "t", question) == reply
    system, human = answer.calls[0].messages
    assert system.content == ANSWER_SYSTEM
    assert human.content.startswith("<catalog>\nDeep Learning with PyTorch (course deep-learning)")
    assert human.content.endswith(
        f"Student question: {question}\n\nThe question names two courses: compare deep-learning and "
        "computer-vision side by side (price, level, duration, prerequisites, and the next cohorts' "
        "dates and free seats)."
    )
    record = turn_record(graph, "t")["answer"]
    assert (record["source"], record["cited"]) == ("model", ["deep-learning", "computer-vision"])


def test_a_comparison_whose_model_adds_up_prices_falls_back_to_the_table(
    resources: Resources, scripted_model: Any
) -> None:
    question = "What's the difference between RAG and LLM agents?"
    reply = "Both together (course rag, course llm-agents) cost €2,200, €900 and €1,300 apart."
    graph = graph_with(resources, answer=scripted_model(AIMessage(reply)))
    fallback = ask(graph, "t", question)
    assert fallback == rules_reply(resources, question)
    assert fallback.startswith("Retrieval-Augmented Generation (course rag) and Building LLM Agents")
    assert turn_record(graph, "t")["answer"]["reason"] == "stated prices or dates not in the catalog: €2,200"


def test_a_comparison_whose_model_is_down_gives_the_table(resources: Resources, scripted_model: Any) -> None:
    question = "Should I take deep learning or computer vision?"
    graph = graph_with(resources, answer=scripted_model(TimeoutError("read timed out")))
    assert ask(graph, "t", question) == f"{MODEL_DOWN}\n\n{rules_reply(resources, question)}"


def test_an_off_topic_question_asks_no_answer_model(resources: Resources, scripted_model: Any) -> None:
    graph = graph_with(resources, router=scripted_model(intent("question")), answer=scripted_model())
    question = "What's the weather like in Paris?"
    assert ask(graph, "t", question) == rules_reply(resources, question)
    assert [c["role"] for c in turn_record(graph, "t")["calls"]] == ["router"]


def test_the_comparison_prompt(resources: Resources) -> None:
    courses = resources.school.courses_with_cohorts(["python-basics", "sql-fundamentals"])
    messages = answer_messages("Python Basics or SQL Fundamentals?", courses, compare=True)
    check_snapshot(
        "answer_compare.txt", "\n\n".join(f"=== {m.type} ===\n{m.content}" for m in messages) + "\n"
    )


# -- the figures check, on text -----------------------------------------------------------------
COURSES = [
    {"price_cents": 90000, "cohorts": [{"starts_on": date(2026, 12, 21)}, {"starts_on": date(2027, 1, 15)}]},
    {"price_cents": 0, "cohorts": []},
]


@pytest.mark.parametrize(
    ("reply", "unsupported"),
    [
        ("It costs €900 and starts on 2026-12-21.", []),
        ("€900, 900 €, 900 euros, EUR 900.00, €0 for the free one", []),
        ("It starts 15 January 2027, Jan 15, January 15th, 2027, 21/12/2026 or 12/21/2026.", []),
        ("It starts in December; another cohort in January 2027.", []),
        ("cohort rag-2 (6 weeks, 25 of 25 seats) in 2027", []),
        ("€850", ["€850"]),
        ("€1,800 for both", ["€1,800"]),
        ("$900 or £900", ["$900", "£900"]),
        ("€900.50", ["€900.50"]),
        ("It starts on 2026-12-22, or the 3rd of March.", ["2026-12-22", "3rd of March"]),
        ("Starts January 10, 2027, ends March 2027.", ["January 10, 2027", "March 2027"]),
        ("Feb 30, 2027", ["Feb 30, 2027"]),
    ],
)
def test_unsupported_figures(reply: str, unsupported: list[str]) -> None:
    assert unsupported_figures(reply, COURSES) == unsupported


@pytest.mark.parametrize("question", ["Which courses are free?", "free courses"])
def test_free_courses_are_answered_from_the_tables(resources: Resources, question: str) -> None:
    """A free course is one priced 0 (command-line-git), whatever its description says."""
    graph = graph_with(resources)
    reply = ask(graph, "t", question)
    assert reply.startswith(
        "Courses that are free:\n- Command Line and Git Essentials (course command-line-git): €0, beginner"
    )
    record = turn_record(graph, "t")
    assert record["route"]["intent"] == "question"
    assert (record["answer"]["retrieval"], record["answer"]["retrieved"]) == (
        "structured",
        ["command-line-git"],
    )


def test_cohorts_after_my_current_course_start_after_the_students_enrollment_ends(
    resources: Resources,
) -> None:
    """rag-1 starts 2026-12-21 and lasts 6 weeks, so it ends 2027-02-01: what starts after that."""
    resources.school.enroll("k1", student_id="ada", cohort_id="rag-1")
    reply = ask(graph_with(resources), "t", "Which cohorts start after my current course ends?")
    head, *listed = reply.split("\n")
    assert head == (
        "Courses with a cohort starting after 2027-02-01 "
        "(your Retrieval-Augmented Generation, cohort rag-1, ends then):"
    )
    starts = [line.split(" starts ")[1][:10] for line in listed if " starts " in line]
    assert starts and all(s > "2027-02-01" for s in starts)
    assert "rag-2" not in reply and "python-basics-3 starts 2027-02-05" in reply


def test_cohorts_after_my_current_course_without_an_enrollment_says_so(resources: Resources) -> None:
    reply = ask(graph_with(resources), "t", "Which cohorts start after my current course ends?")
    assert reply.startswith("You have no current enrollment, so there is no end date to start after.")


@pytest.mark.parametrize(
    ("question", "head", "listed"),
    [
        (
            "Which courses can I do once I finish SQL Fundamentals?",
            "Courses that build on SQL Fundamentals (course sql-fundamentals):",
            ["data-engineering"],
        ),
        (
            "Which intermediate courses can I take after python basics for under 600 euros?",
            "Intermediate courses that build on Python Basics (course python-basics) costing at most €600:",
            ["data-analysis", "web-apis"],
        ),
        (
            "What's next after deep learning?",
            "Courses that build on Deep Learning with PyTorch (course deep-learning):",
            ["computer-vision", "nlp"],
        ),
    ],
)
def test_the_courses_after_one_are_those_that_list_it_among_their_prerequisites(
    resources: Resources, question: str, head: str, listed: list[str]
) -> None:
    graph = graph_with(resources)
    reply = ask(graph, "t", question)
    assert reply.split("\n")[0] == head
    assert [
        line.split("(course ")[1].split(")")[0] for line in reply.split("\n")[1:] if line.startswith("- ")
    ] == listed
    assert turn_record(graph, "t")["answer"]["retrieved"] == listed


def test_no_course_after_the_last_one_says_so(resources: Resources) -> None:
    reply = ask(graph_with(resources), "t", "What can I take after MLOps?")
    assert reply == (
        "No course in our catalog lists MLOps: Models in Production (course mlops) among its prerequisites."
        "\n\nSources: mlops."
    )


def test_a_question_about_one_course_after_another_is_about_that_course(resources: Resources) -> None:
    """Two courses named: "Can I take RAG after Python Basics?" asks about RAG's prerequisites."""
    graph = graph_with(resources)
    reply = ask(graph, "t", "Can I take RAG after Python Basics?")
    assert reply.startswith("Retrieval-Augmented Generation (course rag): intermediate, 6 weeks, €900.")
    assert "Prerequisites: python-basics." in reply
    assert turn_record(graph, "t")["answer"]["retrieved"] == ["rag"]


# -- with an answer model: the knowledge base's sections go in as data, and only those may be cited --
def test_a_policy_question_gives_the_model_the_sections_and_shows_a_reply_citing_one(
    resources: Resources, scripted_model: Any
) -> None:
    question = "What is your refund policy?"
    reply = "Cancel 7 or more days before the start and you get a full refund [refunds#the-7-day-rule]."
    answer = scripted_model(AIMessage(reply))
    graph = graph_with(resources, answer=answer)
    assert ask(graph, "t", question) == reply
    human = answer.calls[0].messages[1].content
    assert "<documents>\n[refunds#the-7-day-rule] Refund policy: The 7-day rule\n" in human
    assert human.endswith(f"</documents>\n\nStudent question: {question}")
    record = turn_record(graph, "t")["answer"]
    assert (record["source"], record["cited"]) == ("model", ["refunds#the-7-day-rule"])


def test_a_model_reply_citing_a_section_it_was_not_given_falls_back(
    resources: Resources, scripted_model: Any
) -> None:
    question = "What is your refund policy?"
    reply = "Refunds are paid within 30 days [refunds#how-refunds-are-fast]."
    graph = graph_with(resources, answer=scripted_model(AIMessage(reply)))
    assert ask(graph, "t", question) == rules_reply(resources, question)
    record = turn_record(graph, "t")["answer"]
    assert (record["source"], record["reason"]) == (
        "fallback",
        "cited sections it was not given: refunds#how-refunds-are-fast",
    )


@pytest.mark.parametrize(
    ("question", "head"),
    [
        # Words of no language the router knows: no search; what the assistant can do.
        ("Kann ich mein Geld zurückbekommen?", "I'm the school's assistant. I can answer questions"),
        ("¿Puedo obtener un reembolso?", "I'm the school's assistant. I can answer questions"),
        # SQL is an instruction to the system, not a cancellation ("drop").
        (
            "'; DROP TABLE courses; --",
            "I can only make changes you ask for yourself, to your own enrollments.",
        ),
        # A page pasted into a question: its first words are searched, a few of them repeated.
        (
            "Do you have a course about " + " ".join(f"zq{i:03d}x" for i in range(600)),
            'I searched our catalog for "zq000x", "zq001x", "zq002x", "zq003x", "zq004x", "zq005x", "zq006x",'
            ' "zq007x" and 560 more words and found no course about that.',
        ),
    ],
)
def test_a_question_in_another_language_sql_or_a_pasted_page_gets_a_clear_reply_and_changes_nothing(
    resources: Resources, question: str, head: str
) -> None:
    reply = ask(graph_with(resources), "t", question[:4000])

    assert reply.startswith(head)
    assert "Traceback" not in reply and len(reply) < 600
    with resources.pool.connection() as conn:
        row = conn.execute("SELECT count(*) AS n FROM courses").fetchone()
    assert row is not None and row["n"] == len(resources.school.known_ids()[0])
