"""Which characters a name may hold (a player's, a club's, a team's, a tournament's).

A name is printed on score sheets, seating lists and certificates (PDF), spoken by screen
readers, embossed in Braille and written into spreadsheets. So it holds no control character
(an ESC or a TAB would reach an embosser raw), no invisible formatting character (which makes
two names look alike, or turns text around), no private-use, unassigned or surrogate code
point, and only characters the printouts' font has within Unicode's Basic Multilingual Plane:
there every character keeps its place in the PDF's text layer, so the PDF can be searched,
copied and read aloud (outside it, reportlab writes a text layer that readers cannot extract,
emoji included). Letters of every script the font covers (Czech, Slovak, German, Polish,
Cyrillic, Greek, …), digits, spaces and punctuation are all in.
"""

import unicodedata

from django.core.exceptions import ValidationError
from django.utils.text import capfirst
from django.utils.translation import gettext as _

from . import registry

LAST_OF_BASIC_PLANE = 0xFFFF

# Unicode's general categories a name never holds.
REFUSED_CATEGORIES = {
    "Cc": "control character",
    "Cf": "invisible formatting character",
    "Cs": "surrogate",
    "Co": "private-use character",
    "Cn": "unassigned code point",
    "Zl": "line separator",
    "Zp": "paragraph separator",
}


def code_point(character: str) -> str:
    return f"U+{ord(character):04X}"


def refused_character(character: str) -> str | None:
    """Why ``character`` cannot be part of a name, in words; None when it can."""
    category = unicodedata.category(character)
    if category in REFUSED_CATEGORIES:
        return {
            "Cc": _("a control character"),
            "Cf": _("an invisible formatting character"),
            "Cs": _("a lone surrogate"),
            "Co": _("a private-use character"),
            "Cn": _("an unassigned code point"),
            "Zl": _("a line separator"),
            "Zp": _("a paragraph separator"),
        }[category]
    if ord(character) > LAST_OF_BASIC_PLANE or not registry.printable(character):
        return _("a character the printouts cannot print (such as an emoji)")
    return None


def name_problem(text: str) -> str | None:
    """What is wrong with the characters of a name, in words (the first such character, with
    its place); None when every character may be in a name."""
    for position, character in enumerate(text, start=1):
        reason = refused_character(character)
        if reason is not None:
            shown = "" if unicodedata.category(character)[0] in "CZ" else f"„{character}“ "
            return _(
                "character %(position)s, %(shown)s%(code)s, is %(reason)s: a name holds "
                "letters, digits, spaces and punctuation."
            ) % {
                "position": position,
                "shown": shown,
                "code": code_point(character),
                "reason": reason,
            }
    return None


def validate_name(value: str) -> None:
    """The model fields' validator of every name."""
    problem = name_problem(value)
    if problem is not None:
        raise ValidationError(capfirst(problem), code="character")
