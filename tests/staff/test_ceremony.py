"""The organiser's control page of the ceremony (issue 24): plain forms that work without
JavaScript, what is on screen and what comes next."""

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from interchange.importer import import_tournament
from sample.simulate import full_championship
from scoring import ceremony
from scoring.models import Ceremony
from tests.conftest import client_of

pytestmark = pytest.mark.django_db


def test_the_control_page_moves_with_plain_forms(demo, organiser):
    staff = client_of(organiser)
    page = staff.get("/sprava/mcr/vyhlaseni/prubeh/").content.decode()
    assert "Nic zatím není odhaleno." in page and "Odhalit další místo" in page
    first = ceremony.ceremony_state(demo).reveals[0]
    assert first.sentence in page  # what comes next
    answer = staff.post("/sprava/mcr/vyhlaseni/prubeh/", {"action": "next"}, follow=True)
    page = answer.content.decode()
    assert answer.redirect_chain[-1][1] == 302
    assert "Na obrazovce, 1 z" in page and first.name in page
    answer = staff.post("/sprava/mcr/vyhlaseni/prubeh/", {"action": "back"}, follow=True)
    assert "Nic zatím není odhaleno." in answer.content.decode()
    answer = staff.post("/sprava/mcr/vyhlaseni/prubeh/", {"action": "back"}, follow=True)
    assert "Zatím nebylo nic odhaleno." in answer.content.decode()  # the refusal, as a message
    assert Client().get("/sprava/mcr/vyhlaseni/prubeh/").status_code in (302, 403)


def test_query_counts_are_the_same_at_10_and_300_players(organiser):
    """With both finals and the teams at both sizes (a B-final at 10 too): the same queries."""
    staff = client_of(organiser)
    counts = {}
    for size in (10, 300):
        document = full_championship(size, seed=size, b_final_from=1, quota={"B1": 3, "VS": 3})
        tournament, _ = import_tournament(document, slug=f"t{size}")
        Ceremony.objects.create(tournament=tournament, shown=2)
        with CaptureQueriesContext(connection) as captured:
            page = staff.get(f"/sprava/t{size}/vyhlaseni/prubeh/")
        assert page.status_code == 200
        counts[size] = len(captured)
    assert counts[10] == counts[300], counts


def test_only_the_ceremony_s_refusal_is_said_as_one(demo, organiser, monkeypatch):
    """A move's own refusal is a message; any other error is no refusal to show the organiser
    as if the ceremony had said it (it is the server's fault, and it is reported as one)."""
    from django.core.exceptions import ValidationError

    from staff.views import announcement

    def broken(**kwargs):
        raise ValidationError("not the ceremony's")

    monkeypatch.setitem(announcement.CEREMONY_MOVES, "next", broken)
    staff = client_of(organiser)
    with pytest.raises(ValidationError, match="not the ceremony's"):
        staff.post("/sprava/mcr/vyhlaseni/prubeh/", {"action": "next"})
    answer = staff.post("/sprava/mcr/vyhlaseni/prubeh/", {"action": "back"}, follow=True)
    assert "Zatím nebylo nic odhaleno." in answer.content.decode()  # the ceremony's own
