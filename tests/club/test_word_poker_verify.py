"""``rules.verify`` reproduces a Slovní poker tournament's published draws (issue 37): the
seating from the seed, and the game's deals, 1 up to the most a game at its largest table can
take (to a points limit: the deals the tournament sets); a tampered document fails."""

import copy

import pytest

from draws.services import confirm_draw, draw_game, publish_draw_commitment
from interchange.exporter import export_tournament
from rules import verify
from tests.authors import author
from tournament.models import Tournament

from .conftest import club_tournament

pytestmark = pytest.mark.django_db


def committed(tournament, number, **options):
    commitment = publish_draw_commitment(
        tournament=tournament, kind="qualifier", number=number, by=author("Jana"), **options
    )
    game = draw_game(
        tournament=tournament,
        kind="qualifier",
        number=number,
        by=author("Jana"),
        commitment=commitment,
    )
    confirm_draw(game=game, by=author("Jana"), version=game.draw_version)
    return game


def outcome(document):
    return [(c.commitment.key, c.result.key) for c in verify.verify_document(document)]


@pytest.mark.parametrize("game_end", ["deal_wins", "points_limit"])
def test_a_poker_tournament_s_draws_are_reproduced_and_tampering_fails(db, game_end):
    tournament = club_tournament("word_poker")
    Tournament.objects.filter(pk=tournament.pk).update(poker_game_end=game_end, poker_deals_limit=9)
    tournament.refresh_from_db()
    committed(tournament, 1)
    second = committed(tournament, 2, tables=5)
    largest = max(table.seats.count() for table in second.tables.all())
    expected = 9 if game_end == "points_limit" else 4 * largest + 1  # five deal wins
    assert second.rounds.count() == expected and second.commitment.what.endswith(
        ";rounds=deals;tables=5"
    )
    document = export_tournament(tournament)
    assert outcome(document) == [(verify.OK, verify.REPRODUCED)] * 2

    games = lambda d: d["stages"]["qualifier"]["games"]  # noqa: E731
    tampered = copy.deepcopy(document)
    tables = games(tampered)[1]["tables"]
    tables[0]["seats"][0], tables[1]["seats"][0] = tables[1]["seats"][0], tables[0]["seats"][0]
    assert outcome(tampered)[1] == (verify.OK, verify.DIFFERS)
    tampered = copy.deepcopy(document)
    games(tampered)[0]["rounds"] = games(tampered)[0]["rounds"][:-1]  # a deal dropped
    assert outcome(tampered)[0] == (verify.OK, verify.DIFFERS)
    tampered = copy.deepcopy(document)
    games(tampered)[0]["rounds"] = [3, 1, 2, *games(tampered)[0]["rounds"][3:]]
    assert outcome(tampered)[0] == (verify.OK, verify.DIFFERS)
