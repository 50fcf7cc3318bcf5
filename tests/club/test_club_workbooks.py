"""The desk's game workbook under Slovní poker and Scrabble: each rule set's own fields in its
own words (as the desk's sheet form asks them), a block per deal of a poker table, one game
per Scrabble board and no worksheet for a bye; read back through the desk's upload, the same
sheets as the desk's form saves, or nothing with every refusal at its worksheet, cell and
field."""

import io

import pytest
from django.urls import reverse
from openpyxl import load_workbook

from desk import excel
from draws.services import confirm_draw, draw_game
from scoring.models import RoundResult, Sheet
from tests.authors import author
from tests.conftest import client_of
from tournament.models import Player

from .conftest import club_game, club_tournament

pytestmark = pytest.mark.django_db

KWARGS = {"slug": "klub", "stage": "qualifier", "number": 1}


@pytest.fixture
def poker_game(db):
    return club_game("word_poker")


@pytest.fixture
def scrabble_game(db):
    """A Scrabble round of an odd field: one board of one is a bye."""
    tournament = club_tournament("scrabble")
    Player.objects.filter(tournament=tournament, start_number=3).update(present=False)
    game = draw_game(tournament=tournament, kind="qualifier", number=1, by=author("J"))
    return confirm_draw(game=game, by=author("J"))


def download(client):
    response = client.get(reverse("desk:workbook", kwargs=KWARGS), HTTP_ACCEPT_LANGUAGE="cs")
    assert response.status_code == 200 and response["Content-Type"] == excel.CONTENT_TYPE
    return load_workbook(io.BytesIO(response.content))


def send(client, book):
    out = io.BytesIO()
    book.save(out)
    out.seek(0)
    out.name = "zapisy.xlsx"
    return client.post(
        reverse("desk:upload", kwargs=KWARGS), {"workbook": out}, HTTP_ACCEPT_LANGUAGE="cs"
    )


def fill(book, table, position, rows):
    """Write rows of values (from column C on) into the block at ``position``."""
    sheet = book[excel.sheet_title(table)]
    top = excel.block_row(position, table.seats.count())
    for offset, row in enumerate(rows):
        for column, value in enumerate(row, start=3):
            sheet.cell(top + 2 + offset, column, value)
    return sheet, top


def seated(table):
    return list(
        table.seats.select_related("player")
        .order_by("position")
        .values_list("player__start_number", flat=True)
    )


def test_a_poker_workbook_asks_the_word_and_the_hand_a_block_per_deal(poker_game, referees):
    book = download(client_of(referees[0]))
    table = poker_game.tables.order_by("number").first()
    sheet = book[excel.sheet_title(table)]
    seats = table.seats.count()
    deals = poker_game.rounds.count()
    assert deals > 7  # every deal the game can need, as the desk's grid
    for position in (0, deals - 1):
        top = excel.block_row(position, seats)
        assert sheet.cell(top, 1).value.startswith(f"Hra {position + 1}, začíná ")
        headings = [sheet.cell(top + 1, column).value for column in range(1, 6)]
        assert headings == ["Č.", "Jméno", "Body slova", "Body karet v ruce", None]
    assert "zavřel" not in str(sheet["A2"].value).lower()
    assert sheet.cell(excel.block_row(deals, seats), 1).value is None


def test_a_filled_poker_workbook_saves_the_deals_in_order(poker_game, referees):
    client = client_of(referees[0])
    book = download(client)
    table = poker_game.tables.order_by("number").first()
    players = seated(table)
    first = [(14, 3), (0, 12)] + [(5, 5)] * (len(players) - 2)
    second = [(5, 5)] * (len(players) - 1) + [(12, 0)]
    fill(book, table, 0, first)
    fill(book, table, 1, second)
    response = send(client, book)
    assert response.status_code == 302, response.content.decode()
    rounds = list(poker_game.rounds.order_by("position"))
    assert Sheet.objects.filter(table=table).count() == 2
    for round_, values in ((rounds[0], first), (rounds[1], second)):
        stored = {
            r.player.start_number: (r.laid, r.unused, r.closed)
            for r in RoundResult.objects.filter(table=table, round=round_).select_related("player")
        }
        assert stored == {
            p: (word, left, False) for p, (word, left) in zip(players, values, strict=True)
        }
    again = download(client)  # the stored deals come back, and read back as unchanged
    assert send(client, again).status_code == 302
    assert Sheet.objects.filter(table=table).count() == 2


def test_a_poker_deal_the_rules_forbid_is_refused_at_its_cell_and_nothing_saved(
    poker_game, referees
):
    client = client_of(referees[0])
    book = download(client)
    table = poker_game.tables.order_by("number").first()
    players = seated(table)
    fill(book, table, 0, [(14, 3)] + [(5, 5)] * (len(players) - 1))
    _, top = fill(book, table, 1, [(6, 40)] + [(5, 5)] * (len(players) - 1))
    response = send(client, book)
    html = response.content.decode()
    assert response.status_code == 422
    title = excel.sheet_title(table)
    assert f"List {title}, buňka D{top + 2} (body karet v ruce)" in html
    assert not Sheet.objects.filter(table__game=poker_game).exists()


def test_a_scrabble_workbook_has_one_game_per_board_and_no_bye(scrabble_game, referees):
    book = download(client_of(referees[0]))
    tables = list(scrabble_game.tables.order_by("number"))
    boards = [t for t in tables if t.seats.count() > 1]
    assert len(boards) == len(tables) - 1
    assert book.sheetnames == [excel.sheet_title(t) for t in boards]
    sheet = book[excel.sheet_title(boards[0])]
    top = excel.block_row(0, boards[0].seats.count())
    assert sheet.cell(top, 1).value.startswith("Hra, začíná ")
    headings = [sheet.cell(top + 1, column).value for column in range(1, 7)]
    assert headings == [
        "Č.",
        "Jméno",
        "Skóre na konci hry",
        "Body zbylých kamenů",
        "Dohrál všechny kameny",
        None,
    ]


def test_a_filled_scrabble_workbook_saves_or_refuses_whole(scrabble_game, referees):
    client = client_of(referees[0])
    boards = [t for t in scrabble_game.tables.order_by("number") if t.seats.count() > 1]
    book = download(client)
    fill(book, boards[0], 0, [(400, 0, "ano"), (350, 6, "ne")])
    _, top = fill(book, boards[1], 0, [(380, 5, "ano"), (300, 0, "ne")])
    response = send(client, book)
    assert response.status_code == 422
    title = excel.sheet_title(boards[1])
    assert f"List {title}, buňka D{top + 2} (body zbylých kamenů)" in response.content.decode()
    assert not Sheet.objects.filter(table__game=scrabble_game).exists()

    fill(book, boards[1], 0, [(380, 0, "ano"), (300, 7, "ne")])
    assert send(client, book).status_code == 302
    stored = {
        r.player.start_number: (r.laid, r.unused, r.closed)
        for r in RoundResult.objects.filter(table=boards[0]).select_related("player")
    }
    a, b = seated(boards[0])
    assert stored == {a: (400, 0, True), b: (350, 6, False)}
    assert Sheet.objects.filter(table__game=scrabble_game).count() == 2


def test_a_kept_upload_is_checked_again_and_saved_as_the_rule_set_s_lines(poker_game, referees):
    """The upload kept in the session (for warnings to accept) holds poker's own lines: taken
    back through JSON, the table's deals are checked in order and saved the same."""
    import json

    client = client_of(referees[0])
    book = download(client)
    table = poker_game.tables.order_by("number").first()
    players = seated(table)
    fill(book, table, 0, [(14, 3)] + [(5, 5)] * (len(players) - 1))
    fill(book, table, 1, [(5, 5)] * (len(players) - 1) + [(12, 0)])
    out = io.BytesIO()
    book.save(out)
    outcome = excel.check_upload(poker_game, out.getvalue())
    assert outcome.errors == [] and len(outcome.pending) == 2
    data = json.loads(json.dumps(excel.kept(outcome, poker_game)))
    saved = excel.accept_warnings(poker_game, data, by=referees[0])
    assert saved.errors == [] and saved.saved == 2
    first = poker_game.rounds.order_by("position").first()
    stored = RoundResult.objects.get(table=table, round=first, player__start_number=players[0])
    assert (stored.laid, stored.unused) == (14, 3)
