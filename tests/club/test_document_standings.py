"""A club tournament's standings computed from its document (``interchange.data``, without a
database: the validator's check of the finals, the benchmarks) equal those computed from the
database, for Slovní poker (games won, deals won, then points, each table's deals in their
order) and for Scrabble (wins, spread, the sum of scores, the bye)."""

import json

import pytest

from interchange.data import document_data
from interchange.exporter import export_tournament
from interchange.results import results_document
from rules.categories import ALL
from scoring.selectors import tournament_data

from .conftest import club_game
from .test_scrabble_formats import played  # noqa: F401  (the fixture)
from .test_word_poker import deal, rounds, save, seats, setting

pytestmark = pytest.mark.django_db


@pytest.fixture
def poker_game(db):
    return club_game("word_poker")


def both_ways(tournament) -> tuple[dict, dict]:
    document = json.loads(json.dumps(export_tournament(tournament)))
    return results_document(document_data(document)), results_document(tournament_data(tournament))


def test_a_poker_tournament_s_standings_from_its_document_equal_the_database_s(poker_game):
    """At every table the first seat wins the game on few points and the second loses it on
    many: ranked by games won the first seats lead, by points alone the second seats would."""
    setting(poker_game, poker_deal_wins=2)
    first, second, third = rounds(poker_game)[:3]
    winners, losers = [], []
    for table in poker_game.tables.order_by("number"):
        save(table, first, deal(table, (7, 0), (6, 0)))
        save(table, second, deal(table, (5, 0), (40, 0)))
        save(table, third, deal(table, (7, 0), (6, 0)))  # the first seat's second deal: the game
        winners.append(seats(table)[0])
        losers.append(seats(table)[1])
    from_document, from_database = both_ways(poker_game.stage.tournament)
    assert from_document == from_database
    rows = from_document["qualifier"]["standings"][ALL]
    leaders = {row["player"] for row in rows if row["rank"] == 1}
    assert leaders == set(winners)
    assert all(row["games_won"] == 1 and row["deals_won"] == 2 for row in rows if row["rank"] == 1)
    assert {row["player"] for row in rows if row["rank"] == len(winners) + 1} == set(losers)


def test_a_scrabble_tournament_s_standings_from_its_document_equal_the_database_s(played):  # noqa: F811
    from_document, from_database = both_ways(played)
    assert from_document == from_database
    rows = from_document["qualifier"]["standings"][ALL]
    assert sum(row["byes"] for row in rows) == 3 and rows[0]["wins"] >= rows[-1]["wins"]
