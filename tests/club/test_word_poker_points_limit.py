"""Slovní poker to a points limit (issue 37, the rules' variant "Zápisník nebo počítadlo"):
set up by the settings form, drawn with the deals the tournament sets, a table's game ended
at the deal where a player reaches the limit (of several, the most points win), or after the
last deal to the most points; the desk's grid and the phone skip the later deals; the
standings count it."""

import pytest
from django.urls import reverse
from django.utils import translation

from desk.selectors import NOT_PLAYED, game_grid, next_missing
from draws.services import draw_game
from interchange.exporter import export_tournament
from interchange.importer import import_tournament
from rules import word_poker
from rules.rulesets import PokerLine
from scoring import links
from scoring.selectors import progress, stage_data
from scoring.standings import stage_standings
from tests.authors import author
from tests.club.test_pages import NEW
from tests.conftest import client_of
from ui.addresses import table_path

from .conftest import club_tournament
from .test_word_poker_deals import poker_form, save, seats

pytestmark = pytest.mark.django_db

SETTINGS = {
    "kind": "club",
    "rule_set": "word_poker",
    "poker_game_end": "points_limit",
    "poker_deal_wins": "5",
    "poker_points_limit": "30",
    "poker_deals_limit": "6",
    "poker_standings": "games_won,deals_won,points",
}


def small_deal(players, winner):
    """Seat ``winner`` scores 7 (8 for the word, 1 left), the others 1 (6 and 5): nobody
    comes near 30 in six deals."""
    return [
        PokerLine(p, 8 if i == winner else 6, 1 if i == winner else 5)
        for i, p in enumerate(players)
    ]


@pytest.fixture
def limited(organiser):
    tournament = club_tournament("casual")
    url = reverse("staff:settings", kwargs={"slug": tournament.slug})
    client = client_of(organiser)
    page = client.get(url, HTTP_ACCEPT_LANGUAGE="cs").content.decode()
    assert 'name="poker_deals_limit"' in page and "ejvíc her partie na bodový limit" in page
    data = {**NEW, "name": tournament.name, **SETTINGS}
    refused = client.post(url, {**data, "poker_deals_limit": str(word_poker.DEALS_MAX + 1)})
    assert refused.status_code == 400
    assert 'id="id_poker_deals_limit_error"' in refused.content.decode()
    response = client.post(url, data)
    assert response.status_code == 302, response.content.decode()
    tournament.refresh_from_db()
    assert tournament.rules().end == word_poker.GameEnd(
        to=word_poker.TO_POINTS, points_limit=30, deals_limit=6
    )
    return tournament


def test_a_game_to_a_points_limit_is_drawn_with_the_deals_the_tournament_sets(limited, organiser):
    html = client_of(organiser).get(
        reverse("draws:draw", kwargs={"slug": limited.slug, "stage": "qualifier"}),
        HTTP_ACCEPT_LANGUAGE="cs",
    )
    assert "na 30 bodů se losuje s 6 hrami" in html.content.decode()
    game = draw_game(
        tournament=limited, kind="qualifier", number=1, by=author("Jana"), seed=1, confirm=True
    )
    assert [r.number for r in game.rounds.order_by("position")] == [1, 2, 3, 4, 5, 6]
    assert game.draw_options["rounds"] == "deals"
    copy, _ = import_tournament(export_tournament(limited), slug="kopie")
    assert copy.rules().end == limited.rules().end


def test_a_table_s_game_ends_at_the_limit_or_after_the_last_deal(limited, referees, client):
    """Table 1: after deal 1 nobody has 30; in deal 2 (by phone) two players pass 30, the one
    with more points wins. The other tables play all six deals below the limit: the most
    points win each. The phone and the desk skip table 1's later deals; the stage is
    complete and the standings count it all."""
    game = draw_game(
        tournament=limited, kind="qualifier", number=1, by=author("Jana"), seed=1, confirm=True
    )
    by_number = {r.number: r for r in game.rounds.all()}
    first, *others = game.tables.order_by("number")
    players = seats(first)
    save(
        first,
        by_number[1],
        [PokerLine(p, 20 if i < 2 else 6, 0 if i < 2 else 5) for i, p in enumerate(players)],
    )
    path = table_path(links.issue_table_links(game=game, by=author("t"))[first.number])
    second = [
        PokerLine(p, 15 if i == 0 else 18 if i == 1 else 6, 0 if i < 2 else 5)
        for i, p in enumerate(players)
    ]
    response = client.post(path, {**poker_form(second), "round": "2"})
    assert response.status_code == 302, response.content.decode()
    with translation.override("cs"):
        page = client.get(path, HTTP_ACCEPT_LANGUAGE="cs").content.decode()
        later = client.get(f"{path}kolo-3/", HTTP_ACCEPT_LANGUAGE="cs").content.decode()
    for html in (page, later):
        assert "Partie u tohoto stolu skončila ve 2. hře" in html
        assert 'name="round"' not in html  # no deal's form
    assert "kolo-3/" not in page and "kolo-2/" in page  # the deals listed end with deal 2
    grid = game_grid(game)
    row = dict(grid.rows)[first]
    assert [c.state for c in row[2:]] == [NOT_PLAYED] * 4
    assert next_missing(grid).table == others[0]
    for table in others:
        for number in range(1, 7):
            save(table, by_number[number], small_deal(seats(table), (number - 1) % 5))
    stage = progress(limited)["qualifier"]
    assert stage.games[0].complete and stage.games[0].tables_ended == 1 + len(others)
    assert next_missing(game_grid(game)) is None
    (rows,) = stage_standings(stage_data(game.stage), "qualifier").values()
    by_key = {row.key: row.performance for row in rows}
    assert (by_key[players[1]].games_won, by_key[players[1]].points) == (1, 38)
    assert (by_key[players[0]].games_won, by_key[players[0]].points) == (0, 35)
    # deal 1 shared by seats 0 and 1, deal 2 seat 1's
    assert (by_key[players[0]].deals_won, by_key[players[1]].deals_won) == (1, 2)
    for table in others:
        at = seats(table)
        # seat 0 won deals 1 and 6: 2 × 7 + 4 × 1 = 18, the most after the last deal
        assert (by_key[at[0]].games_won, by_key[at[0]].points) == (1, 18)
        assert all(by_key[p].games_won == 0 for p in at[1:])
    winners = [row.rank for row in rows if row.performance.games_won == 1]
    assert len(winners) == 1 + len(others)
    assert max(winners) < min(row.rank for row in rows if row.performance.games_won == 0)
