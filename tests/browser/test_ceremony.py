"""The ceremony in a real browser (issue 24, point 2): the organiser reveals place after place
with the keys a presenter's clicker sends, the public page follows without a reload, its live
region announces each newly revealed place in order, nothing shows before its turn, and the
last reveal releases the held results. axe-core finds no WCAG violation on either page."""

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from accounts.roles import ORGANISER
from accounts.services import create_account
from scoring import ceremony
from tests.browser.conftest import sign_in
from tests.browser.test_public import WCAG
from tests.browser.test_staff import demo
from tournament import services

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

CONTROL = "/sprava/mcr/vyhlaseni/prubeh/"
PUBLIC = "/turnaj/mcr/vyhlaseni/"


def no_violation(page) -> None:
    results = Axe().run(page, options={"runOnly": {"type": "tag", "values": WCAG}})
    assert results.violations_count == 0, results.generate_report()
    assert page.locator("h1").count() == 1
    for landmark in ("banner", "main", "contentinfo"):
        assert page.get_by_role(landmark).count() == 1


@pytest.fixture
def organiser_tab(browser, live_server):
    context = browser.new_context(locale="cs-CZ", base_url=live_server.url)
    tab = context.new_page()
    tab.set_default_timeout(10_000)
    yield tab
    context.close()


def test_the_ceremony_reveals_in_order_and_the_live_region_announces_each_place(
    page, organiser_tab, live_server
):
    tournament = demo("mcr", played=True)
    services.hold_results(tournament=tournament, kind="final_a", announcement="17:30")
    services.hold_results(tournament=tournament, kind="final_b", announcement="17:30")
    reveals = ceremony.ceremony_state(tournament).reveals
    organiser = create_account(username="org", role=ORGANISER, password="heslo-organizatora")
    sign_in(organiser_tab, live_server, organiser)

    page.goto(PUBLIC)  # the public reader, anonymous, with a screen reader's live region
    status = page.locator("#ceremony-status")
    expect(status).to_have_attribute("role", "status")
    expect(status).to_have_attribute("aria-live", "polite")
    expect(page.locator("#ceremony")).to_contain_text("vyhlášení ještě nezačalo")
    no_violation(page)

    organiser_tab.goto(CONTROL)
    expect(organiser_tab.locator("main")).to_contain_text(reveals[0].sentence)  # next
    no_violation(organiser_tab)

    keys = ["ArrowRight", "PageDown", " "]  # the laptop's arrow, a clicker, the space bar
    for step, key in enumerate(keys, start=1):
        organiser_tab.keyboard.press(key)
        expect(organiser_tab.locator("#on-screen-heading")).to_contain_text(
            f"{step} z {len(reveals)}"
        )
        current = reveals[step - 1]
        expect(organiser_tab.locator(".ceremony-reveal .ceremony-name")).to_have_text(current.name)
        # the public page follows by itself and its live region says the new place
        expect(status).to_have_text(current.sentence, timeout=15_000)
        expect(page.locator(".ceremony-reveal .ceremony-name")).to_have_text(current.name)
        shown = page.locator("#ceremony ol li")
        expect(shown).to_have_count(step)
        expect(shown.last).to_have_text(current.sentence)
        page_text = page.locator("main").inner_text()
        assert not any(later.sentence in page_text for later in reveals[step:])
        said = page.locator("#ceremony").inner_text()
        assert ("Mistr" in said) is bool(current.title)  # the title with the first place only
    assert reveals[2].title.endswith("v kategorii nevidomí")  # third, second, first
    no_violation(page)

    organiser_tab.keyboard.press("PageUp")  # one click too many, taken back
    expect(organiser_tab.locator("#on-screen-heading")).to_contain_text(f"2 z {len(reveals)}")
    expect(status).to_contain_text("Vzato zpět", timeout=15_000)
    expect(page.locator("#ceremony ol li")).to_have_count(2)

    for _step in range(2, len(reveals) - 1):  # on to the last but one, without the browser
        ceremony.show_next(tournament=tournament, by=organiser)
    organiser_tab.reload()
    expect(page.locator("#ceremony ol li")).to_have_count(len(reveals) - 1, timeout=15_000)
    expect(status).to_contain_text(reveals[-2].sentence)  # several at once: all of them said
    assert page.context.request.get("/turnaj/mcr/finale-a/").text().count("17:30") >= 1
    organiser_tab.keyboard.press("PageDown")  # the last reveal: the best team
    expect(organiser_tab.locator("main")).to_contain_text("Všechna místa jsou vyhlášena")
    expect(status).to_have_text(reveals[-1].sentence, timeout=15_000)
    expect(page.locator("#ceremony ol li")).to_have_count(len(reveals))
    champions = [reveal for reveal in reveals if reveal.title]
    assert len(champions) == 2
    for champion in champions:
        expect(page.locator("#ceremony")).to_contain_text(champion.title)
    released = page.context.request.get("/turnaj/mcr/finale-a/").text()
    assert "17:30" not in released and champions[0].name in released
    no_violation(page)
