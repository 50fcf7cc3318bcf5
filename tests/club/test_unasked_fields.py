"""Issue 35, point 2: a field the sheet does not ask is refused with its place on every path
that types a sheet (the desk's form, the table's phone, the desk's workbook), never dropped;
nothing of the sheet is saved. (The import and the push: ``tests/interchange``, ``tests/sync``.)"""

import io

import pytest
from django.test import Client
from openpyxl import load_workbook

from desk import excel
from rules import club
from scoring import links
from scoring.models import RoundResult, Sheet
from tests.authors import author
from tests.conftest import client_of, database_snapshot, table_and_round
from ui.addresses import table_path

from .conftest import club_lines
from .test_pages import club_form, html_of, sheet_url

pytestmark = pytest.mark.django_db


def test_the_desk_refuses_an_action_card_on_a_casual_sheet(casual_game, referees):
    table, round_ = table_and_round(casual_game)
    lines = club_lines(table)
    data = club_form(lines, "casual")
    second = lines[1].player
    data[f"p{second}-card-{club.BONUS_3}"] = "on"  # a Syllabatim 2 card: casual has none
    data[f"p{second}-action_cards"] = club.BONUS_3
    response = client_of(referees[0]).post(sheet_url(casual_game, table, round_), data)
    assert response.status_code == 422
    html = html_of(response)
    assert f"Hráč č. {second}: tento zápis se na „card-{club.BONUS_3}“ neptá" in html
    assert f"Hráč č. {second}: tento zápis se na „action_cards“ neptá" in html
    assert not Sheet.objects.exists() and not RoundResult.objects.exists()
    # the same form without them is saved
    response = client_of(referees[0]).post(
        sheet_url(casual_game, table, round_), club_form(lines, "casual")
    )
    assert response.status_code == 302


def test_the_desk_refuses_a_championship_field_and_a_player_not_at_the_table(
    syllabatim_2_game, referees
):
    table, round_ = table_and_round(syllabatim_2_game)
    lines = club_lines(table)
    data = club_form(lines)
    data[f"p{lines[0].player}-penalty"] = "2"  # the championship's, not Syllabatim 2's
    absent = max(p.start_number for p in syllabatim_2_game.stage.tournament.players.all()) + 1
    data[f"p{absent}-laid"] = "10"
    response = client_of(referees[0]).post(sheet_url(syllabatim_2_game, table, round_), data)
    assert response.status_code == 422
    html = html_of(response)
    assert f"Hráč č. {lines[0].player}: tento zápis se na „penalty“ neptá" in html
    assert f"Hráč č. {absent} u tohoto stolu nesedí, formulář přesto posílá jeho pole" in html
    assert not RoundResult.objects.exists()


def test_the_tables_phone_refuses_a_field_its_rule_set_does_not_ask(casual_game):
    table, round_ = table_and_round(casual_game)
    path = table_path(links.issue_table_links(game=casual_game, by=author("t"))[1])
    lines = club_lines(table)
    data = {**club_form(lines, "casual"), "round": str(round_.number)}
    first = lines[0].player
    data[f"p{first}-doubled_word"] = "5"  # Syllabatim 2's, not the casual scoring's
    response = Client().post(path, data)
    assert response.status_code == 422
    assert f"Hráč č. {first}: tento zápis se na „doubled_word“ neptá" in html_of(response)
    assert not RoundResult.objects.exists()
    del data[f"p{first}-doubled_word"]
    assert Client().post(path, data).status_code == 302


def test_the_workbook_refuses_a_value_beside_the_sheets_columns(game, referees):
    book = load_workbook(io.BytesIO(excel.game_workbook(game)))
    table = game.tables.get(number=1)
    sheet = book[excel.sheet_title(table)]
    top = excel.block_row(0, table.seats.count())
    for offset in range(table.seats.count()):
        values = (10, 0 if offset == 0 else 2, "ano" if offset == 0 else "ne", "ne", None)
        for column, value in zip(range(3, 8), values, strict=True):
            sheet.cell(top + 2 + offset, column, value)
    sheet.cell(top + 3, 8, 4)  # a fourth number in column H: no field of the sheet
    out = io.BytesIO()
    book.save(out)
    out.seek(0)
    before = database_snapshot()
    outcome = excel.store_workbook(game, out, by=referees[0])
    assert outcome.errors == [
        f"List Stůl 1, buňka H{top + 3}: v tomto sloupci zápis žádné pole nemá; 4 do zápisu nepatří"
    ]
    assert database_snapshot() == before
