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

A name is kept in one form, Unicode's NFC (``in_one_form``): "š" typed as "s" and a combining
caron (NFD, as some systems send it) is stored as the one letter "š", so that it sorts, is
found, printed and embossed as the same name ("Marešová" in NFD gave the Braille
``MARE5OVA5``). Every way in goes through it: the models' name field (``NameField``: forms,
services, the registration sheet and the import all save through it), and the registration
sheet and the tournament document normalise their names before they check them. Invisible
characters that are not formatting characters (the combining grapheme joiner U+034F, the
variation selectors, the Hangul fillers), the replacement character U+FFFD (a text read in a
wrong encoding), more than two combining marks on one letter and a mark on no letter are
refused like control characters, with their place.
"""

import unicodedata

from django import forms
from django.core.exceptions import ValidationError
from django.db import models
from django.utils.text import capfirst
from django.utils.translation import gettext as _

from . import registry

LAST_OF_BASIC_PLANE = 0xFFFF

# Unicode's default-ignorable code points of the Basic Multilingual Plane that are not
# formatting characters (those are refused by their category, Cf): they show nothing.
INVISIBLE = {
    0x034F,  # combining grapheme joiner
    0x115F,  # Hangul choseong filler
    0x1160,  # Hangul jungseong filler
    0x17B4,  # Khmer vowel inherent aq
    0x17B5,  # Khmer vowel inherent aa
    *range(0x180B, 0x1810),  # Mongolian free variation selectors and vowel separator
    0x3164,  # Hangul filler
    *range(0xFE00, 0xFE10),  # variation selectors
    0xFFA0,  # halfwidth Hangul filler
}
REPLACEMENT_CHARACTERS = {0xFFFC, 0xFFFD}  # object replacement, replacement character
MARKS_ON_ONE_LETTER = 2  # decomposed: Czech needs one, Vietnamese up to two (ễ)


def in_one_form(text: str) -> str:
    """A name in the one form it is stored, compared and printed in (NFC)."""
    return unicodedata.normalize("NFC", text)


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
    if ord(character) in INVISIBLE:
        return _("an invisible character")
    if ord(character) in REPLACEMENT_CHARACTERS:
        return _("a replacement character (the text was read in a wrong encoding)")
    if ord(character) > LAST_OF_BASIC_PLANE or not registry.printable(character):
        return _("a character the printouts cannot print (such as an emoji)")
    return None


def _is_mark(character: str) -> bool:
    return unicodedata.category(character)[0] == "M"


def _mark_problem(text: str, position: int) -> str | None:
    """Why the combining mark at ``position`` (1-based) cannot be there: it sits on no letter,
    or more marks than ``MARKS_ON_ONE_LETTER`` are stacked on one (counted decomposed, so that
    "é" with two more acutes is three); None when it may."""
    base = position - 2
    while base >= 0 and _is_mark(text[base]):
        base -= 1
    if base < 0 or not unicodedata.category(text[base]).startswith("L"):
        return _("a combining mark on no letter")
    stacked = unicodedata.normalize("NFD", text[base:position])
    if sum(1 for character in stacked if _is_mark(character)) > MARKS_ON_ONE_LETTER:
        return _("one of more than %(limit)s combining marks stacked on one letter") % {
            "limit": MARKS_ON_ONE_LETTER
        }
    return None


def name_problem(text: str) -> str | None:
    """What is wrong with the characters of a name in its one form (``in_one_form``), in
    words (the first such character, with its place); None when every character may be in a
    name."""
    text = in_one_form(text)
    for position, character in enumerate(text, start=1):
        reason = refused_character(character)
        if reason is None and _is_mark(character):
            reason = _mark_problem(text, position)
        if reason is not None:
            visible = unicodedata.category(character)[0] not in "CZM" and (
                ord(character) not in INVISIBLE
            )
            shown = f"„{character}“ " if visible else ""
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


class NameField(models.CharField):
    """A name's model field: held to the name rule (``validate_name``) and stored in one form
    (``in_one_form``) whichever way the value comes: a form or a service's ``full_clean``
    (``to_python``), a save or a bulk insert without one (``pre_save``), a lookup or an
    update (``get_prep_value``). The database knows it as the CharField it is: migrations
    record it so, the normalisation being Python's."""

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("validators", [validate_name])
        super().__init__(*args, **kwargs)

    def deconstruct(self):
        name, _path, args, kwargs = super().deconstruct()
        return name, "django.db.models.CharField", args, kwargs

    def to_python(self, value):
        value = super().to_python(value)
        return in_one_form(value) if isinstance(value, str) else value

    def get_prep_value(self, value):
        value = super().get_prep_value(value)
        return in_one_form(value) if isinstance(value, str) else value

    def pre_save(self, model_instance, add):
        value = getattr(model_instance, self.attname)
        if isinstance(value, str):
            value = in_one_form(value)
            setattr(model_instance, self.attname, value)
        return value

    def formfield(self, **kwargs):
        return super().formfield(**{"form_class": NameFormField, **kwargs})


class NameFormField(forms.CharField):
    """A form's name field: what was typed, in the one form (``in_one_form``)."""

    def to_python(self, value):
        value = super().to_python(value)
        return in_one_form(value) if isinstance(value, str) else value
