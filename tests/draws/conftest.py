import json

import pytest
from django.test import Client

from accounts.roles import ORGANISER, REFEREE, create_account
from interchange.demo import DEMO_FILE
from interchange.importer import import_tournament


def demo_document() -> dict:
    return json.loads(DEMO_FILE.read_text(encoding="utf-8"))


@pytest.fixture
def fresh(db):
    """The demo championship's players and teams before anything is drawn."""
    document = demo_document()
    del document["stages"], document["lots"]
    tournament, _ = import_tournament(document, slug="fresh")
    return tournament


@pytest.fixture
def after_qualifier(db):
    """The demo championship with only its qualifier played, the tie at the cut unresolved."""
    document = demo_document()
    del document["stages"]["final_a"], document["stages"]["final_b"], document["lots"]
    tournament, _ = import_tournament(document, slug="qualified")
    return tournament, demo_document()["lots"][0]


@pytest.fixture
def clients(fresh):
    create_account(username="org", role=ORGANISER, password="heslo-organizatora")
    create_account(username="ref", role=REFEREE, password="heslo-rozhodciho")
    organiser, referee = Client(), Client()
    organiser.login(username="org", password="heslo-organizatora")
    referee.login(username="ref", password="heslo-rozhodciho")
    return {"anonymous": Client(), "referee": referee, "organiser": organiser}
