"""A Scrabble sheet's bad input at the desk and on the table's phone: a word for a number, a
negative value, two players out, a score no game reaches (once a 500 on PostgreSQL: the
number did not fit the column). Each is refused with a Czech message at its field, and nothing
is saved: neither a first sheet nor a correction of one saved before."""

import pytest
from django.test import Client

from rules import scrabble
from rules.rulesets import PokerLine
from scoring import links
from scoring.models import RoundResult, Sheet
from tests.authors import author
from tests.club.test_pages import sheet_url
from tests.conftest import client_of
from ui.addresses import table_path

from .test_attack_access import poker_game, scrabble_game
from .test_scrabble_sheets import form, seated
from .test_word_poker_deals import poker_form, seats

pytestmark = pytest.mark.django_db

BAD = {
    # (rows by the board's players a, b), the field refused ("a-unused"), the Czech words
    "a word for a score": (
        lambda a, b: [(a, "tři sta", 0, True), (b, 300, 5, False)],
        "a-laid",
        "„skóre na konci hry“ musí být celé číslo od 0 výš, ne tři sta",
    ),
    "negative tiles left": (
        lambda a, b: [(a, 380, 0, True), (b, 300, -5, False)],
        "b-unused",
        "„body zbylých kamenů“ musí být celé číslo od 0 výš, ne -5",
    ),
    "two players out": (
        lambda a, b: [(a, 380, 0, True), (b, 300, 0, True)],
        "b-closed",
        "dohrát může jen",
    ),
    "a score no game reaches": (
        lambda a, b: [(a, 380, 0, True), (b, 3_000_000_000, 5, False)],
        "b-laid",
        "skóre 3000000000 žádná hra Scrabble nedá: žádné skóre nepřesáhne "
        f"{scrabble.score_bound()}",
    ),
}


def rows_now():
    return sorted(
        RoundResult.objects.values_list("player__start_number", "laid", "unused", "closed")
    ), Sheet.objects.count()


@pytest.mark.parametrize("where", ["desk", "phone"])
@pytest.mark.parametrize("saved_before", [False, True], ids=["first", "correction"])
@pytest.mark.parametrize("bad", sorted(BAD))
def test_a_bad_scrabble_sheet_is_refused_at_its_field_and_saves_nothing(
    referees, where, saved_before, bad
):
    game = scrabble_game()
    table = game.tables.get(number=1)
    round_ = game.rounds.get()
    a, b = seated(table)
    if where == "desk":
        client, url, extra = client_of(referees[0]), sheet_url(game, table, round_), {}
    else:
        link = links.issue_table_links(game=game, by=author("t"))[1]
        client, url, extra = Client(), table_path(link), {"round": str(round_.number)}
    version = "0"
    if saved_before:
        sound = client.post(url, {**form([(a, 380, 0, True), (b, 360, 9, False)]), **extra})
        assert sound.status_code == 302, sound.content.decode()
        version = "1"
    before = rows_now()
    rows, place, words = BAD[bad]
    data = {**form(rows(a, b)), **extra, "version": version}
    response = client.post(url, data, HTTP_ACCEPT_LANGUAGE="cs")
    assert response.status_code == 422
    page = response.content.decode()
    who, field = place.split("-")
    element = f"id_p{a if who == 'a' else b}-{field}"
    assert f'aria-describedby="{element}-error"' in page
    error = page[page.index(f'id="{element}-error"') :]
    assert words in error[: error.index("</")]  # the message at the field it names
    assert rows_now() == before


def test_the_score_bound_refuses_only_what_is_past_it():
    most = scrabble.score_bound()
    assert 2_000 < most < 2**31 - 1  # above any real game, within the database's column

    def problems(score):
        lines = [scrabble.GameLine("a", score, 0, True), scrabble.GameLine("b", 300, 5)]
        return [(p.code, p.player, p.field) for p in scrabble.check_game(lines)]

    assert problems(most) == []
    assert problems(most + 1) == [(scrabble.SCORE_OUT_OF_RANGE, "a", "score")]


@pytest.mark.parametrize("where", ["desk", "phone"])
def test_a_poker_word_of_ten_digits_is_refused_at_its_field(referees, where):
    """The dice's faces unrecorded, the word had no upper bound: 3000000000 was a 500 on
    PostgreSQL (integer out of range)."""
    game = poker_game()
    table = game.tables.get(number=1)
    round_ = game.rounds.order_by("position").first()
    players = seats(table)
    lines = [
        PokerLine(p, 3_000_000_000 if i == 0 else 6, 0 if i == 0 else 5)
        for i, p in enumerate(players)
    ]
    if where == "desk":
        client, url, extra = client_of(referees[0]), sheet_url(game, table, round_), {}
    else:
        link = links.issue_table_links(game=game, by=author("t"))[1]
        client, url, extra = Client(), table_path(link), {"round": str(round_.number)}
    response = client.post(url, {**poker_form(lines), **extra}, HTTP_ACCEPT_LANGUAGE="cs")
    assert response.status_code == 422
    page = response.content.decode()
    element = f"id_p{players[0]}-laid"
    assert f'aria-describedby="{element}-error"' in page
    error = page[page.index(f'id="{element}-error"') :]
    assert "slovo pak má" in error[: error.index("</")]
    assert "999999999 bodů, ne 3000000000" in error[: error.index("</")]
    assert rows_now() == ([], 0)
