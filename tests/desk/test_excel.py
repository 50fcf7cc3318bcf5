import io

import pytest
from django.urls import reverse
from openpyxl import load_workbook

from desk import excel
from scoring.models import RoundResult, Sheet
from scoring.services import save_sheet
from tests.conftest import database_snapshot
from tests.desk.conftest import client_of, good_lines, table_and_round


def fill(book, game, table_number, position, values):
    """Write rows of (laid, unused, closed, disqualified, penalty) into a round's block."""
    table = game.tables.get(number=table_number)
    sheet = book[excel.sheet_title(table)]
    top = excel.block_row(position, table.seats.count())
    for offset, row in enumerate(values):
        for column, value in zip(range(3, 8), row, strict=True):
            sheet.cell(top + 2 + offset, column, value)
    return sheet, top


def workbook(game):
    return load_workbook(io.BytesIO(excel.game_workbook(game)))


def upload(book, game, user):
    out = io.BytesIO()
    book.save(out)
    out.seek(0)
    return excel.store_workbook(game, out, by=user)


def good_values(table, closer=0):
    return [
        (10, 0 if i == closer else 2, "ano" if i == closer else "ne", "ne", None)
        for i in range(table.seats.count())
    ]


def test_the_workbook_is_prefilled_with_players_and_rounds(game, referees):
    book = workbook(game)
    assert book.sheetnames == [f"Stůl {t.number}" for t in game.tables.order_by("number")]
    table, round_ = table_and_round(game)
    sheet = book["Stůl 1"]
    seats = list(table.seats.select_related("player").order_by("position"))
    assert f"Kolo {round_.number}: {round_.deal_size} karet" in sheet["A4"].value
    assert [sheet.cell(6 + i, 1).value for i in range(len(seats))] == [
        s.player.start_number for s in seats
    ]
    assert sheet.data_validations.dataValidation  # whole numbers and yes/no


def test_a_filled_workbook_round_trips(game, referees):
    book = workbook(game)
    for table in game.tables.all():
        fill(book, game, table.number, 0, good_values(table))
    outcome = upload(book, game, referees[0])
    assert outcome.errors == [] and outcome.saved == game.tables.count()
    assert Sheet.objects.count() == game.tables.count()
    again = workbook(game)  # the download now carries the stored values
    outcome = upload(again, game, referees[0])
    assert outcome.errors == [] and outcome.saved == 0 and outcome.same == game.tables.count()


def test_every_error_with_its_cell_and_nothing_stored(game, referees):
    book = workbook(game)
    table1 = game.tables.get(number=1)
    values = good_values(table1)
    values[1] = (10, 0, "ano", "ne", None)  # a second closer
    values[2] = ("deset", 2, "ne", "ne", None)
    fill(book, game, 1, 0, values)
    table2 = game.tables.get(number=2)
    values = good_values(table2)
    values[0] = (10, 0, "možná", "ne", None)
    fill(book, game, 2, 0, values)
    fill(book, game, 3, 0, good_values(game.tables.get(number=3)))  # a good one: not stored
    before = database_snapshot()
    outcome = upload(book, game, referees[0])
    text = "\n".join(outcome.errors)
    assert "List Stůl 1, buňka E6" in text and "List Stůl 1, buňka E7" in text
    assert "List Stůl 1, buňka C8: „vyloženo“ musí být celé číslo" in text
    assert "List Stůl 2, buňka E6: napište „ano“ nebo „ne“" in text
    assert database_snapshot() == before


def test_an_upload_does_not_overwrite_a_sheet_entered_at_the_desk(game, referees):
    table, round_ = table_and_round(game)
    save_sheet(
        table=table, round=round_, lines=good_lines(table, laid=7), by=referees[1], version=0
    )
    book = workbook(game)
    fill(book, game, 1, 0, good_values(table))
    outcome = upload(book, game, referees[0])
    assert "už byl zapsán jinak" in "\n".join(outcome.errors)
    assert set(RoundResult.objects.values_list("laid", flat=True)) == {7}


def test_moved_rows_and_other_files_are_refused(game, referees):
    book = workbook(game)
    sheet = book["Stůl 1"]
    sheet["A6"], sheet["A7"] = sheet["A7"].value, sheet["A6"].value
    fill(book, game, 1, 0, good_values(game.tables.get(number=1)))
    assert "řádky byly přesunuty" in "\n".join(upload(book, game, referees[0]).errors)
    outcome = excel.store_workbook(game, io.BytesIO(b"not a workbook"), by=referees[0])
    assert "není sešit Excelu" in outcome.errors[0]


def test_download_and_upload_through_the_desk(game, referees):
    client = client_of(referees[0])
    kwargs = {"slug": "mcr", "stage": "qualifier", "number": 1}
    response = client.get(reverse("desk:workbook", kwargs=kwargs))
    assert response["Content-Type"] == excel.CONTENT_TYPE
    book = load_workbook(io.BytesIO(response.content))
    fill(book, game, 1, 0, good_values(game.tables.get(number=1)))
    out = io.BytesIO()
    book.save(out)
    out.seek(0)
    out.name = "sheets.xlsx"
    response = client.post(reverse("desk:upload", kwargs=kwargs), {"workbook": out})
    assert response.status_code == 302 and Sheet.objects.count() == 1


pytestmark = pytest.mark.django_db
