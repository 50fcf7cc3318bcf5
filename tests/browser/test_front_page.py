import json

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from accounts.roles import ORGANISER, create_account
from interchange.demo import DEMO_FILE
from interchange.importer import import_tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_skip_link_comes_first_and_leads_to_the_content(page):
    page.goto("/")
    page.keyboard.press("Tab")
    focused = page.evaluate("document.activeElement.textContent.trim()")
    assert focused == "Přeskočit na obsah"
    page.keyboard.press("Enter")
    assert page.evaluate("location.hash") == "#main"
    assert page.locator("h1").inner_text() == "Mistrovství v Syllabatimu"


def test_an_organiser_signs_in_with_the_keyboard(page):
    create_account(username="org", role=ORGANISER, password="heslo-organizatora")
    page.goto("/ucet/prihlaseni/")
    assert page.evaluate("document.activeElement.name") == "username"
    page.keyboard.type("org")
    page.keyboard.press("Tab")
    page.keyboard.type("heslo-organizatora")
    page.keyboard.press("Enter")
    expect(page.get_by_role("button", name="Odhlásit")).to_be_visible()
    assert page.evaluate("location.pathname") == "/sprava/"  # the staff's start


WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]


def test_after_the_championship_the_front_page_leads_with_the_champions(page):
    document = json.loads(DEMO_FILE.read_text(encoding="utf-8"))
    import_tournament(document, slug="mcr-2026")
    page.goto("/turnaj/mcr-2026/")
    headings = page.locator("main h2").all_inner_texts()
    assert headings[0] == "Výsledky mistrovství"
    lead = page.get_by_role("region", name="Výsledky mistrovství")
    expect(lead).to_contain_text("Mistryně ČR v Syllabatimu 2026")
    expect(lead).to_contain_text("Mistr ČR v Syllabatimu 2026")
    expect(lead.get_by_role("heading", name="Stupně vítězů finále B")).to_be_visible()
    expect(lead.get_by_role("heading", name="Nejlepší družstvo")).to_be_visible()
    results = Axe().run(page, options={"runOnly": {"type": "tag", "values": WCAG}})
    assert results.violations_count == 0, results.generate_report()
    lead.get_by_role("link", name="Všechny stupně vítězů").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Medaile")
    assert page.locator("table").count() == 4
    results = Axe().run(page, options={"runOnly": {"type": "tag", "values": WCAG}})
    assert results.violations_count == 0, results.generate_report()
