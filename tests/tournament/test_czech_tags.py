"""Czech text marked Czech on pages in another language (issue 26, 6)."""

from django.template import Context, Template
from django.utils import translation

TEMPLATE = Template("{% load czech %}<p{% cs_lang %}>{{ name|cs }}</p>")


def render(language: str, name: str) -> str:
    with translation.override(language):
        return TEMPLATE.render(Context({"name": name}))


def test_english_pages_mark_czech_names():
    assert render("en", "Šárka Hájková") == '<p lang="cs"><span lang="cs">Šárka Hájková</span></p>'


def test_czech_pages_add_nothing_and_names_stay_escaped():
    assert render("cs", "Šárka Hájková") == "<p>Šárka Hájková</p>"
    assert render("cs", "<b>") == "<p>&lt;b&gt;</p>"
    assert render("en", "<b>") == '<p lang="cs"><span lang="cs">&lt;b&gt;</span></p>'
    assert render("en", "") == '<p lang="cs"></p>'
