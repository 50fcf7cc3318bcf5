"""Finding a player's seat: the reader's words matched to players, and the last seat of a
player who has none in the games being played (issue 21, 8)."""

import json

import pytest

from interchange.demo import DEMO_FILE
from interchange.importer import import_tournament
from public.selectors import last_seats, matches
from scoring.pages import PlayerInfo, player_infos
from tournament.models import Player, Seat

pytestmark = pytest.mark.django_db

KOLAR = PlayerInfo(7, "Jan Kolář", "", "B1")


@pytest.mark.parametrize(
    ("query", "found"),
    [
        ("kolar", True),
        ("KOLÁŘ jan", True),
        ("7", True),
        ("č. 7", True),
        ("7.", True),
        ("8", False),
        ("kolarova", False),
        ("", False),
        ("   ", False),
    ],
)
def test_a_reader_s_words_match_a_player(query, found):
    assert matches(KOLAR, query) is found


def test_the_last_seat_is_the_latest_game_of_the_latest_stage(db):
    tournament, _ = import_tournament(
        json.loads(DEMO_FILE.read_text(encoding="utf-8")), slug="posledni"
    )
    infos = player_infos(tournament)
    late = Player.objects.create(
        tournament=tournament, start_number=99, name="Pozdní Příchozí", sight_class="none"
    )
    players = [infos[10], infos[14], PlayerInfo(late.start_number, late.name, "", "none")]
    found = last_seats(tournament, players)
    assert found[99] is None  # registered, never drawn
    for number in (10, 14):
        seat = Seat.objects.select_related("game__stage", "table").get(
            game__stage__tournament=tournament,
            game__stage__kind__in=("final_a", "final_b"),
            game__number=2,
            player__start_number=number,
        )
        last = found[number]
        assert (last.stage, last.game, last.table, last.seat) == (
            seat.game.stage.kind,
            2,
            seat.table.number,
            seat.position + 1,
        )
    assert last_seats(tournament, []) == {}
