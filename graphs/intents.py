"""The deterministic intent classifier behind the router node: no network, tolerant of typos.

Words are matched against small lexicons, each word also by edit similarity so that "enrol",
"enroll" and "enrolll" agree, and short words by one swapped pair of letters ("yse" is "yes").
A message is read sentence by sentence where it matters: "How much is it? I want to pay now" asks in
one sentence and requests in the other, and the request wins. Confirm and decline exist only while
an action is pending: that rule is here, in code, and no model can override it.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Literal, get_args

from graphs.fuzzy import similar
from graphs.planner.request import enrolls_in_the_program, is_program_request

Intent = Literal[
    "question",
    "enroll",
    "waitlist",
    "pay",
    "cancel",
    "confirm",
    "decline",
    "handoff",
    "program",
    "other",
]
INTENTS: tuple[str, ...] = get_args(Intent)

_WORD = re.compile(r"[a-z0-9']+")
_SENTENCE = re.compile(r"[^.!?]+[.!?]*")
_SPELLINGS = {"wanna": "want to", "gonna": "going to", "pls": "please", "plz": "please", "u": "you"}
"""Chat spellings written out, so that phrases match either way."""
_EMOJI = {"👍": " yes ", "✅": " yes ", "👎": " no ", "❌": " no "}
"""Emoji that stand for a yes or a no in a reply."""

_CONFIRM = {
    "yes",
    "yep",
    "yeah",
    "yup",
    "sure",
    "ok",
    "okay",
    "confirm",
    "confirmed",
    "approve",
    "proceed",
    "correct",
    "absolutely",
    "definitely",
    "please",
    "affirmative",
    "ja",
    "si",
    "alright",
    "perfect",
    "fine",
    "agreed",
    "deal",
}
_CONFIRM_PHRASES = (
    "go ahead",
    "do it",
    "sounds good",
    "that's right",
    "that is right",
    "let's do it",
    "lets do it",
    "go for it",
    "of course",
    "works for me",
    "let's go",
    "lets go",
)
_DECLINE = {
    "no",
    "nope",
    "nah",
    "don't",
    "dont",
    "stop",
    "decline",
    "abort",
    "never",
    "not",
    "wait",
    "hold",
    "reject",
    "deny",
    "refuse",
}
_DECLINE_PHRASES = (
    "never mind",
    "nevermind",
    "changed my mind",
    "cancel that",
    "cancel it",
    "forget it",
    "not now",
    "don't do",
    "do not",
    "rather not",
    "hold off",
)
_FILLERS = {"actually", "well", "oh", "ah", "um", "umm", "erm", "so", "hmm", "honestly", "then"}
"""Words a reply may open with before its yes or no: "actually no"."""
_INFO_WORDS = {"what", "when", "how", "which", "who", "where", "why", "know", "tell"}
"""A reply with one of these asks for information first, even without a question mark."""
_HANDOFF = {
    "refund",
    "refunds",
    "complaint",
    "complain",
    "complaining",
    "unhappy",
    "disappointed",
    "terrible",
    "awful",
    "scam",
    "dispute",
    "lawyer",
    "manager",
    "human",
    "operator",
    "chargeback",
    "unacceptable",
    "angry",
    "furious",
    "overcharged",
}
_HANDOFF_PHRASES = (
    "money back",
    "charged twice",
    "speak to a person",
    "talk to a person",
    "real person",
    "double charged",
    "was charged",
    "were charged",
    "been charged",
    "got charged",
    "customer support",
    "customer service",
    "support team",
    "support staff",
    "contact support",
    "call me",
    "speak to someone",
    "talk to someone",
)
_CANCEL = {
    "cancel",
    "cancellation",
    "withdraw",
    "unenroll",
    "unenrol",
    "unregister",
    "quit",
    "deregister",
    "drop",
}
_CANCEL_PHRASES = (
    "drop out",
    "can't attend",
    "cannot attend",
    "pull out",
    "back out",
    "leave the cohort",
    "leave the course",
    "take me off",
    "remove me from",
    "count me out",
)
_PAY = {"pay", "paying", "payment", "checkout", "settle", "invoice", "card"}
_WAITLIST = {"waitlist", "waitinglist", "queue"}
_WAITLIST_PHRASES = (
    "waiting list",
    "wait list",
    "waitlist",
    "notify me",
    "notified",
    "seat opens",
    "spot opens",
    "place opens",
    "wait for a seat",
    "wait for a spot",
    "wait for a place",
    "in line for",
)
_ENROLL = {
    "enroll",
    "enrol",
    "enrolling",
    "enrollment",
    "register",
    "signup",
    "join",
    "book",
    "reserve",
    "apply",
    "admit",
    "subscribe",
}
_ENROLL_PHRASES = (
    "sign me up",
    "sign up",
    "put me in",
    "put me on",
    "get me into",
    "a seat in",
    "take the course",
    "want to take",
    "like to take",
    "i'll take",
    "put me down for",
    "count me in",
    "add me to",
    "want to do the",
    "want to start the",
    "like to do the",
)
_QUESTION = {
    "what",
    "when",
    "how",
    "which",
    "who",
    "where",
    "why",
    "is",
    "are",
    "does",
    "do",
    "can",
    "could",
    "tell",
    "list",
    "show",
    "explain",
    "describe",
    "price",
    "prices",
    "cost",
    "costs",
    "prerequisite",
    "prerequisites",
    "duration",
    "long",
    "start",
    "starts",
    "seats",
    "offer",
    "teach",
    "recommend",
    "about",
    "info",
    "information",
    "details",
    "available",
    "any",
    "cheapest",
    "beginner",
    "advanced",
}
_NEGATIONS = {"don't", "dont", "not", "never", "no"}
_ASKING = {
    "how",
    "what",
    "whats",
    "what's",
    "when",
    "where",
    "why",
    "which",
    "who",
    "is",
    "are",
    "does",
    "do",
    "did",
    "will",
}
"""Openers of a question about an action; "can I join?" and "could I pay?" are polite requests."""


@lru_cache(maxsize=4096)
def _similar(word: str, target: str) -> bool:
    if word == target or _swapped(word, target):
        return True
    return len(target) >= 4 and similar(word, target, min_length=4, same_start=True)


def _swapped(word: str, target: str) -> bool:
    """Whether the word is the target with two neighbouring letters swapped: "yse" and "yes"."""
    if len(word) != len(target) or len(word) < 3:
        return False
    diff = [i for i, (a, b) in enumerate(zip(word, target, strict=True)) if a != b]
    if len(diff) != 2 or diff[1] != diff[0] + 1:
        return False
    i, j = diff
    return word[i] == target[j] and word[j] == target[i]


def _has_word(words: list[str], lexicon: set[str]) -> bool:
    return any(_similar(w, t) for w in words for t in lexicon)


def _has_phrase(text: str, phrases: tuple[str, ...]) -> bool:
    return any(p in text for p in phrases)


def _words(text: str) -> list[str]:
    text = text.lower().replace("’", "'")
    for emoji, word in _EMOJI.items():
        text = text.replace(emoji, word)
    return " ".join(_SPELLINGS.get(w, w) for w in _WORD.findall(text)).split()


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
    # 'Enroll me in the program' acts on a program already presented: an enrollment, not a new plan.
    if is_program_request(text) and not enrolls_in_the_program(flat):
        return "program"
    return _request(text, flat, words)


def _confirmation(text: str, flat: str, words: list[str]) -> Intent | None:
    """Confirm or decline, for short replies to a pending action; None when it is neither."""
    if "?" in text or len(words) > 10 or _INFO_WORDS.intersection(words):
        return None
    head = [w for w in words if w not in _FILLERS][:1]
    if _has_word(head, _DECLINE) or _has_phrase(flat, _DECLINE_PHRASES):
        return "decline"
    starts_yes = _has_word(head, _CONFIRM) or _has_phrase(flat, _CONFIRM_PHRASES)
    if starts_yes and not _NEGATIONS.intersection(words):
        return "confirm"
    return None


_ACTIONS: tuple[tuple[Intent, set[str], tuple[str, ...]], ...] = (
    ("cancel", _CANCEL, _CANCEL_PHRASES),
    ("waitlist", _WAITLIST, _WAITLIST_PHRASES),
    ("pay", _PAY, ()),
    ("enroll", _ENROLL, _ENROLL_PHRASES),
)
"""The actions a student can request, strongest first, with their words and phrases."""


def _request(text: str, flat: str, words: list[str]) -> Intent:
    """A new request: the strongest action requested, else a question, else other."""
    cancel = _has_word(words, _CANCEL) or _has_phrase(flat, _CANCEL_PHRASES)
    if _has_word(words, _HANDOFF) or _has_phrase(flat, _HANDOFF_PHRASES):
        # "cancel ... will I get a refund?" is a cancellation, not a dispute.
        return "cancel" if cancel and not _has_word(words, _HANDOFF - {"refund", "refunds"}) else "handoff"
    asked = False
    for intent, lexicon, phrases in _ACTIONS:
        if not (_has_word(words, lexicon) or _has_phrase(flat, phrases)):
            continue
        if _only_asks(text, lexicon, phrases):
            asked = True
            continue
        return intent
    if asked or "?" in text or words[0] in _QUESTION or _has_word(words, _QUESTION):
        return "question"
    return "other"


def _only_asks(text: str, lexicon: set[str], phrases: tuple[str, ...]) -> bool:
    """Whether every sentence naming the action is a question about it, not a request for it.

    "How do I enroll?" and "is there a waitlist for rag-1?" ask; "Can I join rag-2?" and
    "How much is it? I want to pay now" request.
    """
    naming = []
    for sentence in _SENTENCE.findall(text):
        words = _words(sentence)
        if words and (_has_word(words, lexicon) or _has_phrase(" ".join(words), phrases)):
            naming.append("?" in sentence and words[0] in _ASKING)
    return bool(naming) and all(naming)
