"""Czech is the interface language: every string has its Czech, and the compiled catalogue
matches the source."""

from pathlib import Path

import polib
from django.conf import settings
from django.utils import translation

CATALOGUE = Path(settings.BASE_DIR) / "locale" / "cs" / "LC_MESSAGES"


def test_every_string_has_its_czech():
    po = polib.pofile(str(CATALOGUE / "django.po"))
    assert len(po) > 100
    assert po.untranslated_entries() == []
    assert po.fuzzy_entries() == []


def test_the_compiled_catalogue_is_up_to_date():
    def entries(catalogue):
        return {(entry.msgctxt, entry.msgid): entry.msgstr for entry in catalogue}

    po = entries(polib.pofile(str(CATALOGUE / "django.po")))
    mo = entries(polib.mofile(str(CATALOGUE / "django.mo")))
    assert mo == po


def test_words_about_a_player_take_the_feminine_form_where_the_name_shows_it():
    from scoring.messages import sanction_words

    with translation.override("cs"):
        assert sanction_words(scope="game", stage="qualifier", game=2) == (
            "diskvalifikován z partie 2 kvalifikace"
        )
        assert sanction_words(scope="tournament", stage="final_a", game=1, feminine=True) == (
            "vyloučena z turnaje v partii 1 finále A"
        )
        assert sanction_words(scope="game", stage="final_b", game=2, with_stage=False) == (
            "diskvalifikován z partie 2"
        )


def test_placeholders_survive_translation():
    import re

    for entry in polib.pofile(str(CATALOGUE / "django.po")):
        translations = list(entry.msgstr_plural.values()) if entry.msgid_plural else [entry.msgstr]
        for translation_ in translations:
            for pattern in (r"%\(\w+\)s", r"\{\w+\}"):
                found = sorted(set(re.findall(pattern, translation_)))
                assert sorted(set(re.findall(pattern, entry.msgid))) == found, entry.msgid


def test_czech_by_default_english_on_request():
    from tournament.models import Stage

    assert settings.LANGUAGE_CODE == "cs"
    assert str(Stage.Kind.QUALIFIER.label) == "kvalifikace"
    with translation.override("en"):
        assert str(Stage.Kind.QUALIFIER.label) == "qualifier"
