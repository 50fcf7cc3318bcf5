"""Tournaments of other kinds (issue 25): the demo's players as a club tournament played by a
club rule set, its first game drawn and confirmed."""

import json

import pytest

from draws.services import draw_game
from interchange.demo import DEMO_FILE
from interchange.importer import import_tournament
from rules.club import ClubLine
from tests.authors import author
from tournament.models import Tournament


def club_tournament(rule_set: str, slug: str = "klub") -> Tournament:
    document = json.loads(DEMO_FILE.read_text(encoding="utf-8"))
    del document["stages"], document["lots"]
    tournament, _ = import_tournament(document, slug=slug)
    Tournament.objects.filter(pk=tournament.pk).update(kind="club", rule_set=rule_set)
    tournament.refresh_from_db()
    return tournament


def club_game(rule_set: str):
    tournament = club_tournament(rule_set)
    return draw_game(
        tournament=tournament, kind="qualifier", number=1, by=author("Jana"), seed=1, confirm=True
    )


@pytest.fixture
def casual_game(db):
    return club_game("casual")


@pytest.fixture
def syllabatim_2_game(db):
    return club_game("syllabatim_2")


def club_lines(table, closer=0, **by_seat):
    """One club line per seated player: the closer's laid 12 in 2 words, the others' laid 10
    in 1 word of 4 letters with 3 unused; ``by_seat``: seat position -> changed values."""
    seats = list(table.seats.select_related("player").order_by("position"))
    lines = []
    for i, seat in enumerate(seats):
        values = (
            {"laid": 12, "unused": 0, "closed": True, "words": 2, "longest_word": 5}
            if i == closer
            else {"laid": 10, "unused": 3, "words": 1, "longest_word": 4}
        )
        values.update(by_seat.get(f"seat{i}", {}))
        lines.append(ClubLine(seat.player.start_number, **values))
    return lines
