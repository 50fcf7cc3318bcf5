import pytest
from playwright.sync_api import expect

from accounts.roles import ORGANISER, create_account

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
