"""The public page of the ceremony (issue 24): nothing revealed before its turn, the live
block with the newly revealed places for the status region, held results public only once the
last place is revealed."""

import re

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from interchange.importer import import_tournament
from sample.simulate import full_championship
from scoring import ceremony
from scoring.models import Ceremony
from tournament import services
from tournament.models import Tournament

pytestmark = pytest.mark.django_db

PAGE = "/turnaj/mcr/vyhlaseni/"
LIVE = "/turnaj/mcr/vyhlaseni/zive/"


def text(answer) -> str:
    return answer.content.decode()


def test_the_page_reveals_nothing_before_its_turn(demo, organiser):
    services.hold_results(tournament=demo, kind="final_a", announcement="17:30")
    reveals = ceremony.ceremony_state(demo).reveals
    page = text(Client().get(PAGE))
    assert "vyhlášení ještě nezačalo" in page
    assert 'role="status"' in page and 'aria-live="polite"' in page
    assert not any(reveal.name in page for reveal in reveals)
    assert Client().get(LIVE + "?videno=0").status_code == 204

    ceremony.show_next(tournament=demo, by=organiser)
    ceremony.show_next(tournament=demo, by=organiser)
    page = text(Client().get(PAGE))
    assert reveals[0].sentence in page and reveals[1].sentence in page
    assert reveals[2].sentence not in page  # the next one is not on the page yet
    assert not re.search(r"Mistr(yně)? ČR", page)  # the titles come with the first places
    assert "Výsledky budou vyhlášeny v 17:30." in text(Client().get("/turnaj/mcr/finale-a/"))

    live = Client().get(LIVE + "?videno=1")
    assert live.status_code == 200
    status = re.search(r'<p id="ceremony-status" hx-swap-oob="innerHTML">(.*?)</p>', text(live))
    assert status.group(1) == reveals[1].sentence  # only the newly revealed place
    assert 'hx-get="/turnaj/mcr/vyhlaseni/zive/?videno=2"' in text(live)
    assert Client().get(LIVE + "?videno=2").status_code == 204
    taken_back = text(Client().get(LIVE + "?videno=3"))
    assert "Vzato zpět. Právě vyhlášeno: " + reveals[1].sentence in taken_back


def test_the_last_reveal_makes_the_held_results_public(demo, organiser):
    services.hold_results(tournament=demo, kind="final_a", announcement="17:30")
    reveals = ceremony.ceremony_state(demo).reveals
    for _step in reveals:
        ceremony.show_next(tournament=demo, by=organiser)
    page = text(Client().get(PAGE))
    assert all(reveal.sentence in page for reveal in reveals)
    assert re.search(r"Mistr(yně)? ČR v Syllabatimu \d+ v kategorii nevidomí", page)
    final_a = text(Client().get("/turnaj/mcr/finale-a/"))
    assert "Výsledky budou vyhlášeny" not in final_a
    assert reveals[5].name in final_a  # the champion of the second category
    assert Tournament.objects.get(pk=demo.pk).ceremony.shown == len(reveals)


def test_in_english(demo, organiser):
    ceremony.show_next(tournament=demo, by=organiser)
    page = text(Client().get("/en" + PAGE))
    assert "A-final, B1, blind: place 3 goes to" in page
    assert 'lang="cs"' in page  # the names are read with a Czech voice


def test_query_counts_are_the_same_at_10_and_300_players(client):
    counts = {}
    for size in (10, 300):
        document = full_championship(size, seed=size, b_final_from=1, quota={"B1": 3, "VS": 3})
        tournament, _ = import_tournament(document, slug=f"t{size}")
        Ceremony.objects.create(tournament=tournament, shown=4)
        with CaptureQueriesContext(connection) as captured:
            page = client.get(f"/turnaj/t{size}/vyhlaseni/")
            live = client.get(f"/turnaj/t{size}/vyhlaseni/zive/?videno=2")
        assert page.status_code == live.status_code == 200
        assert len(re.findall("<li>", page.content.decode())) >= 4
        counts[size] = len(captured)
    assert counts[10] == counts[300], counts
