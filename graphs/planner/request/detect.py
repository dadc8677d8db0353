"""Whether a message asks for a new program, and whether it refers to the program already presented.

The router's classifier and the program queue both use these, so that the message the classifier
sends on as an enrollment is the one the queue reads as enrolling in the presented program.
"""

from __future__ import annotations

import re

from graphs.fuzzy import corrected, phrase_list
from graphs.planner.request.counts import course_count
from graphs.planner.request.money import budget_cents
from graphs.planner.request.window import names_a_date

_THE_PROGRAM = re.compile(r"\b(program+e?|plan|path|all of (them|those)|these courses|those courses)\b")
_ENROLL_VERB = re.compile(r"\b(enrol+|sign me up|register|book)\b")

_PROGRAM_PHRASES = phrase_list(
    "learning path, roadmap, road map, curriculum, what should i take, career path, career change"
)
_PROGRAM_PHRASE = re.compile(rf"\b(?:{'|'.join(_PROGRAM_PHRASES)})\b")
"""A planning phrase as words: "a career change" asks, "a career changer" is a person."""
_SEVERAL_IN_ORDER = re.compile(
    r"\b(?:which|what) (?:order|sequence)\b"
    r"|\b(?:order|sequence|series|set|combination|bundle) of (?:\w+ )?courses\b|\bcourses,? in (?:\w+ )?order\b"
    r"|\bcourse by course\b"
    r"|^(?=.*\b(?:courses|classes|modules|study)\b).*\b(?:step[ -]by[ -]step|in (?:sequence|order)(?! to\b| of\b)"
    r"|one after (?:another|the other)|ordered|order in which|lead(?:s|ing)?(?: up)? to)\b"
)
"""Courses together or in an order: "in what sequence", "which combination of your courses", "an
order of courses that ends with rag", "the track, course by course, to nlp"; courses (or a course of
study) in order or leading to a goal: "the courses that lead up to rag", "a course of study, step by
step, toward mlops", "an ordered list of courses", "the courses I need before nlp, in order" (tried
from the start only: the text is one line of words, and from anywhere else it took time squared)."""
_COURSES_I_NEED = re.compile(
    r"\b(?:which|what|the) courses (?:(?:do|should|would|must|could) i (?:need|take|do|follow)|"
    r"i (?:need|should|must|have to))\b(?!(?: \w+){0,3} (?:b\w{0,3}fore?|prior)\b)"
)
"""Asking which courses one needs or should take: "what courses should I take", "the courses I need to
reach mlops"; "which courses I need before rag", "which courses I should have finished before it"
ask for prerequisites."""
_PROGRAM_WORD = re.compile(
    r"\b(?:program+e?|roadmap|curriculum|path|route|(?<!ment )(?:(?<!\bi )(?<!you )(?<!\bwe )plan|plan(?! to\b)))\b"
    r"(?! (?:(?:my|our) \w+ )?around\b| ahead\b)"
)
_GOAL = re.compile(r"\b(?:to|towards?)\b|\bfrom (?:scratch|zero)\b")
"""A program or plan asked for, and where it goes ("path to AI engineer"); "do you plan to" asks none,
nor does planning one's own days ("need to plan my gigs around it", "I like to plan ahead")."""
_PLANNING_VERBS = re.compile(
    r"\b(?:put\s+together|plan|build|make|design|create|suggest|recommend|propose|"
    r"draw\s+up|set\s+up|combine|assemble)\b",
)
CAREER_MOVE = (
    r"becom\w*|be\s+an?|mov\w+\s+into|get\w*\s+into|switch\w*\s+(?:to|into)|transition\w*\s+(?:to|into)|"
    r"break\w*\s+into|career\s+(?:in|as)|work\s+as"
)
"""A move into a role or field ("become", "move into", "career in"): a regex alternation."""
_CAREER = re.compile(
    rf"\b(?:{CAREER_MOVE}|chang\w*\s+careers?\s+(?:to|into)|from\s+\w+\s+to|end\s+up\s+(?:as|in\s+an?))\b",
)
_ROLE = re.compile(
    r"\b(?:engineer|scientist|developer|analyst|architect|specialist|expert|researcher|"
    r"engineering|science|analytics|development)s?\b",
)
_VOCABULARY = phrase_list(
    "program, programme, roadmap, curriculum, course, courses, learning, together, become, engineer, "
    "scientist, developer, analyst, career, studies"
)
"""The planning words whose typos are corrected before matching ("programm", "curiculum")."""


def names_the_program(text: str) -> bool:
    """Whether a message refers to a program as a whole: "the program", "the plan", "all of them"."""
    return bool(_THE_PROGRAM.search(text.lower()))


def enrolls_in_the_program(text: str) -> bool:
    """Whether a message asks to enroll in a program it refers to: "enroll me in the program"."""
    lower = text.lower()
    verb = _ENROLL_VERB.search(lower)
    return bool(verb and _THE_PROGRAM.search(lower, verb.end()))


def is_program_request(text: str) -> bool:
    """Whether a message asks for a program of several courses rather than about one course.

    True for a planning phrase ("learning path", "roadmap", "which courses should I take"), for a
    number of courses of two or more ("three courses for ..."), for a career move ("become a data
    engineer", "move into ML engineering"), and for "program" or a planning verb with courses, a
    goal, a budget or a start date ("put together a program", "a program for data analysis within
    €1500"). "Is there a program for beginners?" is a question about the catalog, not a request.
    Actions on a pending proposal are the router's business, not this function's.
    """
    flat = " ".join(corrected(text, _VOCABULARY, cutoff=0.85, min_length=6))
    if _PROGRAM_PHRASE.search(flat) or _COURSES_I_NEED.search(flat) or _SEVERAL_IN_ORDER.search(flat):
        return True
    if (course_count(text) or 0) >= 2 or (_CAREER.search(flat) and _ROLE.search(flat)):
        return True
    words = set(flat.split())
    courses = bool(words & {"courses", "classes", "modules"})
    constrained = "goal" in words or budget_cents(text) is not None or names_a_date(text)
    planning = bool(_PLANNING_VERBS.search(flat))
    if program := _PROGRAM_WORD.search(flat):
        return planning or courses or constrained or bool(_GOAL.search(flat, program.end()))
    return planning and courses and constrained
