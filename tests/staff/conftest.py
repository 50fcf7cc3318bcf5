import json

import pytest
from django.test import Client

from accounts.roles import REFEREE, create_account
from interchange.demo import DEMO_FILE
from interchange.importer import import_tournament
from tests.conftest import client_of  # the organiser comes from there too


def demo_document(*, played: bool) -> dict:
    document = json.loads(DEMO_FILE.read_text(encoding="utf-8"))
    if not played:
        del document["stages"], document["lots"]
    return document


@pytest.fixture
def fresh(db):
    """The demo championship's players and teams before anything is drawn."""
    tournament, _ = import_tournament(demo_document(played=False), slug="fresh")
    return tournament


@pytest.fixture
def played(db):
    """The demo championship with every stage played."""
    tournament, _ = import_tournament(demo_document(played=True), slug="played")
    return tournament


@pytest.fixture
def referee(db):
    return create_account(username="ref", role=REFEREE, password="heslo-rozhodciho")


@pytest.fixture
def as_organiser(organiser) -> Client:
    return client_of(organiser)


@pytest.fixture
def as_referee(referee) -> Client:
    return client_of(referee)
