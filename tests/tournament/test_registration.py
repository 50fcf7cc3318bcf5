"""The registration spreadsheet: the exported sheet imports back to the same players and teams;
a broken row is refused with its cell, and nothing is stored."""

import io
from datetime import date

import pytest
from openpyxl import load_workbook

from tests.conftest import database_snapshot
from tournament import registration
from tournament.models import Player, Team, Tournament

pytestmark = pytest.mark.django_db


def empty_tournament(slug="novy") -> Tournament:
    return Tournament.objects.create(
        slug=slug, name="Nové mistrovství", year=2027, start_date=date(2027, 6, 12)
    )


def players_of(tournament) -> list[tuple]:
    return list(
        Player.objects.filter(tournament=tournament)
        .order_by("start_number")
        .values_list(
            "start_number",
            "name",
            "birth_date",
            "sight_class",
            "gender",
            "club",
            "paid",
            "local_qualifier",
            "plays_b_final",
        )
    )


def teams_of(tournament) -> dict[str, set[int]]:
    found = {}
    for team in Team.objects.filter(tournament=tournament).prefetch_related("members__player"):
        found[team.name] = {m.player.start_number for m in team.members.all()}
    return found


def edited(content: bytes, changes: dict[str, object]) -> bytes:
    book = load_workbook(io.BytesIO(content))
    sheet = book[registration.sheet_title()]
    for cell, value in changes.items():
        sheet[cell] = value
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def test_the_exported_sheet_imports_to_the_same_players_and_teams(demo):
    content = registration.template(demo)
    target = empty_tournament()
    outcome = registration.import_players(target, content)
    assert outcome.errors == []
    assert outcome.created == demo.players.count() and outcome.teams == demo.teams.count()
    assert players_of(target) == players_of(demo)
    assert teams_of(target) == teams_of(demo)
    # and the re-export of the copy is the same sheet
    again = load_workbook(io.BytesIO(registration.template(target)))[registration.sheet_title()]
    first = load_workbook(io.BytesIO(content))[registration.sheet_title()]
    assert [[c.value for c in r] for r in again.iter_rows()] == [
        [c.value for c in r] for r in first.iter_rows()
    ]


def test_the_template_has_headers_and_validation(db):
    sheet = load_workbook(io.BytesIO(registration.template()))[registration.sheet_title()]
    assert [c.value for c in sheet[1]] == [c.heading for c in registration.columns()]
    assert sheet[1][0].value == "Startovní číslo"
    kinds = {v.type for v in sheet.data_validations.dataValidation}
    assert {"whole", "date", "list"} <= kinds


def test_broken_rows_are_refused_with_their_cells_and_nothing_is_stored(demo):
    content = edited(
        registration.template(demo),
        {
            "A3": "x",  # start number not a number
            "B4": None,  # name missing
            "C5": "31. 2. 1980",  # no such date
            "D6": "B7",  # no such sight class
            "F7": "možná",  # neither ano nor ne
            "A8": 1,  # start number twice
        },
    )
    target = empty_tournament()
    before = database_snapshot()
    outcome = registration.import_players(target, content)
    assert database_snapshot() == before
    text = "\n".join(outcome.errors)
    for cell in ("Hráči!A3", "Hráči!B4", "Hráči!C5", "Hráči!D6", "Hráči!F7", "Hráči!A8"):
        assert f"Buňka {cell}:" in text, (cell, text)
    assert "už je v buňce Hráči!A2" in text


def test_the_entry_fee_must_be_answered(db):
    """No silent "yes": an empty Paid cell is refused with its cell (A)."""
    rows = {"A2": 1, "B2": "Jan Novák", "D2": "B1", "F2": None}
    target = empty_tournament()
    outcome = registration.import_players(target, edited(registration.template(), rows))
    assert any("Buňka Hráči!F2:" in error and "startovné" in error for error in outcome.errors)
    assert not Player.objects.filter(tournament=target).exists()
    rows["F2"] = "ne"
    outcome = registration.import_players(target, edited(registration.template(), rows))
    assert outcome.errors == []
    assert Player.objects.get(tournament=target).paid is False


def test_the_paid_column_has_no_blank_in_its_validation(db):
    sheet = load_workbook(io.BytesIO(registration.template()))[registration.sheet_title()]
    paid = [v for v in sheet.data_validations.dataValidation if "F2" in str(v.sqref)]
    assert paid and all(not v.allow_blank for v in paid)


def test_a_team_of_the_wrong_size_is_refused(db):
    rows = {
        "A2": 1,
        "B2": "Jan Novák",
        "D2": "B1",
        "F2": "ano",
        "I2": "Dvojice",
        "A3": 2,
        "B3": "Eva Malá",
        "D3": "vidící",
        "F3": "ne",
        "I3": "Dvojice",
    }
    target = empty_tournament()
    outcome = registration.import_players(target, edited(registration.template(), rows))
    assert any("Družstvo „Dvojice“ má 2 hráče;" in error for error in outcome.errors)
    assert not Player.objects.filter(tournament=target).exists()


def test_a_known_start_number_updates_the_player(demo):
    content = edited(registration.template(demo), {"B2": "Kateřina Marešová-Nová"})
    outcome = registration.import_players(demo, content)
    assert outcome.errors == [] and outcome.created == 0
    assert demo.players.get(start_number=1).name == "Kateřina Marešová-Nová"


def test_the_rosters_cannot_change_once_the_first_qualifier_draw_is_confirmed(demo):
    assert demo.players.get(start_number=1).team_membership.team.members.count() == 4
    content = edited(registration.template(demo), {"I2": None})  # player 1 leaves the team
    outcome = registration.import_players(demo, content)
    assert outcome.errors == [
        "Soupisky družstev jsou zmrazeny: první los kvalifikace je potvrzen (pravidlo B)."
    ]


def test_not_a_workbook(db):
    outcome = registration.import_players(empty_tournament(), b"not a spreadsheet")
    assert outcome.errors == ["Soubor není sešit Excelu (.xlsx)."]


def test_the_gender_column_is_read_and_an_empty_cell_follows_the_surname(db):
    rows = {
        "A2": 1,
        "B2": "Markéta Nováková",
        "D2": "B1",
        "F2": "ano",
        "J2": None,  # empty: the surname says feminine
        "A3": 2,
        "B3": "Eva Krejčí",  # a surname Czech does not decline: the cell decides
        "D3": "vidící",
        "F3": "ano",
        "J3": "ženský",
        "A4": 3,
        "B4": "Jan Skála",
        "D4": "B2",
        "F4": "ne",
        "J4": None,
    }
    target = empty_tournament()
    outcome = registration.import_players(target, edited(registration.template(), rows))
    assert outcome.errors == []
    genders = dict(Player.objects.filter(tournament=target).values_list("name", "gender"))
    assert genders == {
        "Markéta Nováková": "feminine",
        "Eva Krejčí": "feminine",
        "Jan Skála": "masculine",
    }
    sheet = load_workbook(io.BytesIO(registration.template(target)))[registration.sheet_title()]
    assert sheet["J1"].value == "Mluvnický rod"
    assert [sheet[f"J{row}"].value for row in (2, 3, 4)] == ["ženský", "ženský", "mužský"]


def test_a_wrong_gender_cell_is_refused_with_its_cell(db):
    rows = {"A2": 1, "B2": "Jana Malá", "D2": "B1", "F2": "ano", "J2": "snad"}
    target = empty_tournament()
    outcome = registration.import_players(target, edited(registration.template(), rows))
    assert any(
        "Buňka Hráči!J2:" in error and "„ženský“, nebo „mužský“" in error
        for error in outcome.errors
    ), outcome.errors
    assert not Player.objects.filter(tournament=target).exists()


def test_a_sheet_made_before_the_gender_column_is_still_read(db):
    book = load_workbook(io.BytesIO(registration.template()))
    sheet = book[registration.sheet_title()]
    sheet.delete_cols(10, 2)  # the sheet as downloaded before the gender (and person) column
    for cell, value in {"A2": 1, "B2": "Dagmar Pokorná", "D2": "B1", "F2": "ano"}.items():
        sheet[cell] = value
    out = io.BytesIO()
    book.save(out)
    target = empty_tournament()
    outcome = registration.import_players(target, out.getvalue())
    assert outcome.errors == []
    assert Player.objects.get(tournament=target).gender == "feminine"


def test_a_sheet_made_before_the_person_column_is_still_read(db):
    book = load_workbook(io.BytesIO(registration.template()))
    sheet = book[registration.sheet_title()]
    sheet.delete_cols(11)  # the sheet as downloaded before the person's id was written
    for cell, value in {"A2": 1, "B2": "Dagmar Pokorná", "D2": "B1", "F2": "ano"}.items():
        sheet[cell] = value
    out = io.BytesIO()
    book.save(out)
    target = empty_tournament()
    outcome = registration.import_players(target, out.getvalue())
    assert outcome.errors == []
    assert Player.objects.get(tournament=target).person.name == "Dagmar Pokorná"


def test_a_wrong_person_id_is_refused_with_its_cell(db):
    rows = {"A2": 1, "B2": "Jana Malá", "D2": "B1", "F2": "ano", "K2": "osoba-7"}
    target = empty_tournament()
    outcome = registration.import_players(target, edited(registration.template(), rows))
    assert any("Hráči!K2:" in error for error in outcome.errors), outcome.errors
    assert not Player.objects.filter(tournament=target).exists()


def test_uploading_the_same_sheet_again_changes_and_reports_nothing(demo):
    """Issue 33: "55 upravených" for a file uploaded again as it was; only real changes count."""
    from django.utils import translation

    content = registration.template(demo)
    before = players_of(demo)
    with translation.override("cs"):
        outcome = registration.import_players(demo, content)
        summary = outcome.summary()
    assert outcome.errors == [] and players_of(demo) == before
    assert (outcome.created, outcome.updated, outcome.unchanged) == (0, 0, len(before))
    assert summary.startswith(f"Uloženo: 0 nových hráčů, 0 upravených, {len(before)} beze změny")
    changed = edited(content, {"B2": "Kateřina Marešová-Nová"})
    outcome = registration.import_players(demo, changed)
    assert (outcome.updated, outcome.unchanged) == (1, len(before) - 1)


def test_a_local_qualifier_ticked_in_the_sheet_names_the_sheet_as_its_source(demo):
    """Issue 33: "zaškrtnuto ručně: –", with no source, for a tick in the sheet."""
    from django.utils import translation

    from staff.selectors import local_source

    column = next(
        i for i, c in enumerate(registration.columns(), start=1) if c.key == "local_qualifier"
    )
    letter = "ABCDEFGHIJK"[column - 1]
    number = next(n for n, *_rest, local, _b in players_of(demo) if not local)
    row = next(
        r
        for r in range(2, 100)
        if load_workbook(io.BytesIO(registration.template(demo)))[registration.sheet_title()][
            f"A{r}"
        ].value
        == number
    )
    with translation.override("cs"):
        content = edited(registration.template(demo), {f"{letter}{row}": registration.YES})
        assert registration.import_players(demo, content).errors == []
        player = demo.players.get(start_number=number)
        source = local_source(player)
    assert player.local_qualifier
    assert source.startswith("zaškrtnuto ručně: v přihláškovém listu nahraném ")
    assert "–" not in source
