"""The deterministic intent classifier behind the router node: no network, tolerant of typos.

What a message is not comes first (`guards`: an instruction to the assistant, an action for someone
else or in bulk, chit-chat): none of those is ever an action. Then, while an action waits, a reply
that changes it ("rag-2 instead") or answers it (confirm, decline); then a program request; then,
clause by clause (`requests`), whether an action is requested, asked about or put off. Words are
matched against small lexicons (`lexicon`), each slip of a known word read as that word (`text`).
The rules are about classes of meaning, not phrases, measured on generated phrasing families
(`qa/router_corpus.py`, `school-agent eval router`); no model overrides them.

Imports only `graphs.fuzzy`, `graphs.entities`, the planner's request reader and the shipped
catalog's words (`agent.domain`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from itertools import dropwhile, pairwise, takewhile
from typing import Literal, get_args

from graphs.entities import COHORT_SHAPED, cohort_reference
from graphs.fuzzy import word_set
from graphs.intents import lexicon
from graphs.intents.guards import (
    about_assistant,
    about_school,
    asks_about_another,
    asks_of_its_own,
    for_someone_else,
    injected,
    instructs,
    moves_home,
    names_its_own,
    off_topic,
    orders_past_dismissing,
    social_only,
    things_named,
    untimed,
)
from graphs.intents.requests import Mention, asks, deferred, framed, has_imperative, mention, told_plan
from graphs.intents.text import (
    QUOTED_WORDS,
    SENTENCE_END,
    Clause,
    as_said,
    bare_name,
    clauses_of,
    has_phrase,
    has_word,
    known_word,
    names_course,
    names_only,
    opener_of,
    school_word,
    spelled_text,
    unmentioned,
    unquoted,
    words_of,
)
from graphs.months import MONTH_NAMES
from graphs.planner.request import enrolls_in_the_program, is_program_request

Intent = Literal[
    "question",
    "enroll",
    "waitlist",
    "pay",
    "cancel",
    "transfer",
    "confirm",
    "decline",
    "handoff",
    "program",
    "other",
]
INTENTS: tuple[str, ...] = get_args(Intent)

Guard = Literal["injected", "social", "offtopic", "negated", "asked", "amended"]
"""Why a message was read as it was, where a rule other than plain matching decided."""

ACTION_OF_INTENT: dict[str, str] = {
    "enroll": "enroll",
    "waitlist": "join_waitlist",
    "pay": "pay",
    "cancel": "cancel",
    "transfer": "transfer",
}
"""The domain action each action intent proposes (`graphs.tools.ActionName`)."""
INTENT_OF_ACTION: dict[str, Intent] = {a: i for i, a in ACTION_OF_INTENT.items()}  # type: ignore[misc]
ACTION_INTENTS = frozenset({*ACTION_OF_INTENT, "confirm"})
"""Intents that lead to a side effect: a proposal, or (confirm) the execution of one."""

_ACTIONS: tuple[tuple[Intent, frozenset[str], tuple[str, ...], re.Pattern[str] | None], ...] = (
    ("cancel", lexicon.CANCEL, lexicon.CANCEL_PHRASES, lexicon.CANCEL_PATTERN),
    ("waitlist", lexicon.WAITLIST, lexicon.WAITLIST_PHRASES, None),
    ("transfer", lexicon.TRANSFER, lexicon.TRANSFER_PHRASES, lexicon.TRANSFER_PATTERN),
    ("pay", lexicon.PAY, (), lexicon.PAY_PATTERN),
    ("enroll", lexicon.ENROLL, lexicon.ENROLL_PHRASES, lexicon.ENROLL_PATTERN),
)
"""The actions a student can request, strongest first, with their words, phrases and pattern."""
_NAMED_TARGET = re.compile(
    r"\bthe (?!wrong\b|same\b|right\b)\w+(?: \w+)? (?:course|class|cohort|group|one)\b"
)


_REPLACES_OWN = re.compile(
    r"\b(?:rather than|instead of) (?:my\b|mine\b|the (?:\w+ )?(?:one|cohort|group|class) (?:i'm|i am)\b)"
)
"""An enrollment in place of the student's own is a move to another cohort."""

_VACANCY = re.compile(
    r"\b(?:in case|if|when|should|once)\b(?: \w+){1,4} (?:drops? out|leaves?|pulls? out|cancels?|withdraws?"
    r"|(?:comes?|becomes?|goes) (?:free|available|spare)|frees? up|opens? up)\b"
)
_HOLD_ME = re.compile(r"\b(?:hold|keep|save|reserve) (?:my|a|the) (?:name|spot|place|seat)\b")
"""A vacancy supposed ("in case someone leaves", "if a seat comes free") and a seat held for the student."""

_TAKEN_BACK = re.compile(
    r"(?:^|[,.;:!?—–]|\s-\s|\bbut)\s*(?:\w+\W+)?(?:(?:wait|never ?mind|nvm|i meant?|actually,? no|hold (?:on|up)|hang on"
    r"|first|correction)\s*[,.;:!-]"
    r"|(?:(?:scratch|strike|scrap|forget|ignore|never ?mind) (?:that|it|this|all that|my last(?: message)?)"
    r"|(?:i )?take (?:that|it) back|(?:i've |i have |i )?changed my mind(?! about)"
    r"|on (?:second|further) thoughts?|on reflection|let me (?:rephrase|start over|try again))\b[,.;:!-]?"
    r"|actually,? (?:don'?t|do not)\s*(?:[.!]|$))"
    r"|\b(?:(?:about|going|meant|started \w+) to ask|(?:was|were) (?:about|going|meant) to)\b[^.;!?\n]*?\b(?:but|then)\b"
    r"|\b(?:my|our|the|a|an|for|in|into|on|onto|off|to)\s*(?:\.{3,}|…)"
)
"""Where the ask said before is taken back: "X, wait, Y", "X. Strike that: Y", "X, but on second thought
Y", "I was about to ask for X, but Y", "I was going to wait for her, but Y" (an ask or a plan announced
and then not made), "Cancel my... sorry, I meant pay" (an order broken off before its object); so do a
word of discarding said of what came before ("scratch, strike, scrap, forget, ignore, never mind" +
"that, it, this, my last message"), "actually, no,", "I take that back", "changed my mind", "let me
start over", and "actually, don't" closing a sentence. A bare "no" takes nothing back: under a
proposal it declines ("no, how much was it again?")."""
_STRICT = 0.85
_SPOKEN_OF = lexicon.SUBJECTS | {"my", "our", "for", "i'll", "we'll"}
"""Before a word for a person, these speak of one ("my manager said"); after a subject the word is a
verb ("I'll manage")."""
_ASKED_FOR = frozenset({"my", "a", "an", "me", "some"})
"""Before a task noun, these ask the assistant for one ("my homework", "a joke")."""
_PICK_WORDS = 3
"""At most this many words, fillers, thanks and glue aside, in a reply that only picks a target."""
_DEFINES = re.compile(
    r"\s*(?:(?:define|let|call)\s+(?!(?:it|me|us|him|her|them)\b)\S{1,3}\s+(?:as|be|denote)\b"
    r"|['\"‘“`][\w-]+(?: [\w-]+)?['\"’”`]\s*(?:[=≈]|means?\b|stands? for\b|is short for\b|[^?\n]*\bmean(?:s|ing)?\W*$)"
    r"|(?:if|suppose|imagine|what if)\s+(?:i|my\s+\w+)\s+(?:\w+\s+)?(?:says?|said|writes?|wrote|types?|typed|mentions?"
    r"|contains?)\s+(?:the\s+words?\s+)?['\"‘“`][^?\n]*\?)",
    re.I,
)
"""A message opening with a definition ("Define S as the set of advanced courses", "let W be ...")
names what it asks about: it requests nothing, whatever the definition names. A pronoun is no symbol
defined: "let it be known: I shall pay", "let me be clear" say what follows. So does one opening with
a word in quotes that it defines or asks the meaning of: "'transfer' = move to another cohort?",
"'waitlisted' next to rag-1: meaning?", "'enrol' means sign up?": the word is mentioned, not used; and
one supposing the student's words hold it, asked what follows: "If my message says 'waitlist feature',
would you put me on the waiting list for X?" asks how the words are read."""
_ANSWER_FIRST = re.compile(rf"{SENTENCE_END.pattern}|;\s*|\n+|\s*[—–]\s*|\s-\s")
"""Where the answer to what waits ends and what is said after it begins: a sentence's end or a line's."""
_PLAN_WORDS = (*lexicon.PLAN_WORDS, "become")
"""Words that ask for a plan; after a negator they refuse one (`_refuses_a_plan`)."""
_REFUSING = lexicon.DECLINE_PHRASES + lexicon.DEFERRALS
_CHANGES = tuple(p for p in lexicon.AMEND_PHRASES if p != "better")
"""After a yes these change what waits; what suits it "better" praises it."""
_SHORT = 10
"""At most this many words in a reply whose verb on what waits ("book it") answers it."""
_POINTERS = frozenset({"that's", "that", "this", "it", "it's", "is", "thats", "its"})
_NAMING = frozenset({"the", "there", "this", "that", "these", "those", "a", "an", "my", "your", "our"})
"""After an auxiliary that opens a clause, these begin its subject: "is the 900 all in", "are there extras"."""
_THANKING = ("thanks for", "thank you for", "thanks again", "gratitude for", "grateful for")
"""Thanks for something given: "thanks for the info", "so grateful for nlp-1"."""
_THANKS_AHEAD = ("be grateful",)
"""Thanks said ahead for what is asked: "I would be grateful for the dates of rag-2"."""
_ASKED_ALONE = lexicon.WH_OPENERS | lexicon.ELLIPTIC_OPENERS | {"please"}
"""Beside thanks, these ask for what they name: "thanks for the info, the dates of rag-2 please"."""
_REASONS = frozenset({"since", "because", "as", "given", "seeing"})
"""Opening a clause of a reply, these give the reason for its answer, not a remark beside it."""
_ME_ON = lexicon.ACTING | frozenset({"me", "up", "in", "down", "on"})
"""A clause of only these orders what waits on the student, naming nothing new: "sign me up", "put me down"."""
_SPEAKERS = (["i"], ["we"])
"""Before its verb, the student says the answer of themselves: "I confirm", "we decline for now"."""


@dataclass(frozen=True)
class Reading:
    """The intent of a message and, where a guarding rule decided, which one."""

    intent: Intent
    guard: Guard | None = None


def classify(text: str, *, pending: bool, pending_intent: Intent = "enroll") -> Intent:
    """The intent of one student message; `pending` says whether an action awaits a decision.

    `pending_intent` is the intent of that action: a message that only changes its target
    ("make it rag-1 instead") is read as that intent.
    """
    return read(text, pending=pending, pending_intent=pending_intent).intent


def read(text: str, *, pending: bool, pending_intent: Intent = "enroll") -> Reading:
    """`classify`, with the guarding rule that decided, if any."""
    text = as_said(text)
    words = words_of(text)
    flat = " ".join(words)
    if not words:
        return Reading("other")
    if pending and words == ["and"] and text.strip(" .!").lower() == "n":  # "n" alone is a no, as "y" a yes
        return Reading("decline")
    if not pending and names_only(words):  # "rag-2" alone asks about it; no reader makes it an order
        return Reading("question", "asked")
    if _unfilled(text):
        return Reading("other")
    # Words taken back are not said: an action for someone else taken back acts for no one ("I was going to
    # wait for my sister, but ... enrol me in rag-1"); an instruction to the assistant stays one.
    low = text.lower()
    *before, said = _TAKEN_BACK.split(low)
    if not before and (spelled := spelled_text(text)) != low:  # a slip: "... actually, scrtch that, when ..."
        low = spelled
        *before, said = _TAKEN_BACK.split(low)
    if not (
        before and not instructs(text, flat) and not injected(said, " ".join(words_of(said)))
    ) and injected(text, flat):
        # An instruction, then a plain question ("ignore your rules. ok fine, when does rag-2 start?") asks it.
        last = SENTENCE_END.split(text.strip())[-1]
        asked = last != text and ("?" in last or not lexicon.INFO_WORDS.isdisjoint(words_of(last)))
        asked = asked and not orders_past_dismissing(words_of(text.strip()[: -len(last)]))
        asked = asked and not injected(last, " ".join(words_of(last))) and read(last, pending=pending).intent
        return Reading("question" if asked == "question" else "other", "injected")
    # "Let W be the waitlist of rag-2. Is |W| > 0" is a puzzle about the catalog; "'cancel' = drop out?" asks
    # what a word means, before its quotes are read as an order relayed.
    if _DEFINES.match(text):
        return Reading("question", "asked")
    # An order in quotation marks is someone else's (an auto-reply, a forwarded mail): relayed, never
    # asked. What the student says beside it stands: '"payment due for rag-2" - ok, paying now' pays,
    # and "it says 'join the waitlist' - yes, do that for me" takes the order as the student's own. Asked of
    # after it, the quote is what is asked about: "Draft, hold off acting on it: '...' Does that read clearly?".
    if (rest := unquoted(text)) != text and not has_phrase(" ".join(words_of(rest)), lexicon.DOING_IT):
        beside = read(rest, pending=pending, pending_intent=pending_intent)
        last = SENTENCE_END.split(rest.strip())[-1]
        opener = [*words_of(last), ""][0]
        relayed = len(words) - len(words_of(rest)) >= QUOTED_WORDS  # an order quoted, not a word mentioned
        asked = "?" in last or opener in lexicon.WH_OPENERS or opener in lexicon.AUX_OPENERS
        # Asked with no question mark, the rest stands where a guard read it asked (of the school or the assistant:
        # "Do you treat 'cancel' in quotation marks differently ..."), not "is it 'enrol' or 'enroll' in US spelling".
        asked_here = asked and (relayed or beside.guard == "asked")
        if beside.intent in ACTION_INTENTS or (beside.intent == "question" and ("?" in rest or asked_here)):
            return beside
        # A word mentioned relays no order: no guard's reading ("explain: 1) 'cohort' 2) 'waitlisted'").
        if not relayed:
            return Reading("other")
        return Reading("question", "asked") if asked else Reading("other", "injected")
    # After a take-back, what follows is asked, if anything ("X, wait, Y", "X but first: Y"; "no wait" alone declines);
    # a course alone after it takes what was asked before ("book rag for me, no, scratch that, nlp").
    after = read(said, pending=pending, pending_intent=pending_intent) if before else None
    asked_before = next((b for b in reversed(before) if words_of(b)), "")  # take-backs said one after another
    if (
        after
        and bare_name(said)
        and (first := read(asked_before, pending=pending)).intent in ACTION_OF_INTENT
    ):
        return first
    if after and after.intent == "question" and "?" in said:  # asked after a take-back, never ordered
        return Reading("question", after.guard or "asked")
    # An action taken back is not asked, whatever follows: "... scratch that: is it full?", "..., but I've changed my mind".
    # The words before the take-back are read only once one was made (`after`), not on every message. Staying
    # put acts on nothing: "move my place, provided... I've changed my mind, I'm staying put". What is told
    # after it, asking nothing, is a remark, whatever of the school it names: "... I take that back. The
    # harvest will manage without me for two hours a week."
    left = ["", *words_of(said)]
    withdrawn = (
        after
        and not pending
        and not flat.endswith("i mean")
        and not has_word([w for b, w in pairwise(left) if not b.startswith("stay")], lexicon.ACTING)
        and has_word(words_of(low[: len(low) - len(said)]), lexicon.ACTING)
    )
    # A course or a cohort after it corrects the order: "sign me up for X, no wait, ml-foundations: the next cohort".
    told = withdrawn and not (_asking(said) or any(map(asks, clauses_of(said))))
    told = told and not (names_course(words_of(said)) or COHORT_SHAPED.search(said))
    if after and after.intent != "other" and not (told and after.intent == "question"):
        return after
    if withdrawn:
        return Reading("question", "asked") if "?" in said else Reading("other", "negated")
    if not pending and told_plan(text, words):
        return Reading("other", "negated")
    # What a subject not the school's does is general knowledge, whoever does it: "why did miners take canaries underground".
    if not pending and asks_of_its_own(text, words):
        return Reading("other", "offtopic")
    if asks_about_another(text, words):
        return Reading("question", "asked")
    # While nothing waits, one about no thing of the school's is off-topic: "the pub quiz starts at eight, doesn't it?".
    if _tagged(text) and (pending or about_school(text, words)):
        return Reading("question", "asked")
    if pending and (amended := _amendment(text, flat, words, pending_intent)) is not None:
        return Reading(amended, "amended")
    if pending and (reply := _confirmation(text, words)) is not None:
        # A no said by negating the action ("I don't want to sign up yet") stays guarded: no reader's yes overrules it.
        negated = reply == "decline" and _request(text, flat, words).guard == "negated"
        return Reading(reply, "negated" if negated else None)
    # 'Enroll me in the program' acts on a program already presented: an enrollment, not a new plan.
    # As typed and as spelled: "becoem a data engineer" is a career move too.
    # A cohort id names a cohort, not a goal: "switch to data-engineering-2" is no career move.
    named = _LACKED_PLAN.sub(" ", _THEIR_PLAN.sub(" ", COHORT_SHAPED.sub(" ", text.lower())))
    # The student's own plan beside a course asked about or acted on is told of: "part of my five-year plan:
    # what does rag cost?", "for my career change, enrol me in rag-2"; "rework my roadmap to rag" asks for one.
    if names_course(words) or COHORT_SHAPED.search(text.lower()):
        named = _without_own_plans(named)
    # A plan named after a thing the school does not name is that thing's: "the lift plan overran",
    # "the funeral plan instalment"; "plan my courses", "plan the courses" plan them.
    said = ["", *words_of(named), ""]
    kept = [w for b, w, a in zip(said, said[1:-1], said[2:], strict=False) if not _plan_of(b, w, a)]
    planned = is_program_request(" ".join(kept)) or (kept == said[1:-1] and is_program_request(named))
    refused = planned and _refuses_a_plan(text)
    if refused and not (_asking(text) or "whether" in words):
        return Reading("other", "negated")
    planned = planned and not refused
    if planned and not enrolls_in_the_program(flat) and not _asks_the_catalog(text, words, flat):
        return Reading("program")
    reading = _request(text, flat, words)
    # The action that waits asked for again, on nothing new, takes it: "count me in", "yes, book it; I
    # hope the sessions aren't on Fridays".
    changed = _names_target(text) or names_course(words) or has_phrase(flat, lexicon.AMEND_PHRASES)
    if pending and reading == Reading(pending_intent) and not (changed or _asking(text)):
        return Reading("confirm")
    # While an action waits, a message is about it: "what time are the sessions?", "go on, yes. at my age ..."; a task
    # ("tell me a joke") or an errand ("book me a flight") stays off-topic.
    if pending and reading.guard == "offtopic":
        if "?" in text:
            return Reading("question")
        if not (_task(words) or has_word(words, lexicon.ACTING)):
            return Reading("other")
    return reading


_TAG = re.compile(
    r"[,.;]\s*(?:i (?:take it|assume|presume|gather)|right|correct|yes"
    r"|(?:has|have|did|do|does|is|are|was|were)(?:n't| not)? (?:it|they|you|i|we|there)"
    r"|(?:(?:will|would|can|could)(?:n't| not)?|can't|won't) (?:it|they|i|we|there))\s*\?+\s*$"
)
"""A question tagged on to a statement: "..., I take it?", "..., right?", ". has it?", "..., didn't it?",
"..., don't you?", "..., isn't there?", "..., can't I?": an auxiliary, perhaps negated, and its subject.
"..., will you?", "..., could you?" ask the assistant to act: no tag question."""


def _tagged(text: str) -> bool:
    """Whether a statement with a tag question asks whether it is so.

    "The fee comes off my saved card, I take it?", "I'd like to be certain my payment for rag-1 went
    through. has it?" ask; what they name is told, not done.

    An order or a wish to act with a tag still asks for it: "I'd like to pay for rag-1, right?".
    """
    found = _TAG.search(text.lower())
    if found is None:
        return False
    told = words_of(text[: found.start()])
    wished = any(
        told[i : i + len(w.split())] == w.split()
        and has_word(told[i + len(w.split()) : i + len(w.split()) + 1], lexicon.ACTING)
        for w in lexicon.WISHES
        for i in range(len(told))
    )
    # A yes or a no answers first: "yes, go ahead, it's the evening one, right?", "no, unless it had ... does it?"
    agreed = told[:1] != [] and told[0] in lexicon.CONFIRM | lexicon.DECLINE
    agreed = agreed or has_phrase(" ".join(told), lexicon.CONFIRM_PHRASES + lexicon.DECLINE_PHRASES)
    return told != [] and not (wished or agreed or has_imperative(told) or told[0] in lexicon.ACTION_VERBS)


_BLANK = re.compile(r"\s*(?:x{2,}|_{2,}|\.{2,}|…|-+|\?+)?\s*")
_ASIDE = re.compile(r"\[[^\]\n]*\]|\([^)\n]*\)")


def _unfilled(text: str) -> bool:
    """Whether the message is a form left blank or offering a choice of actions, so ordering none.

    Every line is a field: its value a placeholder ("Course: XXXX", "Cohort: ____", "[course name]") or
    actions of more than one kind to choose from ("Request: [enrol / cancel / move]", "Action: (delete
    as appropriate) enrol / waitlist / cancel"). A form filled in ("Cohort: rag-2 / Request: enrol me") orders.
    """
    fields = [line.partition(":") for line in text.lower().splitlines() if line.strip()]
    if len(fields) < 2 or not all(colon for _, colon, _ in fields):
        return False
    values = [_ASIDE.sub(" ", v) if _BLANK.fullmatch(_ASIDE.sub("", v)) is None else "" for _, _, v in fields]
    return all(not v.strip() or _offers_choice(v) for v in values)


def _offers_choice(value: str) -> bool:
    """Whether a field's value offers actions of more than one kind to choose from: "enrol / cancel / move"."""
    options = value.split("/")
    kinds = {i for o in options for i, lex, *_ in _ACTIONS if has_word(words_of(o), lex)}
    return len(options) > 1 and len(kinds) > 1


_THEIR_PLAN = re.compile(r"\b(?:she|he|they)(?: can| could| will| would|'ll)? plans?\b")
"""A plan someone else makes is theirs: "my manager needs to know so she can plan the rota"."""
_LACKED_PLAN = re.compile(
    r"\b(?:has|have|had|got|i've|we've) no (?:[\w-]+ )?(?:plan|roadmap|road map|path)s?\b"
)
"""A plan the student lacks is neither asked for nor refused: "I have no plan yet, what does rag cost?";
"also me: has no plan. plan me the route" asks for one after it (`_refused`)."""


def _plan_of(before: str, word: str, after: str) -> bool:
    """Whether `word` is a plan of a thing the school does not name ("lift plan", "funeral plan"), no verb."""
    if not (word == "plan's" or (word == "plan" and after not in _PLANNED)):
        return False  # most words: no look-up of the word before
    # A plan of paying is a price: "a family plan", "a monthly plan for rag".
    return before in _PRICED or (before.isalpha() and not known_word(before) and not school_word(before))


_PRICED = frozenset(
    {"family", "monthly", "yearly", "annual", "weekly", "payment", "instalment", "installment"}
)


_PLANNED = _ME_ON | _NAMING
"""After "plan", these make it the verb: "plan me a path", "plan the courses"."""


def _refuses_a_plan(text: str) -> bool:
    """Whether a clause names a plan after a negator, or after holding off.

    "I'm not looking for a roadmap, only whether ...", "don't plan to become one", "holding off on a study plan".
    """
    return any(
        has_phrase(" ".join(_refused(c.words)), _PLAN_WORDS)
        or (has_phrase(c.flat.partition(" off ")[2], _PLAN_WORDS) and has_phrase(c.flat, _HELD_OFF))
        for c in clauses_of(text)
    )


def _refused(words: list[str]) -> list[str]:
    """The words from the clause's negator on, where it refuses.

    None where it negates finding what was given ("I can't find the plan"), nor where a "no" says what
    the student lacks: "also me: has no plan. plan me the route".
    """
    said = list(dropwhile(lambda w: w not in lexicon.NEGATORS, words))
    lacked = said[:1] == ["no"] and words[len(words) - len(said) - 1 :][:1] in _LACKING
    return [] if lacked or (said[1:2] != [] and said[1] in _FINDING) else said


_LACKING = (["has"], ["have"], ["got"], ["i've"], ["we've"])


_FINDING = frozenset({"find", "see", "locate", "access", "open", "remember", "recall"})
"""After a negator, these lose a thing given, not refuse it: "I can't find the course plan you gave me"."""
_HELD_OFF = ("hold off", "holding off", "held off", "put off", "putting off")


def _confirmation(text: str, words: list[str]) -> Intent | None:
    """Confirm or decline, for short replies to a pending action; None when it is neither.

    A verb on what waits answers it ("book it", "scratch that"), and so does a clause that is only a
    yes or a no ("that's the one, yes", "it's too much for me, I'll pass"); a reply that opens with a
    no declines whatever reason comes with it ("please don't enroll me yet, I must ask my boss").
    The last answer stands ("hmm no, actually yes, book it"), and an answer first is not undone by
    a question after it ("no thanks. what else do you have?", "yes! do I get a reminder?"). A yes
    on a condition is a question ("only if it's online, then yes").
    """
    if _asking(text):
        said = _reply_parts(text)[0]
        paused = set(words_of(said)) <= lexicon.FILLERS | lexicon.GREETINGS | lexicon.PAUSES
        return None if paused else _confirmation(said, words_of(said))
    skipped = lexicon.FILLERS | lexicon.GREETINGS
    clauses = [list(dropwhile(skipped.__contains__, words_of(p))) for p in re.split(r"[,.;:!—]|\s-\s", text)]
    clauses = [c for c in clauses if c]
    answers = [_answer(c, first=not i, short=len(words) <= _SHORT) for i, c in enumerate(clauses)]
    given = [(i, a) for i, a in enumerate(answers) if a]
    if not given or given[-1][1] == "decline":
        return given[-1][1] if given else None
    # After the last no, nothing is negated ("not yet, oh never mind, yes"); beside the yes, little is said.
    # A reason given for the yes is no remark beside it: "since I have python and it's not advanced, confirm".
    reasons = [c[:1] != [] and c[0] in _REASONS for c in clauses]
    since = [c for c, r in zip(clauses, reasons, strict=True) if not r][
        max((i for i, a in given if a == "decline"), default=-1) + 1 :
    ]
    rest = [
        w
        for c, a, r in zip(clauses, answers, reasons, strict=True)
        if not (a or r)
        for w in c
        if w not in lexicon.SOCIAL
    ]
    negated = any(lexicon.NEGATORS.intersection(c) for c in since)
    # A yes on a condition not known to hold asks ("if it's under €1000, then yes"); "if needed" sets none.
    unmet = any(w in ("if", "unless") and then not in ("you", "needed") for w, then in pairwise(words))
    return None if negated or _names_anew(rest) else "question" if unmet else "confirm"


def _names_anew(words: list[str], *, more: bool = False) -> bool:
    """Whether what is said beside a yes asks for something new: another course, cohort or month, or someone else.

    "Yes - first decent news all week", "yes — February suits me fine" and "yes, book it; I hope the
    sessions aren't on Fridays" only remark; "yes, and rag-2 too", "ok, sign me up for nlp-1 as well"
    and "ok, enroll my brother" ask for more than what waits.
    """
    flat = " ".join(words)
    # A month after "since" is past, no cohort's: "yes. my card has been on the account since March".
    month = getattr(cohort_reference(re.sub(r"\bsince \w+", "", flat)), "month", None)
    target = COHORT_SHAPED.search(flat) or names_course(words) or month
    # Only an action word as written asks for more: "the forge is quiet in August" quits nothing.
    more = more or not lexicon.ACTING.isdisjoint(words) or not {"too", "also", "well"}.isdisjoint(words)
    return bool((target and more) or for_someone_else(flat))


def _go_ahead_first(text: str) -> str:
    """A go-ahead or a no before the first clause that asks, in the same sentence, or "".

    "Yeah go ahead, also is there a Slack?" confirms, "not yet, is there a later one?" declines; a
    bare yes there answers nothing: "yes, and is there a discount for students?" asks.
    """
    said: list[str] = []
    for clause in clauses_of(text):
        words = list(dropwhile(lexicon.OPENER_SKIP.__contains__, clause.words))
        opens = (
            words[:1] and words[0] in lexicon.AUX_OPENERS | lexicon.MODAL_OPENERS
        )  # "is there ...", not "do it"
        asked = 0 if opens and not has_phrase(" ".join(words[:2]), lexicon.CONFIRM_PHRASES) else len(words)
        asked = next((i for i, w in enumerate(words) if w in lexicon.INFO_WORDS | lexicon.WH_OPENERS), asked)
        said.append(" ".join(clause.words[: len(clause.words) - len(words) + asked]))
        if asked < len(words):
            break
    answer = ", ".join(said)
    # An order on what waits ("yes, book it"), not a time or another's doing ("before you book it").
    said = ["", *words_of(answer)]
    acted = any(
        v in lexicon.ACTING | lexicon.CONFIRM
        and it in _POINTERS
        and a not in lexicon.SUBJECTS | lexicon.QUALIFIERS
        for a, v, it in zip(said, said[1:], said[2:], strict=False)
    )
    # A bare no answers too ("no thanks, but when does rag-1 start?"); a bare yes answers nothing.
    bare = set(said[1:]) <= lexicon.DECLINE | lexicon.THANKS | lexicon.FILLERS | {"you"}
    no = bare and not (lexicon.DECLINE - lexicon.PAUSES).isdisjoint(said)
    return answer if acted or no or has_phrase(answer, lexicon.CONFIRM_PHRASES + _REFUSING) else ""


def asked_after(text: str) -> str | None:
    """The question asked after a yes or no to what waits, or None when nothing is asked after it.

    "no, hold off. is there a cohort after rag-2?" asks "is there a cohort after rag-2?"; "not yet,
    is there a later one?" asks "is there a later one?". Whether the reply answers what waits is
    `read`'s to say.
    """
    said, asked = _reply_parts(text) if _asking(text) else ("", "")
    return asked if said and asked else None


def _reply_parts(text: str) -> tuple[str, str]:
    """A reply that asks, cut into its answer to what waits ("" when none) and what it asks after.

    The answer is the sentences or lines before the first that asks, else the go-ahead or no that
    opens the first ("yeah go ahead, also is there a Slack?").
    """
    parts = _ANSWER_FIRST.split(text)
    said = list(takewhile(lambda p: not _asking(p), parts))
    rest = parts[len(said) :]
    if not said and (answer := _go_ahead_first(parts[0])):
        words = words_of(parts[0])[len(words_of(answer)) :]
        said, rest = [answer], [" ".join(words) + ("?" if words and "?" in parts[0] else ""), *parts[1:]]
    return ". ".join(said), " ".join(p.strip() for p in rest if p.strip())


def _asking(text: str) -> bool:
    """Whether a part of a reply asks something: a question mark, a word asking for information, an auxiliary.

    An auxiliary before its subject opens a question, "?" or not: "is the 900 all in, or are there
    extras"; "do it" orders.
    """
    words = list(dropwhile(lexicon.OPENER_SKIP.__contains__, words_of(text)))
    aux = words[:1] != [] and words[0] in lexicon.AUX_OPENERS
    aux = aux and words[1:2] != [] and words[1] in lexicon.SUBJECTS | _NAMING
    aux = aux and not has_phrase(" ".join(words[:2]), lexicon.CONFIRM_PHRASES)
    return "?" in text or aux or not lexicon.INFO_WORDS.isdisjoint(words)


def _answer(clause: list[str], *, first: bool, short: bool) -> Intent | None:
    """Whether one clause of a reply says yes or no to what waits; None when neither.

    No: only no's, a close on "not" or "no" ("I'd rather not"), a phrase of refusing or putting off,
    a verb dropping what waits or a negated one ("scratch that", "don't book it"); the first clause
    also by its head word. A verb on what waits answers it first or in a short reply.
    """
    # "that's not it", "it is fine"; "I confirm" (not "I don't ...": a negated wish is no bare no)
    spoken = [w for w in clause if w not in _POINTERS]
    head = (
        spoken[1:2]
        if spoken[:1] in _SPEAKERS and not lexicon.NEGATORS.intersection(spoken[1:2])
        else spoken[:1]
    )
    reach = len(clause) if short else int(first)  # "book it! I'll be back from the trail by then"
    acted = {verb for verb, it in pairwise(clause[: reach + 1]) if it in ("it", "that", "this")}
    said = " ".join(clause)
    # A no with its thanks is a no anywhere: "tacet on this one - no thanks".
    thanked = set(clause) - lexicon.THANKS or {""}
    no = thanked <= lexicon.DECLINE or clause[-1] in ("not", "no") or has_phrase(said, _REFUSING)
    no = no or (first and has_word(head, lexicon.DECLINE)) or not acted.isdisjoint(lexicon.DROPPING)
    # A yes negated is a no: "I would prefer not to proceed", "don't go ahead"; so is the action
    # negated: "stand down, I'm not signing up right now", "I won't be paying for it".
    kept = [w for w in clause if w != "to"]
    no = no or any(
        a in lexicon.NEGATORS and b in lexicon.CONFIRM | {"go"} - {"sure"} for a, b in pairwise(kept)
    )
    negated = dropwhile(lambda w: w not in lexicon.NEGATORS, clause)
    no = no or (short and has_word([w.removesuffix("ing") for w in negated], lexicon.ACTING))
    # A yes or a no named as a thing, or the student's last word, answers: "that's a yes from the
    # caller", "the answer is no", "the noes have it", "I bid yes", "we say nay" ("before I say yes" waits).
    named = {b for a, b in pairwise(clause) if a in ("a", "is", "as")}
    named |= {clause[-1]} if clause[:1] in _SPEAKERS and len(clause) < 4 else set()
    named |= {b[:n] for a, b in pairwise(clause) if a == "the" for n in (-1, -2)}  # the noes, the ayes
    if no or bool(lexicon.NEGATORS.intersection(clause) and acted & lexicon.ACTING) or {"no", "nay"} & named:
        return "decline"
    yes = (first and has_word(head, lexicon.CONFIRM)) or set(clause) <= lexicon.CONFIRM or "yes" in named
    yes = yes or "aye" in named
    yes = yes or has_phrase(said, lexicon.CONFIRM_PHRASES) or not lexicon.ACTING.isdisjoint(acted)
    # The action that waits ordered on the student alone says yes to it: "sign me up", "book me in".
    yes = yes or (clause[0] in lexicon.ACTING - lexicon.DROPPING and "me" in clause and set(clause) <= _ME_ON)
    # A pick said to be good confirms: "nah, rag-2 is fine", "that one sounds perfect".
    said_good = clause[-1] in lexicon.CONFIRM | {"good"} and clause[-2:-1] in (["is"], ["sounds"], ["looks"])
    yes = yes or said_good or (len(clause) > 1 and clause[-1] == "works")
    return "confirm" if yes else None


def _amendment(text: str, flat: str, words: list[str], pending_intent: Intent) -> Intent | None:
    """The intent of a message that changes the pending action instead of answering it, or None.

    "Actually, enroll me in rag-1 instead" asks for an enrollment; "make it rag-2 instead", "the
    January group instead" and "no, the second cohort" keep the pending action's kind.
    """
    # "Is the earlier one better?", "would the January group be better?" ask; "can we do May instead?"
    # and "could it be the March one instead?" ask for it.
    said = [w for w in words if w not in lexicon.OPENER_SKIP][:2]
    asked = said[1:] not in (["i"], ["we"], ["you"]) and "instead" not in words
    modal = said[:1] and said[0] in lexicon.MODAL_OPENERS and asked
    if modal or (said[:1] and said[0] in lexicon.WH_OPENERS | lexicon.AUX_OPENERS):
        return None
    head = [w for w in words if w not in lexicon.FILLERS][:1]
    # After a yes, what suits better is what waits ("yes, the later start suits my shifts better"), unless
    # another is named: "aye, but make it python-basics-2 instead", "yes, switch me to rag-2".
    first, *rest = re.split(r"[,.;:!—]", text, maxsplit=1)
    after_first = rest[0] if rest else text  # what follows the first clause, or the whole reply
    picked = _only_picks(after_first) or _names_anew(words, more=True)
    if has_word(head, lexicon.CONFIRM) and not (picked or has_phrase(flat, _CHANGES)):
        return None
    changes = has_phrase(flat, lexicon.AMEND_PHRASES) or has_word(words, lexicon.TRANSFER)
    # A course named in a change is its target too: "no, i'd prefer sql fundamentals instead".
    target = _names_target(text) or (changes and names_course(words))
    # After a no, a course named is a new target only where nothing but a pick follows: "no, the 2nd
    # cohort"; "no thanks, I'm still comparing it with the NLP course" gives a reason.
    no = has_word(head, lexicon.DECLINE) and _only_picks(after_first)
    # A pick with its reason after it, no yes or no, picks too: "the earlier one pls, im busy by August".
    reason_text = rest[0] if rest else ""
    reason = _confirmation(reason_text, words_of(reason_text)) is None and not has_phrase(flat, _REFUSING)
    picks = _only_picks(text) or (_names_target(first) and _only_picks(first) and reason)
    if not (changes or (target and (picks or no))):
        return None
    request = _request(text, flat, words)
    # "Wait, before I answer: when does rag-2 start?" asks about the target; it changes nothing.
    if request.guard == "negated" or any(map(asks, clauses_of(text))):
        return None
    # The same action again, on no new target, answers what waits ("no, sorry, I mean yes, book it").
    if request.intent != pending_intent and request.intent in ("enroll", "waitlist", "pay", "cancel"):
        return request.intent
    return pending_intent if target else None


def _only_picks(text: str) -> bool:
    """Whether a reply does no more than pick a target.

    "The second one", "the one starting in May", "actually rag-1, thanks", "the first, not the
    second" pick; "is that the 2nd cohort?" asks. A cohort id counts as one word.
    """
    words = words_of(COHORT_SHAPED.sub(" cohort ", text.lower()))
    skipped = lexicon.FILLERS | lexicon.OPENER_SKIP | lexicon.THANKS | lexicon.PICK_GLUE
    said = [w for w in words if w not in skipped]
    said = said[: said.index("not")] if "not" in said[1:] else said  # "the first, not the second"
    asking = said[:1] != [] and said[0] in lexicon.AUX_OPENERS | lexicon.WH_OPENERS
    return not asking and len(said) <= _PICK_WORDS and not lexicon.INFO_WORDS.intersection(said)


def _asks_the_catalog(text: str, words: list[str], flat: str) -> bool:
    """Whether a message asks the catalog (a yes/no question, or a clause on a named course) for no plan.

    "Is there a course on data engineering?" and "my son wants to become an analyst, what does rag
    teach?" name no path, plan or program; "do you have a learning path for data engineers?" does.
    What follows "on" or "about" is the subject asked about: "content on program design" asks for no
    program; nor does "is UX design in any of your programmes?".
    """
    asked_for = re.split(r" (?:on|about) ", flat, maxsplit=1)[0]
    # "Any of your programmes", "your curriculum" are the school's: what is asked is in them; the student's
    # own plan is told of, not asked for: "part of my five-year plan: what does rag cost?", "my roadmap says ...".
    asked_for = re.sub(r"\b(?:any|your) (?:of your )?\w+", "", asked_for)
    asked_for = _without_own_plans(asked_for)
    one = any(asks(c) and names_course(c.words) and not is_program_request(c.flat) for c in clauses_of(text))
    said = [w for w in words if w not in lexicon.OPENER_SKIP][:2] or [""]
    # "Can I skip the prerequisites ...?" asks what one may do; "will there still be a cohort of X?" what is.
    own = said[0] in lexicon.MODAL_OPENERS and said[1:] in (["i"], ["we"])
    own = own or (said[0] in {*lexicon.MODAL_OPENERS, "will"} and said[1:] == ["there"])
    # Any clause may ask it: "not signing up, but is computer-vision any good if I want to work as X",
    # "got a course that gets me job-ready?".
    openers = [[*dropwhile(lexicon.OPENER_SKIP.__contains__, c.words), ""][0] for c in clauses_of(text)]
    aux = not (lexicon.AUX_OPENERS | lexicon.ELLIPTIC_OPENERS | {"got"}).isdisjoint(openers)
    return (one or own or aux) and not has_phrase(asked_for, lexicon.PLAN_WORDS)


_MY_PLAN = re.compile(
    r"\b(?:my|our) (?:[\w-]+ ){0,2}?(?:path|roadmap|road map|plan|curriculum|sequence)\b"
    r"|\b(?:my|our|a|the) (?:career )?(?:change|switch|move)\b"
)
"""The student's own plan, named by whose it is: "my five-year plan", "my career path", "my move into data work"."""
_PLANS_IT = word_set(
    "build make plan design create draw lay map put give show suggest recommend update adjust change redo rework "
    "rebuild extend sort write fix finish tweak revise complete continue"
)
"""Before the student's own plan, these ask for it: "build my roadmap to rag", "lay out my path"."""


def _without_own_plans(text: str) -> str:
    """The lower-cased `text` less the student's own plans told of, not asked for.

    Asked for, a verb of planning ends the words before it ("update my plan"), or a question word opens its
    clause ("what would my curriculum look like", "what's my path to rag"); told of, it is aside: "part of
    my five-year plan: ...", "for my roadmap", "my roadmap says ...".
    """

    def told(match: re.Match[str]) -> str:
        clause = re.split(r"[.:;!?,]", text[: match.start()])[-1]
        said = [w for w in words_of(clause) if w not in ("me", "out", "up", "together", "us")]
        asked = (said[-1:] != [] and said[-1] in _PLANS_IT) or not lexicon.WH_OPENERS.isdisjoint(said)
        return match[0] if asked else " "

    return _MY_PLAN.sub(told, text)


def _names_target(text: str) -> bool:
    """Whether a message names a cohort or course to act on: an id, a month, an order, "the X course".

    An order alone after "the" ("the 2nd please", "the next") names one too: a reply to what waits.
    """
    lowered = text.lower()
    if COHORT_SHAPED.search(lowered) or cohort_reference(text) or _NAMED_TARGET.search(lowered):
        return True
    said = [w for w in words_of(text) if w not in lexicon.FILLERS and w not in lexicon.OPENER_SKIP]
    return len(said) == 2 and said[0] == "the" and said[1] in lexicon.ORDERS


def _task(words: list[str]) -> bool:
    """Whether a message asks the assistant for a task outside the school: "write me python code".

    Asked in writing, the school's own things are asked about: "write me the list of courses".
    """
    opener = opener_of(words)
    # "write me a poem", "can you help me write a cover letter"
    tasked = [
        i
        for i, w in enumerate(words)
        if w in lexicon.TASKS and (w == opener or words[i - 1 : i] in (["me"], ["you"]))
    ]
    if tasked and not has_word(words[tasked[0] + 1 :], lexicon.THINGS_OF_SCHOOL):
        return True
    # "help me with my homework", "tell me a joke"; "is there homework in rag?" asks about a course.
    return any(
        w in lexicon.TASK_NOUNS and not _ASKED_FOR.isdisjoint(words[max(0, i - 2) : i])
        for i, w in enumerate(words)
    )


def _for_staff(
    text: str, words: list[str], flat: str, refund: Mention | None, *, cancel: Mention | None
) -> bool:
    """Whether a message is for a person: a complaint, a request for a human, or a refund asked for.

    "Cancel rag-2, will I get a refund?" is a cancellation; "I want my money back" is for staff.
    """
    # A person turned down is not asked for: "no need for a human; when does rag-2 start?".
    if (kept := _TURNED_DOWN.sub(" ", text.lower())) != text.lower():
        text, words = kept, words_of(kept)
        flat = " ".join(words)
    # Strict spelling: "company" is not "complain", "ready" is not "repay". A grievance supposed is
    # none: "if I paid for rag and never showed up, what happens?"; nor one of other places: "I've been
    # charged twice at other places and I'm nervous".
    told = flat
    if _ELSEWHERE.search(text.lower()):
        told = " ".join(
            " ".join(words_of(s)) for s in SENTENCE_END.split(text) if not _ELSEWHERE.search(s.lower())
        )
    told = re.split(r"\bif\b", told)[0]
    if has_word(words, lexicon.COMPLAINT, cutoff=_STRICT) or has_phrase(told, lexicon.COMPLAINT_PHRASES):
        return True
    # "My manager said ...", "reports for staff", "as a manager, ...": someone spoken of, not asked for;
    # after its subject, a verb: "I'll manage".
    # So is one named by a title after "my": "approved by my line manager".
    mentioned = {w for before, w in pairwise(words) if before in _SPOKEN_OF}
    mentioned |= {
        w
        for as_, a, w in zip(words, words[1:], words[2:], strict=False)
        if (as_ == "as" and a in ("a", "an")) or as_ in ("my", "our")
    }
    # The verb a title is made of names no one: "I can manage", "can a beginner manage it" ("manager").
    humans = [w for w in words if w not in mentioned and f"{w}r" not in lexicon.HUMAN]
    asks_for_one = (
        has_word(humans, lexicon.HUMAN, cutoff=_STRICT)
        or has_phrase(flat, lexicon.HUMAN_PHRASES)
        or lexicon.TALK_TO_SOMEONE.search(flat) is not None
        or any(map(_only_a_person, re.split(r"[,.;:!?—]", text)))
    )
    if asks_for_one and not flat.startswith(lexicon.ABOUT_ASSISTANT):
        return True
    return refund == "requested" and cancel != "requested"


_ELSEWHERE = re.compile(
    r"\b(?:other|another) (?:places?|schools?|providers?|platforms?|sites?|bootcamps?)\b|\belsewhere\b"
)
_TURNED_DOWN = re.compile(
    r"\b(?:no|not|without|never mind|don't need|dont need|do not need|don't want|dont want|do not want)"
    r"(?: (?!i\b|i'm\b|im\b|we\b|me\b)[\w']+){0,4}? (?:a |an )?(?:real |actual |live )?"
    r"(?:person|human|humans|someone|somebody|anyone|anybody|staff|agent|operator|people)\b[^,.;:!?]*"
)
"""A person after "no", "not", "without", "never mind", "don't need" or "don't want" in the same clause,
and what follows it there: turned down, not asked for ("I'm not asking for a human", "without bothering anyone
at support"); one after "I" or "we" is asked for again ("no, I need a real person")."""


def _only_a_person(said: str) -> bool:
    """Whether a sentence only names a person, which asks for one: "A person, please.", "a real human now".

    So does one that only has a person brought: "get me a person", "find me a human, please". After
    a complaint ("your bot moved me to the wrong cohort. A person, please.") as alone.
    """
    words = [w for w in words_of(said) if w not in _WHO_PLEASE]
    return words != [] and set(words) <= _A_PERSON


_WHO_PLEASE = (
    lexicon.FILLERS
    | lexicon.GREETINGS
    | lexicon.THANKS
    | frozenset({"a", "an", "one", "real", "actual", "live", "proper", "now", "pls", "plz", "asap"})
    | frozenset({"get", "find", "fetch", "send", "me"})
)
_A_PERSON = (lexicon.PERSONS - {"people"}) | lexicon.HUMAN | frozenset({"humans"})


def _errand(text: str, words: list[str]) -> bool:
    """Whether what an action is done to is plainly not the school's: an errand shaped like a booking.

    "Cancel my Netflix subscription", "sign me up for the Berlin 10k fun run", "put me on the waitlist
    at that ramen place", "cancel my hotel booking": a thing named ("my ...", "the ...", "a ...") by a
    word neither of the school's nor pointing back ("the first one", "that one"), nor one alone that
    the student holds ("my place"), and nothing of the school besides the action's own words. Nothing
    named ("sign me up", "cancel my enrollment") is the school's.
    """
    rest = [w for w in untimed(words) if w not in lexicon.ACTING]
    # A class or a seat at, on or aboard a thing not the school's is that thing's: "a boxing class
    # at the gym", "a seat on the chapa to Matola", "my seat on the night train", "the cooking class
    # for calulu at the community centre"; "rag-2 at the earliest", "shifts at the farm" hold no seat.
    # Someone's by name is theirs too: "the piano lessons at Mrs Hale's music studio".
    if any(
        w in _WHERE
        and has_word(words[max(0, i - 3) : i], _HOLDS)
        and (
            names_its_own(words[i + 1 : i + 4])
            or _someones(words[i + 1 : i + 3])
            or _named_after(text, words[i + 1 : i + 3])
        )
        for i, w in enumerate(words)
    ):
        return not (COHORT_SHAPED.search(text.lower()) or names_course(rest))
    # What the action's own sentences name is what it is done to: "I waited days for an answer. Put me in rag-2.";
    # "yes, enrol me now; I'll sort the money by the end of March" ends its sentence at the semicolon.
    acted = [s for s in _ANSWER_FIRST.split(text) if has_word(words_of(s), lexicon.ACTING)]
    said = words_of(" ".join(acted)) if acted else words
    # Pointing back, in a message naming nothing of the school, they are done to what it named by a name of its
    # own: "I want my Peloton membership gone. Cancel it.", "... the Anytime Fitness member list. Cancel my
    # membership there."; "My boss needs me on Tuesdays. Cancel it." names none.
    if not _POINTING_BACK.isdisjoint(said) and not about_school(text, rest):
        capitalised, branded = _names_in(text)
        if any(
            w in branded or (w in capitalised and not school_word(w) and w.removesuffix("s") not in _CALENDAR)
            for w in words
        ):
            return True
    things = things_named(said, _DETERMINERS)
    # A thing by a name of its own, an unknown word capitalised within a sentence or spelt as a brand
    # ("OpenAI"), is that name's, whatever words of the school follow: "the Coursera deep learning
    # specialization", "my OpenAI API invoice", "the waiting list for PyCon tickets". What the action is
    # done with is no such thing: "enrol me in X, I signed up with my Google account", "using my PayPal".
    objects = [w for i, w in enumerate(said) if not (w in _DETERMINERS and i and said[i - 1] in _MEANS)]
    named = {w for thing in things_named(objects, _DETERMINERS | {"for"}) for w in thing if not known_word(w)}
    if named:  # the words as written are looked at only when there is a name to look for
        capitalised, branded = _names_in(text)
        if any(w in branded or (w in capitalised and not school_word(w)) for w in named):
            return not COHORT_SHAPED.search(text.lower())
    # Who did the student a wrong, by a name of its own, is where the errand is: "PureGym put me on the
    # waiting list for the wrong class. Take me off the spin list", "Trainline sold me a ticket for the wrong day".
    if any(_provider_did(sentence.split()) for sentence in SENTENCE_END.split(text)):
        return not (COHORT_SHAPED.search(text.lower()) or names_course(rest))
    if not any(thing and thing[0] not in lexicon.HELD and not has_word(thing, _OURS) for thing in things):
        return False
    return not about_school(text, rest)


_GREETING_OPENERS = lexicon.GREETINGS | lexicon.OPENER_SKIP
_POINTING_BACK = frozenset({"it", "there", "them"})


def _provider_did(said: list[str]) -> bool:
    """Whether a sentence opens "<a name of its own> <did> me": a provider not the school, by words capitalised.

    One of them at least is unknown: "PureGym put me", "Anytime Fitness booked me"; "You put me" is no name.
    """
    # After a greeting: "good morning, PureGym ...".
    said = list(dropwhile(lambda w: w.strip(",;:!").lower() in _GREETING_OPENERS, said))
    named = list(takewhile(lambda w: w[:1].isupper() and w.isalpha(), said[:3]))  # "Bonza, book me in" calls
    words = [w.strip(",;:!?'\"()").lower() for w in said]
    return (
        named != []
        and words[len(named) + 1 : len(named) + 2] in (["me"], ["us"])
        and any(
            w.isalpha() and not (known_word(w) or school_word(w) or w in _CALENDAR)
            for w in words[: len(named)]
        )
    )


def _names_in(text: str) -> tuple[set[str], set[str]]:
    """The words written as names: capitalised within a sentence ("the Azure exam"), and as brands ("GitHub")."""
    said = [(before, w.strip(".,;:!?'\"()")) for before, w in pairwise([".", *text.split()])]
    capitalised = {
        w.lower() for before, w in said if w[:1].isupper() and before[-1] not in ".!?:" and w[:2] != "I'"
    }
    branded = {w.lower() for _, w in said if any(a.islower() and b.isupper() for a, b in pairwise(w))}
    # A hyphenated name is read by its parts, as the words are: "the Goethe-Institut B1 course"; one of
    # unknown words only, however written, is a name too ("the goethe-institut course"), not "rag-2".
    for w in [w.lower() for _, w in said if "-" in w.strip("-")]:
        parts = w.split("-")
        capitalised |= set(parts) if w in capitalised else set()
        if all(part.isalpha() and not known_word(part) for part in parts):
            branded |= set(parts)
    # A web address names its site: "my Booking.com reservation", "the coursera.org course".
    branded |= {part for _, w in said if _DOMAIN.fullmatch(w.lower()) for part in w.lower().split(".")}
    return capitalised, branded


_DOMAIN = re.compile(r"[a-z][\w-]*\.(?:com|org|net|io|co|de|fr|uk|edu)")


def _named_after(text: str, words: list[str]) -> bool:
    """Whether the words hold a name of its own, capitalised or a brand: "my booking on KLM flight KL1002"."""
    capitalised, branded = _names_in(text)
    return any(
        w in branded or (w in capitalised and not known_word(w) and not school_word(w))
        for w in untimed(words)
        if w not in _CALENDAR
    )


_CALENDAR = frozenset(
    ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", *MONTH_NAMES)
)
"""Days and months are capitalised, and name no provider: "cancel my seat on Tuesday"."""


def _someones(words: list[str]) -> bool:
    """Whether the words name a place by whose it is, not the school's: "Mrs Hale's", "the hairdresser's"."""
    return any(w.endswith("'s") and not has_word([w.removesuffix("'s")], _OURS) for w in words)


_DETERMINERS = frozenset({"my", "our", "a", "an", "the", "that"})
_MEANS = frozenset({"with", "using", "via", "through"})
_HOLDS = lexicon.HELD | word_set(
    "class classes course courses lesson lessons session sessions workshop list group groups"
)
"""What any place may hold as the school does: "a boxing class at the gym" is the gym's, "a seat on
the ferry" the ferry's."""
_WHERE = frozenset({"at", "on", "aboard", "with"})


_OURS = (
    lexicon.SCHOOL
    | lexicon.PLANNING
    | lexicon.CONTEXT
    | lexicon.ORDERS
    | lexicon.COUNTS
    | frozenset({"waiting", "name", "plan", "program", "programme", "works"})
)
"""The school's words, and those of its actions' phrases and plans: "the waiting list", "put my name
down", "the plan"; "that works" names nothing (built once, not on every reading)."""


def _request(text: str, flat: str, words: list[str]) -> Reading:
    """A new request: the strongest action requested, else a handoff, question or other."""
    # Thanks first is chat, unless a clause after it asks for something ("thanks, but cancel rag-1").
    thanked = words[0] in lexicon.THANKS and "?" not in text
    clauses = clauses_of(text, framed)[int(thanked) :]
    if social_only(flat):
        return Reading("other", "social")
    # What the assistant can see or do is asked, unless an action follows on: "... and enrol me".
    # So is what it said it could do, quoted back before a question: "you said you could enrol me. Seats left?";
    # not when the question asks it to be done: "... Can you do that now?".
    offered = (
        lexicon.OFFERED.search(flat) is not None
        and ("?" in text or not lexicon.WH_OPENERS.isdisjoint(words))
        and not any(a == "do" and b in ("it", "that", "this", "so") for a, b in pairwise(words))
    )
    can_it = (offered or has_phrase(flat, lexicon.CAPABILITY)) and not any(
        a in ("and", "then") and b in lexicon.ACTION_VERBS for a, b in pairwise(words)
    )
    if can_it or has_phrase(flat, lexicon.CHECKING) or _names_its_record(words):
        return Reading("question", "asked")
    # A word of putting off in quotes puts nothing off: "the 'someday' label".
    later = deferred(" ".join(words_of(unmentioned(text))))
    # A clause asking to be told requests nothing ("put me in the picture on rag"); "Moving to Berlin
    # in October" moves no seat: a place by name is no cohort.
    told = [c for c in clauses if _told_about(c)]
    acting = [c for c in clauses if c not in told]
    staying = [c for c in acting if not moves_home(c.words)]
    readings: dict[Intent, Mention | None] = {
        intent: mention(
            staying if intent == "transfer" else acting, lex, phrases, deferred=later, pattern=pattern
        )
        for intent, lex, phrases, pattern in _ACTIONS
    }
    refund = mention(clauses, lexicon.REFUND, lexicon.REFUND_PHRASES, deferred=later, polite_requests=False)
    if _for_staff(text, words, flat, refund, cancel=readings["cancel"]):
        return Reading("handoff")
    elif readings["enroll"] == "requested" and _REPLACES_OWN.search(flat):
        readings["transfer"] = "requested"  # "put me in rag-2 rather than the one I'm in"
    # A seat asked for or held in case one comes free is a place on the waiting list: "put my name down in
    # case someone leaves", "if someone drops out, please keep the spot for me".
    held = readings["enroll"] == "requested" or _HOLD_ME.search(flat) is not None
    if held and _VACANCY.search(flat) and "negated" not in (readings["enroll"], readings["waitlist"]):
        readings["waitlist"] = "requested"
    requested = next((intent for intent, reading in readings.items() if reading == "requested"), None)
    if requested is not None:
        # "Book me a flight to Paris" books nothing here.
        return Reading("other", "offtopic") if _errand(text, words) else Reading(requested)
    asked_of = [intent for intent, reading in readings.items() if reading == "asked"]
    if len(asked_of) == 1 and has_phrase(
        flat, lexicon.DOING_IT
    ):  # "why is it so hard to sign up? do it for me"
        return Reading(asked_of[0])
    found = {*readings.values(), refund} - {None}
    if not found and about_assistant(words):
        return Reading("other", "social")
    # Told of oneself, asking nothing, a course turned down or done is a remark: "I don't need rag,
    # I already know it", "not interested in nlp", "I finished rag last year, loved it".
    done = words[1:2] != [] and (
        words[1] in ("don't", "haven't") or (words[1].endswith("ed") and words[1] != "need")
    )
    asked = (
        "?" in text or any(map(asks, clauses)) or not {*lexicon.WH_OPENERS, "if", "whether"}.isdisjoint(words)
    )
    if not found and words[0] in ("i", "not") and done and not asked:
        return Reading("other", "negated")
    if not found and (off_topic(text, words, flat) or _task(words)):
        return Reading("other", "offtopic")
    if "asked" in found:
        # Asked of a thing of another's by name, not of the school or the assistant ("how do I cancel an Uber ride?",
        # "is there a Trello shortcut to move a card?"), an action asked about is no guard's question: the learned
        # reader may read it off-topic.
        elsewhere = "you" not in words and _errand(text, words)
        return Reading("question", None if elsewhere else "asked")
    # "Don't sign me up, I only want the dates of rag-2": what alone is wanted beside a no is asked.
    wanted = {"want", "need", "whether", "the"} | lexicon.INFO_WORDS | lexicon.TELLING
    wanted_only = any(a in ("just", "only") and b in wanted for c in clauses for a, b in pairwise(c.words))
    asking = "?" in text or any(asks(c) for c in clauses) or ("negated" in found and wanted_only)
    # After a no, the school's thing brought up, no action with it, is asked about: "not X, but rag-2 has ...".
    but = flat.partition(" but ")[2].split()
    asking = asking or (
        "negated" in found and about_school(" ".join(but), but) and not has_word(but, lexicon.ACTING)
    )
    if "negated" in found or (later and not asking):
        return Reading("question" if asking else "other", "negated")
    # Nothing is requested: naming the school's things ("courses under €500", "the dates of rag-2")
    # or asking in any form ("list", "show me", "give me") is a question about the catalog.
    named = about_school(text, words)
    # Thanks for something, asking nothing, is chat whatever it names: "many thanks for a well-run rag course".
    thanked = has_phrase(flat, _THANKING) and not has_phrase(flat, _THANKS_AHEAD)
    if not asking and thanked and _ASKED_ALONE.isdisjoint(words):
        return Reading("other", "social")
    # A question word opening what is said asks, "?" or not: "wait when does it start exactly".
    if not (asking or named or not lexicon.INFO_WORDS.isdisjoint(words[:2])):
        return Reading("other")
    return Reading("question", "asked" if told else None)


def _names_its_record(words: list[str]) -> bool:
    """Whether the message only names the student's own seats or payments: "my enrolments?".

    Named with no verb ("hello, my bookings and payments please"), a record is asked for, never an action.
    """
    said = [w for w in words if w not in _AROUND_A_RECORD]
    return said[:1] == ["my"] and len(said) > 1 and all(w.removesuffix("s") in _RECORDS for w in said[1:])


_AROUND_A_RECORD = lexicon.GREETINGS | lexicon.THANKS | lexicon.FILLERS | frozenset({"pls", "and"})
_RECORDS = lexicon.HELD | lexicon.WAITLIST


def _told_about(clause: Clause) -> bool:
    """Whether a clause opens by asking to be told about a subject: "fill me in on rag", "gen me up on sql".

    After "me" come "about", or "in" or "up" then "on": what follows is the subject, never a seat,
    whatever a reader makes of it. Its verb is no word of acting, unless the student is put in
    something that is no seat of the school's ("put me in the picture on rag", "keep me in the loop
    about nlp"). "Me on" alone places as often as it tells ("roll me on nlp", "stick me on the waitlist").
    """
    said = [*dropwhile(lexicon.OPENER_SKIP.__contains__, clause.words), "", "", "", "", ""]
    gap = list(takewhile(lambda w: w not in ("on", "about"), said[3:5]))
    told = said[1] == "me" and (
        said[2] == "about" or (said[2] in ("in", "up") and said[3 + len(gap)] in ("on", "about"))
    )
    put_in = [w for w in gap if w not in _NAMING]
    outside = put_in != [] and not about_school(" ".join(gap), gap) and not names_course(gap)
    verb = [] if outside else [said[0]]
    return told and not has_word([*verb, *said[3:]], lexicon.ACTING | lexicon.HELD)
