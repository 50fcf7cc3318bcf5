"""Czech text on a page in another language (players' and teams' names, clubs, the
tournament's name and venue, the Czech titles) marked ``lang="cs"``, so that a screen reader
reads it with a Czech voice (WCAG 3.1.2). On Czech pages nothing is added. For templates:
``{% load czech %}`` (``ui/templatetags/czech.py``), ``{{ name|cs }}`` and ``{% cs_lang %}``."""

from django.utils.html import conditional_escape, format_html
from django.utils.safestring import mark_safe
from django.utils.translation import get_language

CZECH = "cs"


def czech_page() -> bool:
    return (get_language() or CZECH).split("-")[0] == CZECH


def cs(text):
    """The text, in a span marked Czech on a page in another language."""
    if czech_page() or text in (None, ""):
        return conditional_escape(text if text is not None else "")
    return format_html('<span lang="cs">{}</span>', text)


def cs_lang():
    """`` lang="cs"`` for an element of Czech text, on a page in another language."""
    return "" if czech_page() else mark_safe(f' lang="{CZECH}"')


def with_czech(text: str, **czech) -> str:
    """``text`` (a translated sentence with ``%(name)s`` places) with each value of ``czech``
    (a name, a club, a title) put in its place marked Czech (``cs``); the rest escaped."""
    return mark_safe(conditional_escape(text) % {key: cs(value) for key, value in czech.items()})
