import json

import pytest

from draws.services import draw_game
from interchange.demo import DEMO_FILE
from interchange.importer import import_tournament
from scoring import links
from tests.authors import author
from tests.conftest import client_of  # noqa: F401 (the referees and organiser are there too)
from ui.addresses import table_path


@pytest.fixture
def tournament(db):
    document = json.loads(DEMO_FILE.read_text(encoding="utf-8"))
    del document["stages"], document["lots"]
    tournament, _ = import_tournament(document, slug="mcr")
    return tournament


@pytest.fixture
def game(tournament):
    """The qualifier's first game drawn and confirmed, rounds 5, 2, 7, no result."""
    return draw_game(
        tournament=tournament,
        kind="qualifier",
        number=1,
        by=author("Jana"),
        seed=1,
        rounds=[5, 2, 7],
        confirm=True,
    )


@pytest.fixture
def table_links(game):
    """Table number -> the table's address (Czech, no host)."""
    issued = links.issue_table_links(game=game, by=author("test"))
    return {number: table_path(link) for number, link in issued.items()}


def seats_of(table):
    return list(table.seats.select_related("player").order_by("position"))


def round_form(table, closer=0, laid=10, unused=3, **extra) -> dict:
    """The fields the table's page posts for a round: laid, unused, closed per player."""
    data = {}
    for index, seat in enumerate(seats_of(table)):
        no = seat.player.start_number
        data[f"p{no}-laid"] = str(laid)
        data[f"p{no}-unused"] = "0" if index == closer else str(unused)
        if index == closer:
            data[f"p{no}-closed"] = "on"
    data.update(extra)
    return data
