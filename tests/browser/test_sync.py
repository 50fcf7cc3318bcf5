from datetime import timedelta

import pytest
from axe_playwright_python.sync_playwright import Axe
from django.utils import timezone
from playwright.sync_api import expect

from accounts.roles import ORGANISER, create_account
from interchange.importer import import_tournament
from sync.models import PushToken, VenuePush
from tests.browser.conftest import sign_in, tab_to
from tests.browser.test_public import WCAG
from tests.sync.helpers import demo_document, in_progress

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def axe_clean(page) -> None:
    results = Axe().run(page, options={"runOnly": {"type": "tag", "values": WCAG}})
    assert results.violations_count == 0, results.generate_report()


def test_the_organiser_makes_and_revokes_a_push_key_with_the_keyboard(page, live_server):
    import_tournament(in_progress(demo_document(), 5), slug="mcr")
    VenuePush.objects.create(
        slug="mcr",
        server="https://mcr.example.cz",
        revision=3,
        attempted_at=timezone.now(),
        answer="server je nedostupný (Connection refused)",
        failing_since=timezone.now() - timedelta(minutes=3),
        refused_at=timezone.now() - timedelta(minutes=4),
        refused_revision=2,
        refusal="odmítnuto, 1 chyba: Kvalifikace, partie 1, stůl 1, hráč č. 999: nalosovaný "
        "hráč není registrován\nKvalifikace, partie 1, stůl 1, hráč č. 999: nalosovaný hráč "
        "není registrován",
    )
    sign_in(
        page,
        live_server,
        create_account(username="org", role=ORGANISER, password="heslo-organizatora"),
    )
    page.goto("/sprava/mcr/tisk/")
    tab_to(page, "Zveřejňování výsledků na veřejném serveru")
    page.keyboard.press("Enter")
    expect(page.locator("h1")).to_contain_text("Zveřejňování výsledků")
    expect(page.get_by_role("alert")).to_contain_text("Veřejný server odmítl odeslání revize 2")
    expect(page.get_by_role("alert")).to_contain_text("hráč č. 999")
    axe_clean(page)

    tab_to(page, "Vytvořit nový klíč pro odesílání")
    page.keyboard.press("Enter")
    key = page.get_by_label("Nový klíč pro odesílání")
    expect(key).to_be_focused()
    assert len(key.input_value()) >= 43
    axe_clean(page)

    tab_to(page, "Zneplatnit")
    page.keyboard.press("Enter")
    expect(page.get_by_role("status")).to_contain_text("Klíč byl zneplatněn")
    assert PushToken.objects.get().revoked
    axe_clean(page)


def test_the_organiser_creates_a_tournament_for_pushes_with_the_keyboard(page, live_server):
    """Issue 31: a tournament the server has not got is created with its first key, of the
    kind and year the organiser gives."""
    sign_in(
        page,
        live_server,
        create_account(username="org", role=ORGANISER, password="heslo-organizatora"),
    )
    page.goto("/sprava/mcr-2027/zverejneni/")
    expect(page.locator("#received")).to_contain_text("zatím není")
    axe_clean(page)
    page.get_by_label("Druh turnaje").select_option("championship")
    page.get_by_label("Rok").fill("2027")
    tab_to(page, "Založit turnaj na tomto serveru a vytvořit jeho klíč pro odesílání")
    page.keyboard.press("Enter")
    expect(page.get_by_label("Nový klíč pro odesílání")).to_be_focused()
    expect(page.locator("#received")).to_contain_text("mistrovství 2027")
    received = PushToken.objects.get().tournament
    assert (received.slug, received.kind, received.year) == ("mcr-2027", "championship", 2027)
    axe_clean(page)
