import io
import re

import pytest
from django.urls import reverse
from openpyxl import load_workbook

from desk import excel
from scoring.models import RoundResult, Sheet
from scoring.sheets import save_sheet
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
    cards = "karty" if round_.deal_size < 5 else "karet"  # 4 karty, 5 karet
    assert f"Kolo {round_.number}: {round_.deal_size} {cards}, začíná " in sheet["A4"].value
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


def upload_page(client, book, game):
    out = io.BytesIO()
    book.save(out)
    out.seek(0)
    out.name = "sheets.xlsx"
    kwargs = {"slug": "mcr", "stage": "qualifier", "number": game.number}
    return client.post(reverse("desk:upload", kwargs=kwargs), {"workbook": out})


def accept_url(game):
    kwargs = {"slug": "mcr", "stage": "qualifier", "number": game.number}
    return reverse("desk:upload_accept", kwargs=kwargs)


def token_of(html):
    import re

    return re.search(r'name="token" value="([^"]+)"', html).group(1)


def only_warnings_book(game):
    """Every table's first round without a closer: legal, but a warning each."""
    book = workbook(game)
    for table in game.tables.all():
        fill(book, game, table.number, 0, good_values(table, closer=-1))
    return book


def test_warnings_alone_are_worded_as_warnings_and_accepted_on_the_page(game, referees):
    client = client_of(referees[0])
    response = upload_page(client, only_warnings_book(game), game)
    html = response.content.decode()
    tables = game.tables.count()
    assert response.status_code == 200 and not Sheet.objects.exists()
    assert "Před uložením zkontrolujte upozornění" in html
    assert f"{tables} upozornění" in html and "kolo nikdo nezavřel" in html
    assert "form-warnings" in html and "form-errors" not in html
    visible = re.sub(r'value="[^"]*"', "", html)  # not the random tokens of hidden fields
    assert "Opravte" not in visible and "chyb" not in visible
    noun = "zápis" if tables == 1 else "zápisy" if tables < 5 else "zápisů"
    assert f"Přijmout upozornění a uložit {tables} {noun}" in html
    response = client.post(accept_url(game), {"token": token_of(html)})
    assert response.status_code == 302
    assert Sheet.objects.count() == tables  # all of them, without the file again
    again = client.post(accept_url(game), {"token": token_of(html)}, follow=True)
    assert "už není uchován" in again.content.decode()  # a token serves once
    assert Sheet.objects.count() == tables


def test_accepting_is_refused_when_a_sheet_was_entered_meanwhile(game, referees):
    client = client_of(referees[0])
    html = upload_page(client, only_warnings_book(game), game).content.decode()
    table, round_ = table_and_round(game, table=2)
    save_sheet(
        table=table, round=round_, lines=good_lines(table, laid=7), by=referees[1], version=0
    )
    before = database_snapshot()
    response = client.post(accept_url(game), {"token": token_of(html)})
    text = response.content.decode()
    assert response.status_code == 409
    assert "mezitím zapsal ref2" in text and "Přijmout upozornění" not in text
    assert database_snapshot() == before  # nothing of the upload, all or nothing


def test_changed_warnings_are_shown_again_before_saving(game, referees):
    client = client_of(referees[0])
    html = upload_page(client, only_warnings_book(game), game).content.decode()
    token = token_of(html)
    session = client.session
    kept = session[f"desk-upload-{token}"]
    kept["warned"] = kept["warned"][1:]  # the referee saw one warning fewer than there are now
    session[f"desk-upload-{token}"] = kept
    session.save()
    response = client.post(accept_url(game), {"token": token})
    text = response.content.decode()
    assert response.status_code == 409 and not Sheet.objects.exists()
    assert "se upozornění změnila" in text
    assert client.post(accept_url(game), {"token": token_of(text)}).status_code == 302
    assert Sheet.objects.count() == game.tables.count()


def test_errors_and_warnings_are_listed_apart(game, referees):
    book = only_warnings_book(game)
    values = good_values(game.tables.get(number=1), closer=-1)
    values[0] = ("deset", 2, "ne", "ne", None)
    fill(book, game, 1, 0, values)
    response = upload_page(client_of(referees[0]), book, game)
    html = response.content.decode()
    assert response.status_code == 422 and not Sheet.objects.exists()
    errors = html[html.index('class="form-errors"') : html.index('class="form-warnings"')]
    warnings = html[html.index('class="form-warnings"') :]
    assert "1 chyba" in errors and "buňka C6" in errors and "nezavřel" not in errors
    assert "nezavřel" in warnings and "celé číslo" not in warnings
    assert 'name="token"' not in html  # errors first: nothing to accept
