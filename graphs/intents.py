"""The deterministic intent classifier behind the router node: no network, tolerant of typos.

Words are matched against small lexicons, each word also by edit similarity so that "enrol",
"enroll" and "enrolll" agree. Confirm and decline exist only while an action is pending: that
rule is here, in code, and no model can override it.
"""

from __future__ import annotations

import re
from difflib import SequenceMatcher
from functools import lru_cache
from typing import Literal, get_args

Intent = Literal[
    "question", "enroll", "waitlist", "pay", "cancel", "confirm", "decline", "handoff", "other"
]
INTENTS: tuple[str, ...] = get_args(Intent)

_WORD = re.compile(r"[a-z0-9']+")

_CONFIRM = {"yes", "yep", "yeah", "yup", "sure", "ok", "okay", "confirm", "confirmed", "approve",
            "proceed", "correct", "absolutely", "definitely", "please", "affirmative", "ja", "si"}
_CONFIRM_PHRASES = ("go ahead", "do it", "sounds good", "that's right", "that is right",
                    "let's do it", "lets do it", "go for it", "of course")
_DECLINE = {"no", "nope", "nah", "don't", "dont", "stop", "decline", "abort", "never", "not",
            "wait", "hold"}
_DECLINE_PHRASES = ("never mind", "nevermind", "changed my mind", "cancel that", "cancel it",
                    "forget it", "not now", "don't do", "do not")
_HANDOFF = {"refund", "refunds", "complaint", "complain", "complaining", "unhappy", "disappointed",
            "terrible", "awful", "scam", "dispute", "lawyer", "manager", "human", "operator",
            "chargeback", "unacceptable", "angry", "furious", "overcharged"}
_HANDOFF_PHRASES = ("money back", "charged twice", "speak to a person", "talk to a person",
                    "real person", "double charged")
_CANCEL = {"cancel", "cancellation", "withdraw", "unenroll", "unenrol", "unregister", "quit",
           "deregister", "drop"}
_CANCEL_PHRASES = ("drop out", "can't attend", "cannot attend", "pull out", "back out",
                   "leave the cohort", "leave the course")
_PAY = {"pay", "paying", "payment", "checkout", "settle", "invoice", "card"}
_WAITLIST = {"waitlist", "waitinglist", "queue"}
_WAITLIST_PHRASES = ("waiting list", "wait list", "waitlist")
_ENROLL = {"enroll", "enrol", "enrolling", "enrollment", "register", "signup", "join", "book",
           "reserve", "apply", "admit", "subscribe"}
_ENROLL_PHRASES = ("sign me up", "sign up", "put me in", "put me on", "get me into", "a seat in",
                   "take the course", "want to take", "like to take", "i'll take")
_QUESTION = {"what", "when", "how", "which", "who", "where", "why", "is", "are", "does", "do",
             "can", "could", "tell", "list", "show", "explain", "describe", "price", "prices",
             "cost", "costs", "prerequisite", "prerequisites", "duration", "long", "start",
             "starts", "seats", "offer", "teach", "recommend", "about", "info", "information",
             "details", "available", "any", "cheapest", "beginner", "advanced"}
_NEGATIONS = {"don't", "dont", "not", "never", "no"}


@lru_cache(maxsize=4096)
def _similar(word: str, target: str) -> bool:
    if word == target:
        return True
    if len(word) < 4 or len(target) < 4 or word[0] != target[0]:
        return False
    return SequenceMatcher(None, word, target).ratio() >= 0.8


def _has_word(words: list[str], lexicon: set[str]) -> bool:
    return any(_similar(w, t) for w in words for t in lexicon)


def _has_phrase(text: str, phrases: tuple[str, ...]) -> bool:
    return any(p in text for p in phrases)


def _words(text: str) -> list[str]:
    return _WORD.findall(text.lower().replace("’", "'"))


def classify(text: str, *, pending: bool) -> Intent:
    """The intent of one student message; `pending` says whether an action awaits a decision."""
    flat = " ".join(_words(text))
    words = flat.split()
    if not words:
        return "other"
    if pending:
        reply = _confirmation(text, flat, words)
        if reply is not None:
            return reply
    return _request(text, flat, words)


def _confirmation(text: str, flat: str, words: list[str]) -> Intent | None:
    """Confirm or decline, for short replies to a pending action; None when it is neither."""
    if "?" in text or len(words) > 10:
        return None
    if words[0] in _DECLINE or _has_phrase(flat, _DECLINE_PHRASES):
        return "decline"
    starts_yes = words[0] in _CONFIRM or _has_phrase(flat, _CONFIRM_PHRASES)
    if starts_yes and not _NEGATIONS.intersection(words):
        return "confirm"
    return None


def _request(text: str, flat: str, words: list[str]) -> Intent:
    """A new request: the strongest action named, else a question, else other."""
    cancel = _has_word(words, _CANCEL) or _has_phrase(flat, _CANCEL_PHRASES)
    if _has_word(words, _HANDOFF) or _has_phrase(flat, _HANDOFF_PHRASES):
        # "cancel ... will I get a refund?" is a cancellation, not a dispute.
        return "cancel" if cancel and not _has_word(words, _HANDOFF - {"refund", "refunds"}) else "handoff"
    if cancel:
        return "cancel"
    if _has_word(words, _WAITLIST) or _has_phrase(flat, _WAITLIST_PHRASES):
        return "waitlist"
    if _has_word(words, _PAY) and not _is_price_question(text, words):
        return "pay"
    if _has_word(words, _ENROLL) or _has_phrase(flat, _ENROLL_PHRASES):
        return "question" if _is_enrollment_question(text, words) else "enroll"
    if "?" in text or words[0] in _QUESTION or _has_word(words, _QUESTION):
        return "question"
    return "other"


def _is_price_question(text: str, words: list[str]) -> bool:
    """'How much do I pay for rag?' asks a price; 'I want to pay for rag-1' pays."""
    return "?" in text and words[0] in {"how", "what", "when", "do", "can", "is", "does"}


def _is_enrollment_question(text: str, words: list[str]) -> bool:
    """'How do I enroll?' or 'When does enrollment close?' ask; they do not request."""
    return "?" in text and words[0] in {"how", "what", "when", "where", "why", "is", "are", "does"}
