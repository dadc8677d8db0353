"""Reading a message into words and clauses, and matching words with typo tolerance."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Collection
from dataclasses import dataclass
from functools import lru_cache
from itertools import dropwhile, pairwise

from agent.domain.catalog import catalog_names, catalog_words
from agent.domain.documents import school_text
from graphs.fuzzy import one_slip, similar, swapped
from graphs.intents import lexicon
from graphs.months import MONTH_NAMES

_WORD = re.compile(r"[a-z0-9]+(?:'[a-z0-9]+)*")
_SENTENCE = re.compile(r"[^.!?;\n]+[.!?;]*")
SENTENCE_END = re.compile(r"(?<=[.!?])\s+")
"""Where a sentence ends: `SENTENCE_END.split(text)` cuts a message into its sentences."""
"""A sentence ends at its mark or its line: "ok got the money\npay my seat" is two."""
_CLAUSE_BREAK = re.compile(
    r"(,|:|\s(?:but|and|or|so|then|though|although|because|while)\s|\s-\s|\s*[—–]\s*)", re.IGNORECASE
)
_SPELLINGS = {
    "wanna": "want to", "gonna": "going to", "pls": "please", "plz": "please", "u": "you",
    "nvm": "never mind", "lemme": "let me", "naw": "no", "n": "and", "y": "yes", "cxl": "cancel", "wl": "waitlist",
    "sgn": "sign", "mv": "move", "nxt": "next", "hmn": "human", "enrl": "enroll", "rgstr": "register",
    "ye": "you", "thou": "you", "thee": "you", "thy": "your", "dost": "do", "doth": "does", "hath": "has",
    "mi": "me", "fi": "for", "di": "the", "dat": "that", "inna": "in", "nah": "no", "waan": "want", "wan": "want",
    "cyaan": "can't", "deh": "there", "jus": "just", "wid": "with", "smaddy": "somebody", "seh": "say",
    "when's": "when is", "where's": "where is", "how's": "how is", "who's": "who is", "why's": "why is",
    "la": "", "lah": "", "cher": "", "b'y": "", "n'at": "", "mais": "",
}  # fmt: skip
"""Chat spellings written out, so that phrases match either way; words without their vowels too
("cxl", "sgn", "mv"), the old forms of "you" and "do" ("would ye ever", "dost thou teach"), and
Jamaican words ("sign mi up fi rag", "mi nah sign up", "mi wan chat wid a real smaddy"); a question
word's "'s" is "is" ("when's the cut-off for cancelling"). A dialect's tag particle is no word of the message
("sound la", "mais yeah cher", "go on b'y", "I need signed up n'at"). After "me" or "me up", "2" and "4" are "to"
and "for" ("add me 2 rag", "sgn me up 4 nlp"); after "go", "'ed" is "ahead" (Liverpool's "go 'ed")."""
_NUMBER_WORDS = {"2": "to", "4": "for"}
_AFTER = {("go", "ed"): "ahead"}
_REPEATED_END = re.compile(r"(\w)\1+$")
_SIGNS = dict.fromkeys("👍✅", " yes ") | dict.fromkeys("👎❌", " no ") | dict.fromkeys("€$£", " euros ")
"""Emoji that stand for a yes or a no in a reply, and a sum's sign, read as the school's currency."""
_SHORTCODES = {
    ":white_check_mark:": "✅",
    ":+1:": "👍",
    ":thumbsup:": "👍",
    ":x:": "❌",
    ":-1:": "👎",
    ":thumbsdown:": "👎",
}
"""A chat's codes for those emoji, read as the emoji before a colon can cut a clause."""


@lru_cache(maxsize=8192)
def is_word(word: str, target: str, cutoff: float = 0.8) -> bool:
    """Whether `word` is `target`, one swapped pair of letters apart, or (4+ letters) a close misspelling.

    A word of cancelling (5+ letters) with an ending is that word too ("annulate" for "annul").
    A word of a lexicon or of the catalog is only itself or an inflection, never a near miss of
    another word.
    """
    if word == target or (len(word) >= 3 and swapped(word, target)):
        return True
    # A word the reader or the catalog knows is only itself: "change" is no near miss of "charge",
    # "transformers" none of "transfer".
    if word in _catalog_words() or word in _lexicons():
        return word.startswith(target) and similar(word, target, cutoff=cutoff)  # "enrollments"
    # A word of cancelling with an ending cancels: "annulate", "annulment", "unenrollment".
    grown = len(target) >= 5 and word.startswith(target) and target in lexicon.CANCEL
    return grown or (len(target) >= 4 and similar(word, target, cutoff=cutoff, min_length=4, same_start=True))


def has_word(words: list[str], lexicon: Collection[str], *, cutoff: float = 0.8) -> bool:
    """Whether any of the words is (a misspelling of) a word of the lexicon; `cutoff` as in `similar`."""
    return any(_in_lexicon(w, lexicon, cutoff) for w in words)


def first_word_at(words: list[str], lexicon: Collection[str]) -> int | None:
    """The position of the first word that is (a misspelling of) a word of the lexicon."""
    return next((i for i, w in enumerate(words) if _in_lexicon(w, lexicon, 0.8)), None)


def _in_lexicon(word: str, lexicon: Collection[str], cutoff: float) -> bool:
    """Whether the word is (a misspelling of) a word of the lexicon, remembered for a fixed word list.

    A reading asks this of the same few hundred words and some forty lists again and again; compared
    word by word with every entry, it was half the reading's time.
    """
    if isinstance(lexicon, frozenset | tuple) and (
        lexicon in _WORD_LISTS or len(_WORD_LISTS) < _MAX_WORD_LISTS
    ):
        # One object per list, however often it is built ("ACTING | HELD"): the cache keeps no copies.
        return _in_word_list(word, _WORD_LISTS.setdefault(lexicon, lexicon), cutoff)
    return word in lexicon or any(is_word(word, t, cutoff) for t in lexicon)


_WORD_LISTS: dict[frozenset[str] | tuple[str, ...], frozenset[str] | tuple[str, ...]] = {}
_MAX_WORD_LISTS = 256


@lru_cache(maxsize=32768)
def _in_word_list(word: str, lexicon: frozenset[str] | tuple[str, ...], cutoff: float) -> bool:
    # `is_word` holds only for a word of the same first letter, or of the word's second (a swap).
    by_letter = _by_first_letter(lexicon)
    return word in lexicon or any(
        is_word(word, t, cutoff) for a in {word[:1], word[1:2]} for t in by_letter.get(a, ())
    )


@lru_cache(maxsize=256)
def _by_first_letter(lexicon: frozenset[str] | tuple[str, ...]) -> dict[str, tuple[str, ...]]:
    """The word list's words by their first letter."""
    out: dict[str, list[str]] = {}
    for t in lexicon:
        out.setdefault(t[:1], []).append(t)
    return {a: tuple(words) for a, words in out.items()}


def sends_news(after: list[str]) -> bool:
    """Whether the words after an action's word name a piece of news, which the verb then sends.

    "Drop me the start date of rag-2", "drop the dates for every nlp cohort", "send me the link": no
    seat is dropped; "drop my seat", "cancel the booking" name what they act on, and so does "join
    command-line-git-1" (the news is said after "me", "us" or an article).
    """
    said = list(dropwhile(_TO_WHOM.__contains__, after))
    return len(said) < len(after) and not lexicon.NEWS.isdisjoint(said[:2])


_TO_WHOM = frozenset({"me", "us", "the", "a", "an", "your", "its"})


def has_phrase(flat: str, phrases: tuple[str, ...]) -> bool:
    """Whether the flattened text has one of the phrases, starting at a word ("put me in" in "put me into")."""
    return _phrases(phrases).search(flat) is not None


@lru_cache(maxsize=64)
def inflected(phrases: tuple[str, ...]) -> tuple[str, ...]:
    """The phrases with their first word's -s and -ing forms too ("signing up" for "sign up")."""
    out = dict.fromkeys(phrases)
    for phrase in phrases:
        head, _, rest = phrase.partition(" ")
        if rest and head.isalpha() and len(head) > 2:
            # -s and -ing only: "moved to Berlin", "signed up last week" report what happened. A head
            # with two letters swapped is the head, as a single word is ("sing up" is "sign up").
            forms = [f for f in _inflections(head) if not f.endswith("ed")]
            forms += [head[:i] + head[i + 1] + head[i] + head[i + 2 :] for i in range(1, len(head) - 1)]
            out.update(dict.fromkeys(f"{form} {rest}" for form in forms))
    return tuple(out)


@lru_cache(maxsize=64)
def phrases_by_head(phrases: tuple[str, ...]) -> tuple[tuple[str, ...], dict[str, tuple[str, ...]]]:
    """The `inflected` phrases: those of one word, and the others by their first word.

    A phrase of several words starts with a whole word of the text or is not in it: a reader looks
    up only the phrases whose first word the text has (a clause holds a few of some hundred).
    """
    single: list[str] = []
    by_head: dict[str, list[str]] = {}
    for phrase in inflected(phrases):
        head, space, _ = phrase.partition(" ")
        if space:
            by_head.setdefault(head, []).append(phrase)
        else:
            single.append(phrase)
    return tuple(single), {head: tuple(found) for head, found in by_head.items()}


@lru_cache(maxsize=64)
def _phrases(phrases: tuple[str, ...], flags: int = 0) -> re.Pattern[str]:
    return re.compile(
        r"(?<![a-z0-9'])(?:" + "|".join(re.escape(p) for p in phrases) + r")(?![a-z0-9'])", flags
    )


_ONESELF = re.compile(
    r"\b(?:(?:the|this) )?[a-z]+ ?(?:\((?:me|myself|that'?s me|i)\)|, ?i\.? ?e\.?,? me\b,?)"
    r"|\b(?:the|this) [a-z]+ (?:writing|typing|sending) (?:this|here)\b|\bthe undersigned(?: [a-z]+)?"
    r"|^(?:\W*(?:hey|hi|hello|ok|so|lol)\b)*\W*not me(?= [a-z]+(?:ing|nig)\b)"
    r"|(?<!\S)/me\b",
    re.IGNORECASE,
)
"""The student named in the third person ("the student (me)", "this user, i.e. me,", "the learner
writing this", "the undersigned"), in the ironic "not me trying to ..." (I am trying to), or in a chat's
"/me wonders ..." (I wonder)."""
_EMOTE = re.compile(r"(?<!\*)\*(?:[a-z]+ly )?(?!yes\b)[a-z]+s\b[^*\n]{0,40}\*(?!\*)", re.IGNORECASE)
"""A stage direction between asterisks ("*sighs*", "*nervously checks inbox*"): what the student does
while writing, not what the message says."""
_FIRST_PERSON = {"is": "am", "has": "have", "does": "do", "was": "was"}
_TICKET_FIELD = re.compile(
    r"^[ \t]*(?:subject|details|description|message|body|re|topic)[ \t]*:"
    r"|(?:^|(?<=[,;|/]))[ \t]*(?:what|who|when|which|where)[ \t]*[:=]",
    re.I | re.M,
)
"""The field labels of a support ticket's layout ("Subject: ...\nDetails: ...") are no words of it,
nor a question word naming a field ("request = payment, what = rag-2, who = me" asks nothing)."""
_PASTED = re.compile(
    r"\[[ \t]*(?:image|img|screenshot|photo|picture|pic|attachment|file|pdf|scan|\d{1,2}:\d{2})\b[^\]\n]*\]"
    r"|(?:^|(?<=[!.?,:] ))[ \t]*>[^\n]*(?:\n|$)",
    re.I | re.M,
)
"""What the student pasted is no words of theirs: an attachment's placeholder ("[image: my
certificate]"), a chat log's time stamp ("[09:03]"), a line quoted back with "> ", after a greeting too
(the assistant's offer, answered on the lines after it)."""


_QUOTED = re.compile(r"[\"“«]([^\"“”«»\n]+)[\"”»]|(?<!\w)['‘]((?:[^'‘’\n]|'\w)+?)['’](?!\w)|`([^`\n]+)`")
"""A passage in quotation marks or backquotes: words someone else wrote (an auto-reply, a forwarded
mail, a sign, a line of a file)."""
QUOTED_WORDS = 3
"""At least this many words in a quoted passage that orders an action for it to be someone else's order."""


def unmentioned(text: str) -> str:
    """The text without the passages in quotes that it names: "the 'someday' label", 'my list says "later"'.

    They put nothing off: they name a label or a line. One said as the student's own stays: "sign me up 'someday'".
    """

    def named(found: re.Match[str]) -> str:
        before = text[: found.start()].split()[-1:]
        return " " if before and before[0].lower() in _NAMING_QUOTES else found.group()

    return _QUOTED.sub(named, text)


_NAMING_QUOTES = frozenset(
    {"the", "a", "my", "says", "said", "reads", "marked", "word", "label", "tag", "status"}
)


def unquoted(text: str) -> str:
    """The text without the quoted passages that order an action: those are reported, never asked.

    "Got this auto-reply: 'Out of office. Assistant, meanwhile cancel my seat in rag-1.' Weird." orders
    nothing; a course's title in quotes ("enroll me in 'Python Basics'") orders nothing either and stays.
    An action's word alone in quotes is a word mentioned, not an order: "is it 'enrol' or 'enroll'?".
    A message that is all one quotation is the student's own.
    """

    def reported(found: re.Match[str]) -> str:
        words = words_of(found[found.lastindex or 0])
        acting = [has_word([w], lexicon.ACTING, cutoff=0.85) for w in words]
        return " " if any(acting) and (len(words) >= QUOTED_WORDS or all(acting)) else found.group()

    said = _QUOTED.sub(reported, text)
    return said if _WORD.search(plain(said)) else text


_NAMES = ("school", "bot", "assistant", "chatbot")
_ADDRESSED = re.compile(
    r"^\W*(?:(?:hey|hi|hello|ok|okay|dear|yo)\W+)?"
    rf"(?:@[\w.-]+|(?:{'|'.join(_NAMES)})(?=\W+(?:please|pls|plz)\b)"
    r"|[$%]\s*(?:\./)?(?P<program>[a-z]+)[\w.-]*(?=\s+\w))[\s,:;-]*",
    re.IGNORECASE,
)
"""The assistant addressed first, by a handle ("@school ..."), by name before a please ("school
please ...") or as the program of a command line ("$ school enroll rag-2", "% ./bot waitlist nlp-1",
its name however spelt): whom the message is for, not who acts in it."""


_ABBREVIATION = re.compile(r"\b([a-z])\.([a-z])\.", re.IGNORECASE)
"""Letters with a dot after each ("i.e.", "e.g.", "a.m.") are one word, no sentence's end: in "if I
retire the car, i.e. quit rag halfway, is there a refund?" the quitting is supposed too."""
_PURPOSE = re.compile(r",?\s+so that\b[^.!?;\n]*", re.IGNORECASE)
"""What an answer or an order is for ("so that I can book leave", "so that I can plan my sprint"):
what the student will do with it, asked of no one."""
_ASKED_KINDLY = re.compile(
    r"\b(?P<asked>(?:might|may|could|can) i \w+ you to|(?:(?:would|will|could) you |please )?be so \w+ as to"
    r"|i(?:'m| am) afraid i (?:must|have to|need to) ask you to)"
    r"|\bif it(?:'s| is)(?:n't| not)? (?:too much |a |any |no )?(?:of an? )?(?:trouble|bother|imposition|hassle)\b,?"
    r"|\s*\b(?P<mark>comma|q\w{3,8}n mark|full stop)\b",
    re.IGNORECASE,
)
"""A request's courtesy is no words of it: "might I trouble you to enrol me", "would you be so kind as
to ...", "I'm afraid I must ask you to ..." ask the assistant for what follows ("could you ..."),
hedging nothing; "if it isn't too much bother, ..." sets no condition. Punctuation said aloud to a
speech-to-text app is that mark: "comma", "question mark", "full stop"."""
_MARKS = {"c": ",", "q": "?", "f": "."}
_I_LEFT_OUT = re.compile(r"(^\s*|[.!?:,]\s+)(am|was) (?=\w+ing\b)", re.IGNORECASE)
"""A sentence that opens "was hoping to ..." or "am writing to ...": its "I" left out."""


def as_said(text: str) -> str:
    """The message as plainly said: in the first person, without a ticket's labels, what was pasted or polite conditions.

    "The student (me) wishes to enroll in rag-1" is "I wish to enroll in rag-1", "not me trying to
    become a data engineer" is "I am trying to become a data engineer": the student, not another.
    "If it's no trouble, enroll me" orders on no condition; "To whom it may concern: pray enter my
    name ... Sincerely" is "enter my name ..."; "@school please drop me" is "please drop me"; "when
    does rag-2 start, so that I can book leave?" asks when rag-2 starts; "was hoping to join" is the student's.
    """
    courtesies = _phrases(lexicon.POLITE_CONDITIONS + lexicon.LETTER_FORMS, re.IGNORECASE)
    text = _PURPOSE.sub("", text)
    text = _ABBREVIATION.sub(r"\1\2", text)
    for code, emoji in _SHORTCODES.items():
        text = text.replace(code, emoji)
    addressed = _ADDRESSED.match(text)
    if addressed and (not addressed["program"] or spelled(addressed["program"].lower()) in _NAMES):
        text = text[addressed.end() :] or text
    pasted = _PASTED.sub(" ", _EMOTE.sub(" ", text))
    text = courtesies.sub("", _TICKET_FIELD.sub("", pasted if pasted.strip() else text))
    text = _ASKED_KINDLY.sub(
        lambda m: "could you" if m["asked"] else _MARKS[m["mark"][0].lower()] if m["mark"] else "", text
    )
    text = _I_LEFT_OUT.sub(r"\1I \2 ", text)
    found = _ONESELF.search(text)
    if not found:
        return text
    before, after = text[: found.start()], text[found.end() :].lstrip(" ,")
    if found.group().lower().endswith("not me"):
        return f"I am {after}"
    verb, rest = re.match(r"([\w']*)(.*)", after, re.DOTALL).groups()  # type: ignore[union-attr]
    low = verb.lower()
    if low in _FIRST_PERSON:
        verb = _FIRST_PERSON[low]
    elif low.endswith(("shes", "ches", "sses", "xes")):
        verb = verb[:-2]
    elif low.endswith("s") and not low.endswith("ss") and len(low) > 3:
        verb = verb[:-1]
    return f"{before}I {verb}{rest}"


def words_of(text: str) -> list[str]:
    """The lower-cased words of a message, chat spellings, yes/no emoji and currency signs written out.

    Each slip of a word the reader knows is read as that word (`spelled`).
    """
    return list(_words(text))  # a reading asks for the words of the same text many times


@lru_cache(maxsize=4096)
def _words(text: str) -> tuple[str, ...]:
    text = plain(text)
    for sign, word in _SIGNS.items():
        text = text.replace(sign, word)
    words = " ".join(_SPELLINGS.get(w, w) for w in _WORD.findall(text)).split()
    said = [
        _NUMBER_WORDS.get(w, w) if one == "me" or (two, one) == ("me", "up") else _AFTER.get((one, w), w)
        for two, one, w in zip(["", "", *words], ["", *words], words, strict=False)
    ]
    return tuple(spelled(w) for w in said)


def spelled_text(text: str) -> str:
    """The text lower-cased, each slip of a known word read as that word: "actually, scratch that" for "scrtch"."""
    return _WORD.sub(lambda m: spelled(m[0]), text.lower())


def plain(text: str) -> str:
    """The text lower-cased, its letters without accents ("sì" is "si", "hayır" "hayir")."""
    text = text.lower().replace("’", "'").replace("ı", "i")
    if text.isascii():  # nothing to take apart
        return text
    text = unicodedata.normalize("NFKD", text)
    return "".join(c for c in text if not unicodedata.combining(c))


@lru_cache(maxsize=16384)
def spelled(word: str) -> str:
    """The known word that `word` is one slip from ("suppse", "cacelling", "ntural"), or `word` itself.

    Known words are the lexicons' (with the inflections of the action words: "cancelling", "paying")
    and the catalog's ("natural", "statistics"). A word stays itself when it is known, shorter than
    5 letters, or a word of the school's own texts ("computer" is no slip of "compute"); of two
    known words one slip away, the one of the same length ("enrlol" is "enroll", not "enrol"), else
    neither.
    """
    if word in _known() or word in _school_words():
        return word
    squeezed = _REPEATED_END.sub(r"\1", word)  # "yesss", "nooo", "okk"
    if squeezed in _known():
        return squeezed
    if len(word) < 5:
        return word
    found = [k for k in _slip_candidates(word) if one_slip(word, k)]
    if len(found) > 1:  # a lexicon's own word before an inflection, then the same length
        found = [k for k in found if k in _lexicons()] or found
    if len(found) > 1:
        found = [k for k in found if len(k) == len(word)]
    return found[0] if len(found) == 1 else word


def in_title(words: list[str], i: int) -> bool:
    """Whether the word at `i` joins two words of a course's title ("with" in "deployment with docker")."""
    pairs = title_pairs()
    before = i > 0 and (words[i - 1], words[i]) in pairs
    after = i + 1 < len(words) and (words[i], words[i + 1]) in pairs
    return before and after


def known_word(word: str) -> bool:
    """Whether a word is known to the reader or the catalog, or a month however spelt: never a name.

    Known are also the action words' forms ("cancelling").
    A short word must be closer to a month to be one: "jaaury" is January, "jane" is not June.
    """
    month = has_word([word], MONTH_NAMES, cutoff=0.75 if len(word) > 5 else 0.8)
    return word in _known() or month


@lru_cache(maxsize=1)
def _lexicons() -> frozenset[str]:
    """Every word of every lexicon list and phrase."""
    known: set[str] = set()
    for value in vars(lexicon).values():
        if isinstance(value, frozenset | tuple) and all(isinstance(v, str) for v in value):
            known.update(w for v in value for w in v.split() if w.isalpha())
    return frozenset(known)


def _slip_candidates(word: str) -> list[str]:
    """The known words that may be one slip from `word`: those it shares a one-letter-shorter form with.

    A slip (a letter left out, added, replaced or swapped with the next) leaves the two words equal
    once one letter is taken out of each, or of the longer one; so only the known words filed under
    `word` or one of its shorter forms need `one_slip`'s check, not every known word.
    """
    index = _by_shorter_form()
    found = {k for form in (word, *_shorter_forms(word)) for k in index.get(form, ())}
    return sorted(found)


@lru_cache(maxsize=1)
def _by_shorter_form() -> dict[str, tuple[str, ...]]:
    """Each known word filed under itself and under each of its forms with one letter taken out."""
    index: dict[str, set[str]] = {}
    for known in _known():
        for form in (known, *_shorter_forms(known)):
            index.setdefault(form, set()).add(known)
    return {form: tuple(words) for form, words in index.items()}


def _shorter_forms(word: str) -> set[str]:
    return {word[:i] + word[i + 1 :] for i in range(len(word))}


@lru_cache(maxsize=1)
def _known() -> frozenset[str]:
    """The lexicons' words, the action words' inflections, the months and the catalog's words."""
    inflected = {form for word in lexicon.ACTING for form in _inflections(word)}
    return _lexicons() | inflected | _catalog_words() | frozenset(MONTH_NAMES)


def _inflections(verb: str) -> tuple[str, ...]:
    """A verb's -s, -ed and -ing forms, with the doubled last letter and the dropped -e."""
    stem = verb[:-1] if verb.endswith("e") else verb
    return (f"{verb}s", f"{stem}ed", f"{stem}ing", f"{verb}{verb[-1]}ed", f"{verb}{verb[-1]}ing")


def school_word(word: str) -> bool:
    """Whether a word is one of the shipped catalog's or knowledge base's texts."""
    return word in _school_words()


@lru_cache(maxsize=1)
def _school_words() -> frozenset[str]:
    """The words of the shipped catalog and knowledge base: real words, never read as slips."""
    return frozenset(_WORD.findall(school_text().lower()))


_catalog_words = lru_cache(maxsize=1)(catalog_words)


@lru_cache(maxsize=1)
def course_tags() -> frozenset[str]:
    """The catalog's one-word tags ("math", "pandas"), read once (`agent.domain.catalog.catalog_names`)."""
    return catalog_names()[0]


@lru_cache(maxsize=1)
def title_pairs() -> frozenset[tuple[str, str]]:
    """The word pairs of the catalog's titles, ids and tags ("machine learning"), read once."""
    return catalog_names()[1]


def names_course(words: list[str]) -> bool:
    """Whether the words name a course: a one-word tag ("math") or a pair of a title's words ("web apis")."""
    return not course_tags().isdisjoint(words) or not title_pairs().isdisjoint(pairwise(words))


_NAME_GLUE = lexicon.PICK_GLUE | lexicon.FILLERS | frozenset({"course", "cohort"})
"""Words that stand beside a course's name without asking anything of it: "the rag course please"."""
_BARE_GLUE = _NAME_GLUE | lexicon.THINGS_OF_SCHOOL | lexicon.DECLINE
"""Beside a name picked from what was offered, a school word or a no too: "no, rag pls"."""


def _named(words: list[str], glue: frozenset[str]) -> set[str]:
    """The words besides `glue` and numbers, where every one is a catalog word; empty otherwise."""
    named = {w for w in words if w not in glue and not w.isdigit()}
    return named if named <= _catalog_words() else set()


def bare_name(text: str) -> bool:
    """Whether a text is the bare name of courses or cohorts: "deep learning with pytorch", "the rag course"."""
    return "?" not in text and bool(_named(words_of(text), _BARE_GLUE))


def names_only(words: list[str]) -> bool:
    """Whether a message's words only name courses or cohorts, asking nothing of them: "rag-2", "python-basics?"."""
    named = _named(words, _NAME_GLUE)
    return bool(named) and named.isdisjoint(_BARE_GLUE)  # a catalog word that is also an order is no name


def opener_of(words: list[str]) -> str:
    """The first word that opens what a message says, greetings and fillers aside ("" when none)."""
    return next((w for w in words if w not in lexicon.OPENER_SKIP), "")


@dataclass(frozen=True)
class Clause:
    """One clause of a message: its words, and whether its sentence ends with a question mark."""

    words: list[str]
    questioned: bool
    joined: bool
    """Whether it continues the clause before it with "and"/"or" (and shares its negation)."""
    framed: bool = False
    """Whether its sentence opens as a question or a supposition ("what happens when ...", "if I
    cancel ...", "can I cancel ... before the start?"): what the clause names is asked about unless
    the clause itself opens with the action ("..., enroll me in rag-2")."""

    @property
    def flat(self) -> str:
        """The clause's words joined by single spaces."""
        return " ".join(self.words)


def clauses_of(text: str, framed: Callable[[list[str], bool], bool] | None = None) -> list[Clause]:
    """The clauses of a message: sentences cut at commas, colons and conjunctions.

    `framed(words, questioned)` says whether a sentence opens as a question or a supposition; each
    of its clauses carries the answer; so does a question after a supposition ("Let's say I enroll. Could I ...").
    """
    found: list[Clause] = []
    supposed = False
    for sentence in _SENTENCE.findall(plain(text)):
        # A heading that announces a question asks what follows it: "quick question: can I pay with a card from abroad",
        # "first I want to know: I can pay in two parts".
        heading, colon, _ = sentence.partition(":")
        questioned = "?" in sentence or (colon != "" and words_of(heading)[-1:] in (["question"], ["know"]))
        asking = questioned or words_of(sentence)[:1] in (["could"], ["can"], ["would"])
        # A heading before a colon is no opener: "Before the downbeat: if I cancel ..." supposes.
        said = [w for w in (words_of(sentence), words_of(sentence.partition(":")[2])) if w]
        asked = framed is not None and (any(framed(w, questioned) for w in said) or (supposed and asking))
        supposed = asked and "?" not in sentence
        parts = _CLAUSE_BREAK.split(" " + sentence + " ")
        # re.split with a group alternates text and the separator that followed it.
        for i in range(0, len(parts), 2):
            words = words_of(parts[i])
            before = parts[i - 1].strip().lower() if i else ""
            # A heading that announces a question names nothing asked: "shirt question: is mlops advanced?".
            if words and not (words[-1] == "question" and parts[i + 1 : i + 2] == [":"]):
                found.append(Clause(words, questioned, before in ("and", "or"), asked))
    return found
