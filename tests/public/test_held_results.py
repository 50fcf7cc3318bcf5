"""Results held for the ceremony (Tabbycat's "release"): while the A-final's results are held,
the public pages, downloads, JSON and the public server say when they will be announced and
show none of them; the staff's pages and printouts show them. Releasing is one button on the
organiser's page, kept in the log, and moves the change stamp so that every cache forgets."""

import json
import re

import pytest
from django.test import Client
from django.utils import translation

from interchange.exporter import export_tournament
from interchange.importer import import_tournament
from interchange.schema import validator
from printing import catalog
from public.selectors import archive
from tests.conftest import client_of
from tests.draws.conftest import demo_document
from tournament.models import Stage, Tournament

pytestmark = pytest.mark.django_db

WHEN = "17:30 ve velkém sále"
SAID = f"Výsledky budou vyhlášeny v {WHEN}."


@pytest.fixture
def championship():
    tournament, _ = import_tournament(demo_document(), slug="vyhlaseni")
    return tournament


def champion_names(tournament) -> list[str]:
    from scoring.pages import stage_page

    page = stage_page(tournament, "final_a", staff=True)
    return [c.champion.name for c in page.categories if c.champion]


def public(path: str, slug: str = "vyhlaseni"):
    return Client().get(f"/turnaj/{slug}/{path}")


def assert_held_publicly(tournament, champions, slug="vyhlaseni"):
    final_a = public("finale-a/", slug).content.decode()
    assert SAID in final_a
    assert not any(name in final_a for name in champions)
    assert not re.search(r"Mistr(yně)? ČR", final_a)  # no title
    assert SAID in public("", slug).content.decode()  # the overview says it beside the stage
    teams = public("druzstva/", slug).content.decode()
    assert SAID in teams and "<table" not in teams
    data = json.loads(public("finale-a/vysledky.json", slug).content)
    assert "final_a" not in data and "teams" not in data
    assert data["held"] == {"final_a": WHEN}
    validator("results").validate(data)
    downloads = public("ke-stazeni/", slug).content.decode()
    assert f"Finále A: {SAID}" in downloads
    assert "poradi-finale-a" not in downloads and "vysledky." not in downloads
    assert public(f"ke-stazeni/{slug}-poradi-finale-a.pdf", slug).status_code == 404
    assert public(f"ke-stazeni/{slug}-vysledky.html", slug).status_code == 404
    check = json.loads(public("losovani.json", slug).content)
    final_a_tables = [t for g in check["stages"]["final_a"]["games"] for t in g["tables"]]
    assert final_a_tables and not any("rounds" in t for t in final_a_tables)
    assert any("rounds" in t for g in check["stages"]["qualifier"]["games"] for t in g["tables"])
    player = public("hrac/" + str(winner_number(tournament)) + "/", slug).content.decode()
    assert SAID in player
    assert not re.search(r"Mistr(yně)? ČR", Client().get("/archiv/").content.decode())
    assert all(c.tournament.slug != slug for c in archive().champions)  # no champion in the archive


def winner_number(tournament) -> int:
    from scoring.pages import stage_page

    page = stage_page(tournament, "final_a", staff=True)
    return next(c.champion.number for c in page.categories if c.champion)


def test_held_results_reach_the_staff_only_until_released(championship, organiser):
    champions = champion_names(championship)
    assert champions
    staff = client_of(organiser)
    before = Tournament.objects.get(pk=championship.pk).revision
    assert public("finale-a/").content.decode().count(champions[0]) >= 1  # cached, shown

    page = staff.get("/sprava/vyhlaseni/vyhlaseni/")
    assert page.status_code == 200 and "Vyhlášení výsledků" in page.content.decode()
    answer = staff.post(
        "/sprava/vyhlaseni/vyhlaseni/",
        {"stage": "final_a", "action": "hold", "final_a-announcement": WHEN},
    )
    assert answer.status_code == 302
    held = Tournament.objects.get(pk=championship.pk)
    assert held.revision > before  # the cached public pages are forgotten
    assert_held_publicly(held, champions)

    # the staff's pages and printouts have them
    desk = staff.get("/sprava/vyhlaseni/vyhlaseni/").content.decode()
    assert SAID in desk and "Zveřejnit výsledky (finále A)" in desk
    with translation.override("cs"):
        pdf_names = catalog.available(held, what="standings", stage="final_a")
        assert pdf_names  # the organiser's list keeps the held stage
    printout = staff.get("/sprava/vyhlaseni/tisk/vyhlaseni-vysledky.html").content.decode()
    assert champions[0] in printout

    # the pushed document carries the hold; the public server's pages honour it
    document = export_tournament(held)
    assert document["tournament"]["settings"]["results_held"] == {"final_a": WHEN}
    validator("tournament").validate(document)
    copy, _ = import_tournament(json.loads(json.dumps(document)), slug="verejny")
    assert Stage.objects.get(tournament=copy, kind="final_a").results_held
    assert export_tournament(copy) == document
    assert_held_publicly(copy, champions, slug="verejny")

    # one button releases them, logged
    answer = staff.post("/sprava/vyhlaseni/vyhlaseni/", {"stage": "final_a", "action": "release"})
    assert answer.status_code == 302
    released = Tournament.objects.get(pk=championship.pk)
    assert released.revision > held.revision
    final_a = public("finale-a/").content.decode()
    assert SAID not in final_a and champions[0] in final_a
    assert "vyhlaseni-vysledky.pdf" in public("ke-stazeni/").content.decode()
    log = staff.get("/sprava/vyhlaseni/zaznam/").content.decode()
    assert f"Výsledky (finále A) zadrženy do vyhlášení: {WHEN}" in log
    assert "Výsledky (finále A) zveřejněny" in log
    assert "settings" not in export_tournament(released)["tournament"] or (
        "results_held" not in export_tournament(released)["tournament"]["settings"]
    )


def test_an_announcement_holds_only_what_a_name_may_hold(championship, organiser):
    staff = client_of(organiser)
    answer = staff.post(
        "/sprava/vyhlaseni/vyhlaseni/",
        {"stage": "final_b", "action": "hold", "final_b-announcement": "v 17:30 \x07"},
    )
    assert answer.status_code == 400
    assert "Nic nebylo uloženo" in answer.content.decode()
    assert not Stage.objects.get(tournament=championship, kind="final_b").results_held
