"""What a name may hold (``tournament.characters``): no control, invisible or unprintable
character, whichever way the name comes in."""

import io
import unicodedata
from datetime import date

import pytest
from django.core.exceptions import ValidationError
from openpyxl import load_workbook

from tests.conftest import database_snapshot
from tournament import registration
from tournament.characters import (
    INVISIBLE,
    REPLACEMENT_CHARACTERS,
    in_one_form,
    name_problem,
    refused_character,
)
from tournament.models import Gender, Player, Tournament

REFUSED = {
    "Jan\x1bNovák": "U+001B",  # ESC: an embosser's control code
    "Jan\tNovák": "U+0009",
    "Jan\rNovák": "U+000D",
    "Jan\x00Novák": "U+0000",
    "Jan\x85Novák": "U+0085",  # a C1 control
    "Jan\u200bNovák": "U+200B",  # invisible: two names that look alike
    "Jan\u202eNovák": "U+202E",  # turns the text around
    "Jan\ue000Novák": "U+E000",  # private use
    "Jan\ud800Novák": "U+D800",  # a lone surrogate
    "Jan\u2028Novák": "U+2028",
    "Jan\U0001f600": "U+1F600",  # an emoji: outside the font's plane
    "Jan漢字": "U+6F22",  # a script the printouts' font lacks
    "Jan\u034fNovák": "U+034F",  # combining grapheme joiner: invisible (issue 31)
    "Jan\ufe0fNovák": "U+FE0F",  # a variation selector: invisible
    "Jan\u3164Novák": "U+3164",  # Hangul filler: a letter that shows nothing
    "Eva\ufffdNová": "U+FFFD",  # the replacement character: read in a wrong encoding
}
ACCEPTED = [
    "Jiří Žáková",
    "Ľudmila Ďurčová",
    "Zoë O'Brien-Müller",
    "Łukasz Żółć",
    "Ольга Петрова",
    "Γιώργος Παπαδόπουλος",
    "TJ Sokol Brno I. & spol. (B1)",
    '=HYPERLINK("x")',  # a name that looks like a formula is a name (spreadsheets keep it)
    "Jan\u00a0Novák",
]


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_a_name_with_a_control_invisible_or_unprintable_character_is_refused(name):
    problem = name_problem(name)
    assert problem is not None and REFUSED[name] in problem and "4. znak" in problem


@pytest.mark.parametrize("name", ACCEPTED)
def test_names_of_every_script_the_printouts_have_are_accepted(name):
    assert name_problem(name) is None


@pytest.mark.django_db
def test_the_models_refuse_such_names():
    tournament = Tournament(slug="t", name="Turnaj\x1b", year=2027, start_date=date(2027, 6, 1))
    with pytest.raises(ValidationError) as refused:
        tournament.full_clean()
    assert "řídicí znak" in refused.value.message_dict["name"][0]
    tournament.name = "Turnaj"
    tournament.save()
    player = Player(tournament=tournament, start_number=1, name="A\tB", sight_class="B1")
    with pytest.raises(ValidationError) as refused:
        player.full_clean()
    assert set(refused.value.message_dict) == {"name"}


def test_every_refused_category_is_refused_and_nothing_else_of_the_font():
    """The rule is the categories, the invisible and replacement characters, and the font: a
    letter, digit, mark, punctuation, symbol or space the font has is accepted."""
    from printing.glyphs import font_characters

    for code in font_characters():
        character = chr(code)
        category = unicodedata.category(character)
        refused = refused_character(character) is not None
        if (
            code > 0xFFFF
            or category in ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp")
            or code in INVISIBLE | REPLACEMENT_CHARACTERS
        ):
            assert refused, hex(code)
        else:
            assert not refused, hex(code)


NFD = {  # typed decomposed: a letter and its combining marks
    "Kateřina Marešová": "Kater\u030cina Mares\u030cova\u0301",
    "Žďár nad Sázavou": "Z\u030cd\u030ca\u0301r nad Sa\u0301zavou",
    "Nguyễn Thị Ánh": "Nguye\u0302\u0303n Thi\u0323 A\u0301nh",
}


@pytest.mark.parametrize("composed", sorted(NFD))
def test_a_name_is_checked_and_kept_in_one_form(composed):
    decomposed = NFD[composed]
    assert decomposed != composed and unicodedata.normalize("NFC", decomposed) == composed
    assert in_one_form(decomposed) == composed
    assert name_problem(decomposed) is None


@pytest.mark.parametrize(
    ("name", "place", "words"),
    [
        ("Jane\u0301\u0301\u0301k", "6. znak, U+0301", "více než 2 diakritických znamének"),
        ("Jan \u0301Novák", "5. znak, U+0301", "diakritické znaménko bez písmene"),
        ("\u0308Jan", "1. znak, U+0308", "diakritické znaménko bez písmene"),
        ("Jan 1\u0301", "6. znak, U+0301", "diakritické znaménko bez písmene"),
    ],
)
def test_combining_marks_stacked_or_on_no_letter_are_refused(name, place, words):
    problem = name_problem(name)
    assert problem is not None and place in problem and words in problem


@pytest.mark.django_db
def test_a_name_is_stored_in_one_form_however_it_is_saved():
    """The model's field: a save without ``full_clean``, a bulk insert, an update and a lookup
    all see the composed name."""
    composed, decomposed = "Kateřina Marešová", NFD["Kateřina Marešová"]
    tournament = Tournament.objects.create(
        slug="t", name=NFD["Žďár nad Sázavou"], year=2027, start_date=date(2027, 6, 1)
    )
    assert tournament.name == "Žďár nad Sázavou"
    values = {"name": decomposed, "sight_class": "B1", "gender": Gender.FEMININE}
    player = Player.objects.create(tournament=tournament, start_number=1, **values)
    assert player.name == composed
    [other] = Player.objects.bulk_create([Player(tournament=tournament, start_number=2, **values)])
    assert other.name == composed
    Player.objects.filter(pk=other.pk).update(club=NFD["Žďár nad Sázavou"])
    stored = set(Player.objects.values_list("name", "club"))
    assert stored == {(composed, ""), (composed, "Žďár nad Sázavou")}
    assert Player.objects.filter(name=decomposed).count() == 2


@pytest.mark.django_db
def test_the_registration_sheet_refuses_such_names_by_cell():
    target = Tournament.objects.create(
        slug="novy", name="Nové mistrovství", year=2027, start_date=date(2027, 6, 12)
    )
    book = load_workbook(io.BytesIO(registration.template()))
    sheet = book[registration.sheet_title()]
    rows = [
        (1, "Jan\tNovák", None, "B1", "Brno", "ano", "ne", "ano", "Družstvo\u200b"),
        (2, "Eva Nová", None, "B2", "Klub \U0001f600", "ano", "ne", "ano", ""),
    ]
    for row, values in enumerate(rows, start=2):
        for column, value in enumerate(values, start=1):
            sheet.cell(row, column, value)
    out = io.BytesIO()
    book.save(out)
    before = database_snapshot()
    outcome = registration.import_players(target, out.getvalue())
    errors = "\n".join(outcome.errors)
    assert "Hráči!B2" in errors and "U+0009" in errors
    assert "Hráči!I2" in errors and "U+200B" in errors
    assert "Hráči!E3" in errors and "U+1F600" in errors
    assert database_snapshot() == before


@pytest.mark.django_db
def test_the_registration_sheet_keeps_names_in_one_form():
    """Names, clubs and teams typed decomposed in the sheet are stored composed: one team,
    however each row wrote its name."""
    target = Tournament.objects.create(
        slug="novy", name="Nové mistrovství", year=2027, start_date=date(2027, 6, 12)
    )
    book = load_workbook(io.BytesIO(registration.template()))
    sheet = book[registration.sheet_title()]
    team = "Žďár nad Sázavou"
    rows = [
        (1, NFD["Kateřina Marešová"], None, "B1", NFD[team], "ano", "ne", "ano", NFD[team]),
        (2, "Eva Nová", None, "B2", team, "ano", "ne", "ano", team),
        (3, "Jan Nový", None, "B2", team, "ano", "ne", "ano", NFD[team]),
    ]
    for row, values in enumerate(rows, start=2):
        for column, value in enumerate(values, start=1):
            sheet.cell(row, column, value)
    out = io.BytesIO()
    book.save(out)
    outcome = registration.import_players(target, out.getvalue())
    assert not outcome.errors, outcome.errors
    player = target.players.get(start_number=1)
    assert (player.name, player.club) == ("Kateřina Marešová", team)
    assert player.person.name == "Kateřina Marešová"
    assert [t.name for t in target.teams.all()] == [team]
    assert target.teams.get().members.count() == 3
