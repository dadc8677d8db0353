"""Whether a message requests an action, asks about it, or puts it off: clause by clause.

A clause names an action by a word of its lexicon or a phrase. It *asks* about it when it opens
with a question word ("how do I cancel?", "what is the refund policy"), says it wants to know, or
opens with a modal and qualifies the action ("can I cancel later?"); "can I join rag-2?" is a
polite request. It *puts it off* when a negator comes before the action's word ("I don't want to
sign up yet"), when the clause hedges ("I'm thinking about enrolling"), or when the message
defers everything ("..., but not yet", "maybe later"). Only a clause that does none of these
requests the action.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from itertools import dropwhile, pairwise, takewhile
from typing import Literal

from graphs.fuzzy import word_set
from graphs.intents import lexicon
from graphs.intents.text import (
    Clause,
    clauses_of,
    first_word_at,
    has_phrase,
    has_word,
    in_title,
    names_course,
    phrases_by_head,
    sends_news,
)

Mention = Literal["requested", "asked", "negated"]

_LATER = re.compile(
    r"(?<!\bthe )(?<!\ba )(?<!\b(?:starts|begins) )\blater\b"
    r"(?! than\b)(?! (?:cohort|group|one|class|session|intake|start|date|batch|course)s?\b)"
)
"""'Later' on its own puts an action off ("I'll sign up later"); "a later cohort" names one, and a
later said of another's time puts off nothing: "nursery starts later than I thought", "my shift
begins later now", "it ends later than expected"."""

_PUT_OFF_BEFORE = re.compile(
    r"\b(?:i|we|kept|keep|been|was|were|stop|stopped) (?:put|putting|holding) off\b"
    r"(?=.* (?<!until )(?:now|today|get it done)\b)"
)
"""A wobble told of the past, the action then taken now, puts nothing off: "I kept putting off the
payment. Let's get it done: charge my card now"; "I kept putting off the payment" alone still does."""


_HOPED_LATER = re.compile(
    r"\b(?:hope|hoping|hopefully)\b(?! to\b)(?: [\w'-]+){1,6}? later\b"
    r"|\b(?:my|our|his|her|their|the) [\w'-]+ (?!i\b)\w+s (?:me |us |you )?(?:back )?later\b"
)
"""What is hoped to come later is the world's, not the action's: "cancel my place ... I hope life calms
down later in the year"; "I hope to join later" puts the joining off. So is what another does later: "my
employer reimburses me later, so charge my card now"."""


def deferred(flat: str) -> bool:
    """Whether the message puts every action it names off: "not yet", "maybe later".

    Where a later cohort is weighed ("earlier cohort or later one... later"), "later" picks it.
    """
    weighed = re.search(r"\blater (?:cohort|group|one|class|intake|batch)", flat) is not None
    flat = _COUNTED_DAY.sub(" ", _HOPED_LATER.sub(" ", _PUT_OFF_BEFORE.sub(" ", flat)))
    return has_phrase(flat, lexicon.DEFERRALS) or (_LATER.search(flat) is not None and not weighed)


_COUNTED_DAY = re.compile(r"\bone day (?=at a time|a (?:week|month)|per|each|off|left|only)\b")
"""A day counted is no day to come: "recovering well, one day at a time", "one day a week is all I have"."""
_SOMEDAY = ("one day", "some day", "someday", "in another life", "in a perfect world", "in an ideal world")
"""Opening what the student tells, these put it on no date at all: "one day, I'll do mlops"."""


def told_plan(text: str, words: list[str]) -> bool:
    """Whether a message only tells what the student will do on a condition or at a time, asking nothing.

    "If the promotion comes through, I'll enroll in nlp-1", "when I'm back I might switch", "maybe
    next year I'll ask for a roadmap", "in another life I'd have done rag", "if only rag-2 started
    later" tell a plan or a wish; "if it's full, put me on the waitlist" orders, and
    "if there's still room in rag-2, I'll take it" asks for what the school can check. `words` are
    the message's (`words_of`).
    """
    words = _without_openers(words)
    flat = " ".join(words)
    timed = words[:1] != [] and words[0] in lexicon.CONDITIONS and words[1:2] not in (["there's"], ["there"])
    timed = timed or "next year" in flat or (flat.startswith(_SOMEDAY) and not _COUNTED_DAY.match(flat))
    # A wait told as over times nothing to come: "after weeks of hesitating, I'd like to pay today".
    waited = words[:1] == ["after"] and not _THEIRS_OR_MINE.issuperset(words[1:2])
    timed = timed and not (waited and not {"now", "today"}.isdisjoint(words))
    # "I'll", "I'd have done", "I might", "I'm taking": what the student will or would do; not what
    # for ("after rag, lay out a path so I can work as an AI engineer": a purpose is no plan).
    future = any(
        w in ("i'll", "we'll", "i'd", "we'd")
        or (w == "i" and n in lexicon.MODAL_OPENERS and b not in ("so", "that"))
        or (w in ("i'm", "we're") and n.endswith("ing"))
        for b, w, n in zip(["", *words], words, words[1:], strict=False)
    )
    wished = words[:2] == ["if", "only"]  # "if only rag-2 started later": a wish, no order
    # "..., what does it cover" asks, and so does a verb before its subject ("would that let me skip");
    # "when the kids are older" times.
    asked = "?" in text or any(
        (w in lexicon.WH_OPENERS and n in lexicon.AUX_OPENERS | lexicon.MODAL_OPENERS)
        or (w in lexicon.MODAL_OPENERS and n in lexicon.SUBJECTS | {"that", "this"})
        for w, n in pairwise(words)
    )
    # Timed after it, the plan told first is put off too: "I'll pay for rag-2 when my salary comes in",
    # "we'll enrol once our visas are sorted"; "I'll pay once you send the link" waits on the school.
    timed = timed or (
        words[:1] != []
        and words[0] in ("i'll", "we'll")
        and any(w in _TIMED_BY and n in _THEIRS_OR_MINE for w, n in pairwise(words))
    )
    # An order in any clause is given now: "after a good week I'm doing it: enrol me in rag", "..., put
    # together a plan of the courses leading to it"; a clause joined by "and" goes on with the plan's
    # subject: "I'd start mlops-2 next week and pay for it with a bonus I don't have".
    said = [_without_openers(c.words) for c in clauses_of(text) if not c.joined]
    # So is one asking to be given or shown the way to a goal told: "I'd like to reach the level for mlops by
    # next year. Give me the courses in order to get there" ("get there" acts on no seat); "I'll take rag. Show me
    # the courses after it" plans rag.
    shown = not has_word([w for w in words if w != "get"], lexicon.ACTING) and any(
        c[0] in _SHOW_ME and not _WAY_THERE.isdisjoint(c) for c in said
    )
    ordered = shown or any(has_imperative(c) or c[0] in lexicon.ACTION_VERBS for c in said)
    # An act the student was about to ask for, then given up, is told of: "I was going to ask you to enrol me
    # in nlp-1, but I've talked myself out of it", "I was about to ask for a roadmap, but my plans have changed".
    # What follows the "but" orders nothing and asks nothing: "I was going to wait, but enrol me now" orders.
    given_up = flat.partition(" but ")[2].split()
    acts = any(not w.endswith("ed") and has_word([w], lexicon.ACTING) for w in given_up)
    acts = acts or has_imperative(given_up) or not _ASKS_NOW.isdisjoint(given_up)
    if (
        _WITHDRAWN.match(flat)
        and given_up
        and not acts
        and not has_phrase(flat, lexicon.DOING_IT)
        and "?" not in text
    ):
        return True
    return (wished or (timed and future)) and not asked and not ordered


_ASKS_NOW = word_set("please pls make give send build show me")
"""After the "but" of an act given up, these ask for something after all: "..., but please make me one",
"... but moving me to another cohort would be better"."""
_SHOW_ME = lexicon.SHOWING | word_set("give send build map lay plan")
"""A clause opening with one of these asks to be given or shown something ("give me the courses ...")."""
_WAY_THERE = lexicon.PLANNING | word_set("courses order steps plan")
"""What shows the way to a goal told: "the courses in order to get there", "the steps"."""
_WITHDRAWN = re.compile(r"(?:i|we) (?:was|were|had been) (?:going|about|meaning|planning) to\b")
_TIMED_BY = frozenset({"when", "once", "after", "whenever"})
_THEIRS_OR_MINE = frozenset({"i", "i'm", "i've", "we", "we're", "my", "our", "the", "his", "her", "their"})
"""After "when" or "once", these time the plan by the student's own news, not the school's ("once you send it")."""


def mention(
    clauses: list[Clause],
    words: Collection[str],
    phrases: tuple[str, ...],
    *,
    deferred: bool,
    polite_requests: bool = True,
    pattern: re.Pattern[str] | None = None,
) -> Mention | None:
    """How the message names the action of `words`/`phrases`: requested wins over asked over negated.

    With `polite_requests` false, "can I ...?" asks (a refund asked about is a question). A match
    of `pattern` names the action too.
    """
    found: set[Mention] = set()
    negated_before = bare = asking = False
    # What a message that orders nothing tells of is no request; "the waitlist is automatic: add me to it" orders.
    told = not any(has_imperative(c.words) for c in clauses)
    questioned = any(c.questioned or c.words[:1] in _ASKING_OPENERS for c in clauses)
    # Asked to try it again, a failure told is why, not news: "the payment for rag-2 bounced, can you retry it?".
    again = _asked_again(" ".join(c.flat for c in clauses))
    for clause in clauses:
        said = [w for w in clause.words if w not in _ASIDES]
        if not said:  # "not, like, enrolling": an aside between keeps what was said before it
            continue
        at = _action_at(clause, words, phrases, pattern)
        # A negator alone negates what follows it ("not, um, cancelling, but ..."); a past told apart does not,
        # unless supposed: "payday was today and i want to pay rag-2", "if I were to enrol and then cancel".
        negated = (clause.joined or bare) and negated_before
        own = at is not None or "if" in clause.words
        negated_before = negated or _negated(clause, len(clause.words) if at is None else at, reported=own)
        bare = said == ["not"]
        # A clause joined by "and" or "or" to one that asks, or names a time, shares it: "between signing up
        # and paying for it", "what's the first cohort of cloud deployment with docker and kubernetes I could join".
        asking = (
            (clause.joined and asking)
            or _names_a_time(clause.words, at)
            or asks(clause, polite_requests=polite_requests)
        )
        if at is None:
            continue
        # "<act> me" orders it, also inside a question or after "I was hoping you could".
        ordered = (
            polite_requests and has_imperative(clause.words) and not _negated(clause, at, reported=False)
        )
        if (
            not ordered
            and (
                # Asked, an action's word alone is an option named: "how does paying work: card, transfer?"
                asking
                # Supposed in a question, it is weighed: "we have a discount if we inscribe both in rag-1?"
                or (
                    clause.questioned
                    and "if" in clause.words[:at]
                    and not has_phrase(clause.flat, lexicon.POLITE)
                )
                or (clause.framed and not (_opens_with(clause, at) and (said[1:] or not clause.questioned)))
            )
        ):
            found.add("asked")
        elif (
            deferred
            or (negated_before and not ordered)
            or _described(clause, at, told=told, asking=questioned, again=again)
            or (_reported(clause.words[max(0, at - 1) : at + 1], words) and not _wished(clause.words[:at]))
            # A modal asked of the assistant hedges nothing: "I wonder if you might kindly register me".
            or has_phrase(clause.flat.replace("you might", "you").replace("might you", "you"), lexicon.HEDGES)
        ):
            found.add("negated")
        else:
            found.add("requested")
    for reading in ("requested", "asked", "negated"):
        if reading in found:
            return reading  # type: ignore[return-value]
    return None


def _names_a_time(words: list[str], at: int | None) -> bool:
    """Whether the action's word names a time, not a deed: its gerund after a word of time, or its deadline.

    "After enrolling in rag-2, how long ...", "between signing up and paying", "upon cancelling",
    "the last day to cancel", "deadline for paying", "total at checkout": asked about, never requested (a clause joined
    by "and" to one shares it). A gerund up to the action's word counts, any with none named (`at` None).
    """
    spots = range(len(words) if at is None else at + 1)  # "between joining the waiting list and ..."
    # So is a gerund after "of", a way of doing it: "which other ways of paying for rag do you take?".
    timed = (
        words[i].endswith("ing")
        and (
            (words[i - 1 : i] == ["of"] and words[i - 2 : i - 1] != [] and words[i - 2] in _WAYS)
            or has_word(words[i - 1 : i], _TIMES_OF)
        )
        for i in spots
    )
    if any(timed):
        return True
    before = words[max(0, at - 2) : at] if at is not None else []
    # After "at" or "during" it is a moment: "rag, total at checkout?", "what's charged during registration".
    return (before[-1:] in (["to"], ["for"]) and before[0] in _DEADLINES | _WAYS) or before[-1:] in (
        ["at"],
        ["during"],
    )


_WAYS = word_set("way ways method methods means option options process steps cost costs")
"""Before "of" and a gerund, these name a way of doing it, not the deed: "other ways of paying"."""
_TIMES_OF = word_set("after before between upon since until till while")
_DEADLINES = frozenset({"day", "date", "deadline", "cutoff", "cut-off"})


_ASIDES = lexicon.FILLERS | {"like", "uh", "er"}
"""Words said between others while thinking ("not, like, enrolling"): no clause of their own."""


def _action_at(
    clause: Clause, words: Collection[str], phrases: tuple[str, ...], pattern: re.Pattern[str] | None
) -> int | None:
    """The position of the clause's first word naming the action, or None."""
    spots = []
    matched = pattern.search(clause.flat) if pattern else None
    if matched:
        spots.append(clause.flat[: matched.start()].count(" "))
    by_word = first_word_at(clause.words, words)
    if by_word is not None:
        spots.append(by_word)
    padded = f" {clause.flat} "
    single, by_head = phrases_by_head(phrases)
    for phrase in (*single, *(p for word in set(clause.words) for p in by_head.get(word, ()))):
        at = padded.find(f" {phrase}")
        if at >= 0:
            spots.append(padded[: at + 1].count(" ") - 1)
    # After "bank", "wire" or "by", a word of moving is a way to pay: "by card or by bank transfer?".
    paid = [at for at in spots if clause.words[at - 1 : at] in (["bank"], ["wire"], ["by"])]
    return min(
        (at for at in spots if at not in paid and not sends_news(clause.words[at + 1 :])), default=None
    )


def framed(words: list[str], questioned: bool) -> bool:
    """Whether a sentence opens as a question or a supposition, so that the actions it names are asked about.

    A question word or an auxiliary opens a question ("what happens when someone drops out?"); a
    supposition opens with "if", "suppose", "imagine" ...; a modal question is one when it qualifies
    what it asks ("can I cancel and get a refund two days before the start?"). Asking leave ("is it
    ok if I cancel?") is a polite request.
    """
    if has_phrase(" ".join(words), lexicon.POLITE):
        return False
    words = _without_openers(words)
    opener = words[0] if words else ""
    if _orders_with_do(words) or _asks_the_assistant(words):
        return False
    if opener in lexicon.WH_OPENERS | lexicon.AUX_OPENERS | lexicon.SUPPOSING | lexicon.ELLIPTIC_OPENERS:
        return True
    if not _SUPPOSING_SOON.isdisjoint(words[:4]):  # "let's pretend ...", "just picture it: ..."
        return True
    if not lexicon.WH_OPENERS.isdisjoint(words[1:3]):  # "up to how many days before ..."
        return True
    # Offering alternatives asks, "?" or not: "my name on the waitlist already or not", "can I audit it or is it graded".
    if any(w == "or" and (n == "not" or n in lexicon.AUX_OPENERS) for w, n in pairwise(words)):
        return True
    if has_phrase(" ".join(words[:4]), lexicon.SUPPOSING_PHRASES):  # "in the event that rag-2 is cancelled"
        return True
    # Weighing one against another asks ("rag-2 versus a later cohort", "torn between"), and so
    # does an obligation asked of oneself: "would I have to pay again", "will we have to re-enrol".
    weighed = not {"versus", "vs"}.isdisjoint(words) or has_phrase(" ".join(words), _WEIGHING)
    if weighed or (opener in lexicon.MODAL_OPENERS and words[2:4] == ["have", "to"]):
        return True
    # "Can I cancel and get a refund two days before the start" asks about the rules, "?" or not;
    # "can I pay with my card" (no "?") is a polite request.
    asked = questioned or any(w in lexicon.REFUND or w in lexicon.PERMISSION for w in words)
    return opener in lexicon.MODAL_OPENERS and asked and _qualified(words)


_WEIGHING = ("torn between", "choosing between", "deciding between")
_SUPPOSING_SOON = lexicon.SUPPOSING - {"if", "say"}
"""Among a sentence's first words, these suppose; "if" and "say" only open it ("enroll me if ...")."""


def _opens_with(clause: Clause, at: int) -> bool:
    """Whether the clause opens with the action it names, or holds an imperative on the student.

    "Enroll me", "please cancel", "could you sign me up", "I want to join"; "if it's full just queue me".
    """
    words = _without_openers(clause.words)
    if words[:1] and words[0] in lexicon.MODAL_OPENERS and words[1:2] == ["you"]:
        words = words[2:]
    wish = next((w for w in lexicon.WISHES if " ".join(words[: len(w.split())]) == w), None)
    skipped = len(clause.words) - len(words) + (len(wish.split()) if wish else 0)
    # "... and cancels the next day" goes on describing: a verb with -s or -ed is no order.
    said = clause.words[at] if at < len(clause.words) else ""
    if said.endswith(("s", "ed")) and said not in lexicon.ACTING:
        return has_imperative(clause.words)
    # A clause of the action's word alone orders only as a verb: "which methods do you accept: transfer, card?"
    alone = at == len(clause.words) - 1 and said not in lexicon.ACTION_VERBS | lexicon.WAITLIST
    return (at <= skipped and not alone) or has_imperative(clause.words)


def has_imperative(words: list[str]) -> bool:
    """Whether the clause holds an imperative on the student ("put me on the waitlist").

    "If you enroll me", "tell me" and "take me through the rules" (telling) are none.
    """
    return any(
        words[i + 1 : i + 2] == ["me"]
        and word in lexicon.ACTING
        and (i == 0 or words[i - 1] not in lexicon.SUBJECTS)
        and words[max(0, i - 2) : i - 1] not in _NAMING  # "the station put me on nights": its subject
        and not _leads_through(words, i)
        for i, word in enumerate(words)
    )


_NAMING = (["the"], ["my"], ["our"], ["his"], ["her"], ["their"])
"""Two words before a verb, these open the noun that is its subject: no order ("my boss put me on nights")."""


def _leads_through(words: list[str], at: int) -> bool:
    """Whether the verb at `at` leads the student through something: "take me through the rules".

    "Put me through for rag-2" enrolls, "put me through to admissions" asks for a person.
    """
    said = [*words[at + 1 : at + 4], "", "", ""]
    return said[0] in ("me", "us") and said[1] in lexicon.LEADING and said[2] not in ("for", "to")


def _without_openers(words: list[str]) -> list[str]:
    """The words after the greetings and fillers that open them.

    "Please do ..." orders ("please do my inscription"): its "do" goes too. A chance asked of the
    assistant first asks as its modal does: "(is there) any chance you could cancel ..." is "could you cancel ...".
    """
    while len(words) > 1 and words[0] in lexicon.OPENER_SKIP:
        words = words[2:] if words[:2] == ["please", "do"] and len(words) > 2 else words[1:]
    at = words.index("chance") if "chance" in words[:4] else 0
    modal = [*words[at + 1 : at + 3], ""][:2]
    if at and set(words[:at]) <= _CHANCE_OPENERS and modal[0] == "you" and modal[1] in lexicon.MODAL_OPENERS:
        words = [modal[1], "you", *words[at + 3 :]]
    return words


_CHANCE_OPENERS = frozenset({"any", "is", "there", "a", "some"})


def _negated(clause: Clause, before: int, *, reported: bool = True) -> bool:
    """Whether a negator, or (with `reported`) a word reporting the past, comes before `before`.

    "I was wondering if you could ..." reports no past: what is asked of the assistant follows it.
    """
    said = clause.words[:before]
    start = _you_could(said)
    return any(
        w in lexicon.NEGATORS or (reported and w in lexicon.REPORTED and i >= start)
        for i, w in enumerate(said)
    )


def _you_could(words: list[str]) -> int:
    """Where the action asked of the assistant begins after "if you could", "whether you would" (0: none)."""
    asked = (
        w in ("if", "whether") and you == "you" and m in lexicon.MODAL_OPENERS
        for w, you, m in zip(words, words[1:], words[2:], strict=False)
    )
    return next((i + 3 for i, it in enumerate(asked) if it), 0)


def _reported(said: list[str], words: Collection[str]) -> bool:
    """Whether the action's word tells what was done ("I switched jobs"), not wished.

    After "be", "get" or a need or a want the deed is wished: "be waitlisted", "I need enrolled in
    rag-2", "my spot needs moved", "I want signed up".
    """
    return said[-1].endswith("ed") and said[-1] not in words and said[0] not in _WISHED_AFTER


_WISHED_AFTER = frozenset({"be", "get", "me", "need", "needs", "want", "wants"})


def _wished(before: list[str]) -> bool:
    """Whether a wish opens the clause before the action's past form, the deed wished on the thing between.

    "I'd like my place in rag-1 cancelled", "I want my seat moved to rag-2".
    """
    said = list(dropwhile(lambda w: w not in lexicon.SUBJECTS | {"i'd", "we'd"}, before))
    return said[1:2] != [] and said[1] in _WISHING


_WISHING = frozenset({"like", "want", "need", "wants", "needs", "would"})


def _described(clause: Clause, at: int, *, told: bool, asking: bool = False, again: bool = False) -> bool:
    """Whether the clause describes the action rather than asks for it.

    Its subject is someone else, just before it ("someone drops out", "my employer is paying") or
    opening the clause with no "I" or "we" after ("another bootcamp in Berlin charges less"); or the action's
    thing failed ("the payment page didn't load"). In a message that orders nothing (`told`), also done in
    the past by its subject ("I finished to pay rag-1", "you received my payment?"; "I wanted to enrol"
    asks), its thing in a state ("my card is maxed out", "the payment of rag-1 is before the start or
    after?", "my inscription is confirmed?"), or the student or another in it ("I am in the waiting list
    still", "my flatmate is on the waiting list for rag-2").
    """
    before = clause.words[:at]
    opening = [w for w in before[:2] if w not in _DETERMINERS][:1]
    # One of the student's people opening it is its subject too: "my daughter wants to do the web apis course".
    theirs = before[:1] in (["my"], ["our"]) and before[1:2] != [] and before[1] in _THEY
    other = any(w in lexicon.THIRD_PERSONS for w in before[-2:]) or (
        opening != [] and (opening[0] in lexicon.THIRD_PERSONS or theirs) and _FIRST_PERSON.isdisjoint(before)
    )
    after = list(takewhile(lambda w: w not in _GOES_ON, clause.words[at + 1 : at + 9]))
    owned = before[-1:] in (["the"], ["my"], ["your"])
    # A button pressed names the action, not asked for: "hit enrol on rag-1 by mistake", "I clicked pay twice".
    pressed = before[-1:] != [] and before[-1] in _PRESSED
    # In a message that orders nothing, told failed anywhere after it in its clause: "my payment for rag-1
    # failed at the last step", "the payment for the Python Basics course bounced".
    # Its thing is the student's or the one spoken of, whatever word says which: "my saved card has expired".
    theirs = owned or (before[-2:-1] in (["the"], ["my"], ["your"]) and before[-1] not in lexicon.ACTING)
    failed = theirs and not lexicon.FAILING.isdisjoint(clause.words[at + 1 : at + (8 if told else 4)])
    # Opening its clause, after no more than its course's name, the thing told failed as the clause ends is
    # news too, in a message that asks: "card declined for rag-1. other ways to pay?", "payment for rag-1 timed
    # out halfway. have I paid?"; "payment for rag-2 bounced — run it once more, I've topped up" asks it again.
    failed = (failed or (told and asking and _opens_failed(clause.words, at))) and not again
    past = any(
        s in lexicon.SUBJECTS and w.endswith("ed") and w not in _WISHED_PAST for s, w in pairwise(before)
    )
    # Its thing opening the clause, then done: "card saved after paying", "payment received?".
    done = at <= 1 and after[:1] != [] and after[0].endswith("ed") and after[0] not in _WISHED_PAST
    # Named before a page or a tool, it names that page: "fighting the checkout page", "the payment screen froze".
    paged = clause.words[at + 1 : at + 2] != [] and clause.words[at + 1] in _PAGES
    state = (
        past
        or done
        or paged
        or (owned and not _BEING.isdisjoint(after))
        or before[-3:-1] in _IN_IT
        or before[-2:] in _IN_IT
    )
    # What the student is doing for a thing not the school's, in a message that orders nothing, is told of:
    # "what does rag cost? I'm paying for my own retraining"; "I'm paying for rag-2" pays.
    doing = before[-1:] in (["i'm"], ["we're"]) and after[:1] == ["for"] and not _names_ours(after[1:])
    return other or failed or pressed or (told and (state or doing) and not again)


def _asked_again(flat: str) -> bool:
    """Whether the assistant is asked to do it again: "can you retry it?", "please try again"; "can I try again?" asks."""
    return any(_STUDENT.isdisjoint(flat[: m.start()].split()[-2:]) for m in _AGAIN.finditer(flat))


_AGAIN = re.compile(r"\bretry\b|\b(?:try|run|charge|process|put) (?:\w+ ){0,2}?(?:again|once more)\b")
_STUDENT = frozenset({"i", "we"})


def _opens_failed(words: list[str], at: int) -> bool:
    """Whether the clause opens with the action's thing (after its course's name, if any), told failed at its end."""
    before = words[:at]
    opens = not before or names_course(before) or any(w.isdigit() for w in before)
    told = [i for i, w in enumerate(words[at + 1 : at + 8], at + 1) if w in lexicon.FAILING]
    return opens and told != [] and len(words) - told[0] - 1 <= _FAILED_TAIL


_ASKING_OPENERS = tuple(
    [w] for w in ("have", "has", "did", "was", "is", "can", "how", "what", "which", "when")
)
"""A clause opening with one of these asks, "?" or not: "have i paid for it or not"."""
_FAILED_TAIL = 4
"""After a failure told as news, the words that may end its clause: "declined for rag 1", "out halfway"."""


def _names_ours(words: list[str]) -> bool:
    """Whether the words name a course, a cohort or what was spoken of ("it", "this one")."""
    named = names_course(words) or not lexicon.SCHOOL.isdisjoint(words) or any(w.isdigit() for w in words)
    return named or words[:1] in (["it"], ["this"], ["that"], ["both"])


_PAGES = frozenset({"page", "pages", "screen", "form", "button", "site", "portal", "system", "app", "widget"})
_PRESSED = frozenset({"hit", "clicked", "pressed", "tapped", "hitting", "clicking", "pressing", "tapping"})


_THEY = lexicon.PEOPLE | lexicon.THIRD_PERSONS
"""Who "my ..." names that acts on its own: "my daughter wants ...", "my bank app shows a pending charge"."""
_WISHED_PAST = word_set("need wanted needed hoped wished decided wondered intended liked loved")
_BEING = frozenset({"is", "was", "are", "were", "isn't", "wasn't", "aren't", "keeps", "works", "worked"})
_GOES_ON = frozenset({"and", "but", "which", "that", "who", "so", "if", "me", "i", "you", "please"})
"""After the action's thing, these begin another clause or another's act: its state is not said."""
_IN_IT = tuple(
    [b, p]
    for b in ("am", "i'm", "we're", "are", "is", "was", "he's", "she's", "they're")
    for p in ("in", "on")
)


_DETERMINERS = frozenset({"another", "other", "a", "the", "some"})
_FIRST_PERSON = frozenset({"i", "we"})


def asks(clause: Clause, *, polite_requests: bool = True) -> bool:
    """Whether the clause is a question about what it names rather than a request for it."""
    if has_phrase(clause.flat, lexicon.POLITE):
        return False
    words = _without_openers(list(clause.words))
    # A question in a statement's order asks as the question does: "I can pay in two parts?" is "can I pay
    # in two parts?"; after its preposition, a question word opens one: "until when ...".
    second = [*words[1:2], ""][0]
    if clause.questioned and words[0] in lexicon.SUBJECTS and second in lexicon.MODAL_OPENERS:
        words = [second, words[0], *words[2:]]
    elif words[0] in _TIMING and second in lexicon.WH_OPENERS:
        words = words[1:]
    opener = words[0]
    # A question word closing a question asks as one opening it: "rag-2 payment due when?".
    if clause.questioned and words[-1] in lexicon.WH_OPENERS:
        return True
    if _orders_with_do(words):  # "do not cancel my seat"
        return False
    # "Can you show me my enrollments?" asks to be shown, as "show me ..." does.
    shown = words[2] if _asks_the_assistant(words) else opener
    # An auxiliary before an article or "only" tells, its subject left out ("had a long day", "is only for your
    # information"), unless asked: "is a laptop needed?".
    told = (
        opener in lexicon.AUX_OPENERS
        and words[1:2] in (["a"], ["an"], ["only"], ["just"])
        and not clause.questioned
    )
    if (
        opener in lexicon.WH_OPENERS
        or (opener in lexicon.AUX_OPENERS and not told)
        or shown in lexicon.SHOWING
    ):
        return True
    if _leads_through(words, 0) or _names_rules(words):  # "run me through the refund rules"
        return True
    if opener == "if" and clause.questioned:  # "if I switch, do I pay again?"
        return True
    if you := _you_could(words):  # "I was wondering if you could cancel my place": "could you cancel ..."
        said = [words[you - 1], "you", *words[you:]]
        return asks(Clause(said, clause.questioned, clause.joined), polite_requests=polite_requests)
    if (has_phrase(clause.flat, lexicon.ASK_PHRASES) and not clause.flat.endswith(lexicon.REMARKS)) or (
        _tell_me_wh(words)
    ):
        return True
    if _asks_the_assistant(words) and polite_requests:  # "could you transfer me to a later group?"
        return False
    permission = not lexicon.PERMISSION.isdisjoint(words)  # "could I still move ... if ..."
    # Asked in the passive, the rules are asked about, "?" or not: "can a place be moved after rag-2 has started".
    passive = "be" in words[2:4] and words[1] not in _SELF
    if opener in lexicon.MODAL_OPENERS and (
        clause.questioned or permission or passive or not polite_requests
    ):
        return not polite_requests or _qualified(words)
    return False


_TIMING = frozenset({"until", "till", "since", "by", "from"})


def _names_rules(words: list[str]) -> bool:
    """Whether an action's noun names its rules: "the refnd policy", "the cancellation terms for rag-2"."""
    return any(w in lexicon.RULES and has_word(words[i - 1 : i], lexicon.ACTING) for i, w in enumerate(words))


def _qualified(words: list[str]) -> bool:
    """Whether the words qualify what they ask ("later", "before", "with paypal").

    "A later group" is a cohort, not a time.
    """
    return any(
        w in lexicon.QUALIFIERS
        and not (w in ("later", "earlier") and i and words[i - 1] in ("a", "the", "another"))
        and not in_title(words, i)  # "Cloud Deployment with Docker"
        for i, w in enumerate(words)
    )


def _tell_me_wh(words: list[str]) -> bool:
    """Whether the words ask to be told something: a verb of telling, then what, whether or if.

    "Tell me which cohorts ...", "could you check whether I'm still on the waitlist", "kindly
    advise what the deadline is", "walk me through how the waitlist works".
    """
    asked = lexicon.WH_OPENERS | {"if", "whether"}
    for i, word in enumerate(words):
        if word in lexicon.TELLING:
            rest = [w for w in words[i + 1 : i + 5] if w not in ("me", "us", "through", "in", "on")]
            if rest[:1] and rest[0] in asked:
                return True
    return False


def _orders_with_do(words: list[str]) -> bool:
    """Whether the words open with "do" as an order, not a question.

    "Do not cancel my seat"; "do the enrollment for me", "do my registration in rag-2": "do" with
    an action's noun and no verb after it ("do my payments show up?" asks).
    """
    if words[:2] == ["do", "not"]:
        return True
    noun, after = [*words[2:4], "", ""][:2]
    ends = after in ("", "for", "please", "now", "in", "of", "today", "asap")
    return (
        words[:1] == ["do"] and words[1:2] in (["the"], ["my"]) and ends and has_word([noun], lexicon.ACTING)
    )


def _asks_the_assistant(words: list[str]) -> bool:
    """Whether the words open with "can you", "could you", "would you", "will you": a request to act.

    Paying is the student's own act: "can you pay for web apis in instalments?", done for no one
    named, asks what anyone can do ("you" is one); "can you pay for my seat" asks the assistant.
    """
    anyone = words[2:3] != [] and words[2] in lexicon.PAY and _SELF.isdisjoint(words)
    return len(words) > 2 and words[0] in lexicon.MODAL_OPENERS and words[1] == "you" and not anyone


_SELF = frozenset({"me", "my", "us", "our", "i", "mine"})
