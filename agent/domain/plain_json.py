"""What the project stores as JSON: the one conversion, for operation records and the journal.

Values are made plain JSON before they are written to a jsonb column (operation requests and
outcomes, journal payloads, jobs, turns), so that what is read back equals what was written. A
value that JSON cannot carry as it is gets refused with its place named, never stored half-right.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from datetime import date, datetime, time
from decimal import Decimal
from typing import Any


class NotJSONError(TypeError):
    """A value that JSON cannot carry as it is; the message names where it is."""


def to_json(value: Any, path: str = "value") -> Any:
    """`value` as plain JSON types: dict (str keys), list, str, int, float, bool and None.

    Converted: dates, datetimes and times to ISO strings, Decimals to floats, tuples to lists, any
    other Mapping to a dict, and subclasses of str, int and float (enums) to the plain type.

    Refused with NotJSONError, nothing converted half-way: a key that is not a str (JSON would
    turn 1 into "1", and the value would not read back as written), NaN and infinity (Postgres'
    jsonb has none), and every other type (a set, bytes, an object). `path` names the value in
    the message, e.g. `payload['limits']['max_usd']`.
    """
    if value is None or isinstance(value, bool):
        return value
    if isinstance(value, str):
        return str.__str__(value)
    if isinstance(value, int):
        return int(value)
    if isinstance(value, float | Decimal):
        number = float(value)
        if not math.isfinite(number):
            msg = f"{path} is {value!r}; JSON has no NaN or infinity"
            raise NotJSONError(msg)
        return number
    if isinstance(value, datetime | date | time):
        return value.isoformat()
    if isinstance(value, Mapping):
        out: dict[str, Any] = {}
        for key, item in value.items():
            if not isinstance(key, str):
                msg = f"{path} has the key {key!r} ({type(key).__name__}); JSON object keys are str"
                raise NotJSONError(msg)
            out[str.__str__(key)] = to_json(item, f"{path}[{key!r}]")
        return out
    if isinstance(value, list | tuple):
        return [to_json(item, f"{path}[{i}]") for i, item in enumerate(value)]
    msg = (
        f"{path} is a {type(value).__name__} ({value!r:.80}), which cannot be stored as JSON; "
        "convert it to str, int, float, bool, None, a date, a Decimal, a list or a dict"
    )
    raise NotJSONError(msg)
