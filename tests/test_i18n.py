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


def test_every_czech_translation_is_of_a_string_the_code_still_has():
    """An entry of ``locale/cs_strings`` whose English is gone from the code and the templates
    is no msgid of the catalogue (``make messages`` makes it from them): it is removed, with
    ``python locale/stale_translations.py --remove``."""
    import runpy

    po = polib.pofile(str(CATALOGUE / "django.po"))
    msgids = {entry.msgid for entry in po}
    with_context = {(entry.msgctxt, entry.msgid) for entry in po}
    stale = [
        f"{path.name}: {key!r}"
        for path in sorted((CATALOGUE.parent.parent / "cs_strings").glob("*.py"))
        for key in runpy.run_path(str(path))["CS"]
        if (key not in with_context if isinstance(key, tuple) else key not in msgids)
    ]
    assert stale == []
    assert not any(entry.obsolete for entry in po)  # make messages keeps no "#~" entry


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


COUNTS = (
    r"%\((?:count|cards|points|total|quota|minimum|minutes|saved|same|created|updated|"
    r"present|absent)\)s"
)
COUNTED = (
    r"(?:karta|karty|karet|kolo|kola|kol|hráč|hráči|hráčů|bod|body|bodů|zápis|zápisy|zápisů|"
    r"stůl|stoly|stolů|místo|místa|míst|minuta|minuty|minut|družstvo|družstva|družstev)"
)

WORKAROUND = r"(?:karet|kol|hráčů|bodů|zápisů|stolů|míst|minut|družstev)"  # „bodů 145“


def test_a_counted_noun_takes_its_czech_plural_form():
    """„4 karty“, „5 karet“: a number next to the noun it counts is a plural entry (three
    Czech forms), never one fixed form, nor the „karet 4“ workaround."""
    import re

    fixed = []
    for entry in polib.pofile(str(CATALOGUE / "django.po")):
        if entry.msgid_plural:
            continue
        if re.search(COUNTS + r" " + COUNTED + r"\b", entry.msgstr) or re.search(
            r"\b" + WORKAROUND + r":? " + COUNTS, entry.msgstr
        ):
            fixed.append(entry.msgstr)
    assert fixed == []


def test_czech_plural_forms_for_one_few_and_many():
    from django.utils.translation import ngettext

    def cards(n):
        return ngettext(
            "Round %(number)s: %(cards)s card, %(player)s starts",
            "Round %(number)s: %(cards)s cards, %(player)s starts",
            n,
        ) % {"number": 1, "cards": n, "player": "Eva"}

    def advance(n):
        return ngettext(
            "the best %(quota)s advances to the A-final",
            "the best %(quota)s advance to the A-final",
            n,
        ) % {"quota": n}

    assert cards(4) == "Kolo 1: 4 karty, začíná Eva" and cards(10) == "Kolo 1: 10 karet, začíná Eva"
    assert advance(3) == "do finále A postupují nejlepší 3"
    assert advance(6) == "do finále A postupuje nejlepších 6"


def test_the_sight_class_b1_is_named_for_women_and_men_alike():
    from tournament.models import SightClass

    assert str(SightClass.B1.label) == "B1, nevidomí"
    assert str(SightClass.NONE.label) == "vidící"
