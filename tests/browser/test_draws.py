import json

import pytest
from playwright.sync_api import expect

from accounts.roles import ORGANISER, create_account
from interchange.demo import DEMO_FILE
from interchange.importer import import_tournament
from tests.browser.conftest import sign_in, tab_to
from tournament.models import Game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_organiser_draws_and_confirms_a_game_with_the_keyboard(page, live_server):
    document = json.loads(DEMO_FILE.read_text(encoding="utf-8"))
    del document["stages"], document["lots"]
    import_tournament(document, slug="mcr")
    sign_in(
        page,
        live_server,
        create_account(username="org", role=ORGANISER, password="heslo-organizatora"),
    )
    page.goto("/sprava/mcr/losovani/")
    tab_to(page, "Vylosovat partii 1")
    page.keyboard.press("Enter")
    expect(page.locator("h1")).to_have_text("Losování: kvalifikace, partie 1")
    tab_to(page, "Zveřejnit závazek")
    page.keyboard.press("Enter")
    expect(page.get_by_role("status")).to_contain_text("Závazek je zveřejněn")
    tab_to(page, "Losovat teď (návrh)")
    page.keyboard.press("Enter")
    expect(page.locator("h1")).to_have_text("kvalifikace, partie 1: los")
    expect(page.get_by_role("status")).to_contain_text("vylosována (návrh)")
    assert page.locator("table caption").count() == 5
    assert page.get_by_text("Nesplněno").count() == 0
    tab_to(page, "Potvrdit los")
    page.keyboard.press("Enter")
    expect(page.get_by_role("status")).to_contain_text("Los je potvrzen.")
    assert Game.objects.get(stage__tournament__slug="mcr").draw_confirmed
