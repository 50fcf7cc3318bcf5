"""A Scrabble board's sheet at the desk and on the table's phone (score when play stopped,
tiles left, went out), refused with its place where the rules forbid it, and the standings
(wins, spread, sum of scores) on the staff and public pages (issue 37, point 2)."""

import re

import pytest
from django.urls import reverse

from desk.selectors import BYE, game_grid
from draws.services import confirm_draw, draw_game
from rules import scrabble
from rules.rulesets import ScrabbleLine
from scoring import links
from scoring import sheets as sheet_services
from scoring.models import RoundResult
from scoring.selectors import progress, stage_data
from scoring.standings import stage_standings
from tests.authors import author
from tests.club.test_pages import sheet_url
from tests.conftest import client_of
from tournament.models import Player, Tournament
from ui.addresses import table_path

from .conftest import club_tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def scrabble_round(db):
    """Round 1 of a Scrabble tournament of an odd field, paired by lot and confirmed."""
    tournament = club_tournament("scrabble")
    Tournament.objects.filter(pk=tournament.pk).update(
        scrabble_first_round=scrabble.BY_LOT, qualifier_games=3
    )
    tournament.refresh_from_db()
    Player.objects.filter(tournament=tournament, start_number=1).update(present=False)
    game = draw_game(tournament=tournament, kind="qualifier", number=1, by=author("J"), seed=7)
    return confirm_draw(game=game, by=author("J"))


def seated(table):
    return [s.player.start_number for s in table.seats.order_by("position")]


def form(rows) -> dict:
    """The sheet's form: rows of (start number, score, tiles left, went out)."""
    data = {"version": "0", "then": "stay"}
    for number, score, left, out in rows:
        data[f"p{number}-laid"] = str(score)
        data[f"p{number}-unused"] = str(left)
        if out:
            data[f"p{number}-closed"] = "on"
    return data


def test_the_desk_asks_the_score_the_tiles_left_and_went_out_and_saves_the_final_scores(
    scrabble_round, referees
):
    table = scrabble_round.tables.get(number=1)
    round_ = scrabble_round.rounds.get()
    a, b = seated(table)
    client = client_of(referees[0])
    url = sheet_url(scrabble_round, table, round_)
    html = client.get(url, HTTP_ACCEPT_LANGUAGE="cs").content.decode()
    for name in ("laid", "unused", "closed"):
        assert f'name="p{a}-{name}"' in html
    assert "skóre na konci hry" in html.lower() and "body zbylých kamenů" in html.lower()
    assert "dohrál všechny kameny" in html.lower() and f'name="p{a}-penalty"' not in html
    response = client.post(url, form([(a, 380, 0, True), (b, 360, 9, False)]))
    assert response.status_code == 302, response.content.decode()
    scores = dict(
        RoundResult.objects.filter(table=table).values_list("player__start_number", "rule_score")
    )
    assert scores == {a: 389, b: 351}


@pytest.mark.parametrize(
    ("rows", "place", "words"),
    [
        # went out with tiles left: the tiles left of the player who went out
        (lambda a, b: [(a, 380, 5, True), (b, 360, 9, False)], "a-unused", "dohrál všechny"),
        # both went out: the second one's box
        (lambda a, b: [(a, 380, 0, True), (b, 360, 0, True)], "b-closed", "dohrát může jen"),
        # no rack is worth 200
        (lambda a, b: [(a, 380, 0, True), (b, 360, 200, False)], "b-unused", "žádný stojánek"),
    ],
)
def test_the_desk_refuses_what_the_rules_forbid_next_to_its_field_and_saves_nothing(
    scrabble_round, referees, rows, place, words
):
    table = scrabble_round.tables.get(number=1)
    a, b = seated(table)
    url = sheet_url(scrabble_round, table, scrabble_round.rounds.get())
    response = client_of(referees[0]).post(url, form(rows(a, b)), HTTP_ACCEPT_LANGUAGE="cs")
    assert response.status_code == 422
    html = response.content.decode()
    who, field = place.split("-")
    element = f"id_p{a if who == 'a' else b}-{field}"
    assert f'id="{element}-error"' in html and f'aria-describedby="{element}-error"' in html
    assert words in html
    assert not RoundResult.objects.exists()


def test_the_tables_phone_enters_a_board_s_game(scrabble_round, client):
    table = scrabble_round.tables.get(number=2)
    a, b = seated(table)
    path = table_path(links.issue_table_links(game=scrabble_round, by=author("t"))[2])
    html = client.get(path, HTTP_ACCEPT_LANGUAGE="cs").content.decode()
    assert f'name="p{a}-unused"' in html and f'name="p{b}-closed"' in html
    response = client.post(path, {**form([(a, 300, 4, False), (b, 410, 0, True)]), "round": "1"})
    assert response.status_code == 302, response.content.decode()
    scores = dict(
        RoundResult.objects.filter(table=table).values_list("player__start_number", "rule_score")
    )
    assert scores == {a: 296, b: 414}
    bad = form([(a, 300, 4, True), (b, 410, 0, True)])
    response = client.post(path, {**bad, "round": "1", "version": "1"})
    assert response.status_code == 422
    assert dict(
        RoundResult.objects.filter(table=table).values_list("player__start_number", "rule_score")
    ) == {a: 296, b: 414}


def play_round(game, draw_on=()):
    """Every board: the first seated wins 400 - board to 300 with 7 left, the second out;
    boards in ``draw_on`` end 350 to 350."""
    round_ = game.rounds.get()
    for table in game.tables.order_by("number"):
        players = seated(table)
        if len(players) == 1:
            continue
        a, b = players
        if table.number in draw_on:
            lines = [ScrabbleLine(a, 350, 0, False), ScrabbleLine(b, 350, 0, False)]
        else:
            lines = [ScrabbleLine(a, 400 - table.number, 7, False), ScrabbleLine(b, 300, 0, True)]
        sheet_services.save_sheet(table=table, round=round_, lines=lines, by=author("R"), version=0)


def test_the_bye_is_a_win_by_the_margin_and_the_round_complete_without_its_sheet(
    scrabble_round, referees, client
):
    tables = list(scrabble_round.tables.order_by("number"))
    bye_table = tables[-1]
    (bye,) = seated(bye_table)
    grid = game_grid(scrabble_round)
    assert [cell.state for cell in dict(grid.rows)[bye_table]] == [BYE]
    assert grid.missing == len(tables) - 1
    play_round(scrabble_round, draw_on={2})
    tournament = scrabble_round.stage.tournament
    assert progress(tournament)["qualifier"].games[0].complete
    assert links.game_complete(scrabble_round)
    (rows,) = stage_standings(stage_data(scrabble_round.stage), "qualifier").values()
    by_key = {row.key: row for row in rows}
    assert (by_key[bye].performance.half_wins, by_key[bye].performance.spread) == (2, 50)
    assert by_key[bye].performance.points == 0 and by_key[bye].performance.byes == 1
    a, b = seated(tables[0])
    assert (by_key[a].performance.half_wins, by_key[a].performance.spread) == (2, 85)
    assert by_key[a].performance.points == 392
    c, d = seated(tables[1])
    assert by_key[c].performance.half_wins == by_key[d].performance.half_wins == 1
    assert by_key[c].rank == by_key[d].rank and by_key[c].shared  # equal stays equal
    # wins first, then spread: board 1's winner (spread 85) above the others who won by less
    assert rows[0].key == a
    assert [row.performance.half_wins for row in rows] == sorted(
        (row.performance.half_wins for row in rows), reverse=True
    )

    slug = tournament.slug
    public = client.get(
        reverse("public:standings", kwargs={"slug": slug, "stage": "qualifier"}),
        HTTP_ACCEPT_LANGUAGE="cs",
    ).content.decode()
    head = re.search(r"<thead>.*?</thead>", public, re.S).group(0)
    assert re.findall(r'<th[^>]*scope="col"', head)
    for words in ("Výhry", "Rozdíl skóre", "Součet skóre"):
        assert words in head, words
    assert "Zavření" not in head
    assert "stejné výhry, rozdíl skóre i součet skóre" in public
    hall = client.get(
        reverse("public:hall", kwargs={"slug": slug}), HTTP_ACCEPT_LANGUAGE="cs"
    ).content.decode()
    assert '<th scope="col" class="hall-number">Rozdíl skóre</th>' in hall
    staff = client_of(referees[0]).get(
        reverse("desk:advancement", kwargs={"slug": slug}), HTTP_ACCEPT_LANGUAGE="cs"
    )
    html = staff.content.decode()
    assert staff.status_code == 200
    assert '<th scope="col">Výhry</th><th scope="col">Rozdíl skóre</th>' in html
    assert "<td>1,5</td>" not in html and "<td>85</td>" in html and "<td>392</td>" in html
