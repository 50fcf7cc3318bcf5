import json

import pytest
from django.test import Client
from django.utils import translation

from accounts.roles import ORGANISER, REFEREE, create_account
from draws.services import draw_game
from interchange.importer import import_tournament
from interchange.management.commands.demo import DEMO_FILE
from rules.sheet import SheetLine


@pytest.fixture
def english():
    with translation.override("en"):
        yield


@pytest.fixture
def game(db):
    """The demo's players with the qualifier's first game drawn and confirmed, no result."""
    document = json.loads(DEMO_FILE.read_text(encoding="utf-8"))
    del document["stages"], document["lots"]
    tournament, _ = import_tournament(document, slug="mcr")
    return draw_game(
        tournament=tournament, kind="qualifier", number=1, by="Jana", seed=1, confirm=True
    )


@pytest.fixture
def referees(db):
    return [
        create_account(username=name, role=REFEREE, password="heslo-rozhodciho")
        for name in ("ref1", "ref2")
    ]


@pytest.fixture
def organiser(db):
    return create_account(username="org", role=ORGANISER, password="heslo-organizatora")


def client_of(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def table_and_round(game, table=1, position=0):
    return game.tables.get(number=table), game.rounds.get(position=position)


def good_lines(table, closer=0, laid=10, unused=3):
    seats = list(table.seats.select_related("player").order_by("position"))
    return [
        SheetLine(seat.player.start_number, laid, 0 if i == closer else unused, closed=i == closer)
        for i, seat in enumerate(seats)
    ]
