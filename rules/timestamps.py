"""Dates and times as the interchange formats write them: one reading for every reader.

A date is ``YYYY-MM-DD``; a date and time is RFC 3339 (``T`` or ``t`` between the date and
the time, a ``Z``/``z`` or an offset at the end, optional fractions of a second). The schema's
format check, the import and ``rules.verify`` all read them here, so a document that one of
them takes is one that the others take too.
"""

import re
from datetime import date, datetime

_DATE = re.compile(r"\d{4}-\d{2}-\d{2}", re.ASCII)
_DATE_TIME = re.compile(
    r"(?P<date>\d{4}-\d{2}-\d{2})[Tt](?P<time>\d{2}:\d{2}:\d{2}(?:\.\d+)?)"
    r"(?P<offset>[Zz]|[+-]\d{2}:\d{2})",
    re.ASCII,
)


def parse_date(text: str) -> date:
    """A calendar date; ValueError when the text is not one."""
    if not isinstance(text, str) or not _DATE.fullmatch(text):
        raise ValueError(f"not a date (YYYY-MM-DD): {text!r}")
    return date.fromisoformat(text)


def parse_moment(text: str) -> datetime:
    """An RFC 3339 date and time as an aware datetime; ValueError when the text is not one."""
    found = _DATE_TIME.fullmatch(text) if isinstance(text, str) else None
    if found is None:
        raise ValueError(f"not an RFC 3339 date and time: {text!r}")
    offset = found["offset"].upper().replace("Z", "+00:00")
    return datetime.fromisoformat(f"{found['date']}T{found['time']}{offset}")


def is_date(text: object) -> bool:
    return _reads(parse_date, text)


def is_moment(text: object) -> bool:
    return _reads(parse_moment, text)


def _reads(parse, text: object) -> bool:
    if not isinstance(text, str):
        return True  # a format says nothing of other types (JSON Schema); "type" checks them
    try:
        parse(text)
    except ValueError:
        return False
    return True
