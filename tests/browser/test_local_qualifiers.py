"""The local qualifiers' pages in a real browser: no axe-core violation, errors next to the
fields and the way to them from the summary, everything reached with the keyboard."""

import pytest
from playwright.sync_api import expect

from accounts.roles import ORGANISER, create_account
from interchange.importer import import_tournament
from sample.simulate import qualifier_only
from season.local_qualifiers import mark_qualified
from tests.browser.conftest import sign_in, tab_to
from tests.browser.test_staff import no_violation
from tests.staff.test_local_qualifiers import championship_of, local_over
from tournament.models import Tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def organiser(page, live_server):
    local = local_over(12)
    championship_of(local)
    mark_qualified(tournament=local, by=None)
    before, _ = import_tournament({**qualifier_only(8, games=1), "stages": {}}, slug="ostrava")
    Tournament.objects.filter(pk=before.pk).update(kind="local_qualifier")
    user = create_account(username="org", role=ORGANISER, password="heslo-organizatora")
    sign_in(page, live_server, user)
    return user


@pytest.mark.parametrize(
    "url",
    [
        "/sprava/ostrava/mistni-kvalifikace/",  # the form
        "/sprava/brno/mistni-kvalifikace/",  # over: who qualifies, recorded
        "/sprava/mcr2027/mistni-kvalifikace/",  # a championship: not a local qualifier
        "/sprava/mcr2027/hraci/mistni-kvalifikace/",
        "/sprava/mcr2027/hraci/",
    ],
)
def test_no_accessibility_violation(page, organiser, url):
    page.goto(url)
    no_violation(page)


@pytest.mark.parametrize(
    ("url", "button", "field"),
    [
        ("/sprava/ostrava/mistni-kvalifikace/", "Vyhlásit", "#id_places"),
        ("/sprava/mcr2027/hraci/mistni-kvalifikace/", "Uložit", "#id_reason"),
    ],
)
def test_a_refused_form_leads_to_the_field(page, organiser, url, button, field):
    page.goto(url)
    if "ostrava" in url:
        page.fill("#id_places", "0")
    else:
        page.check("#id_qualified")
    page.get_by_role("button", name=button, exact=True).click()
    summary = page.locator(".form-errors")
    expect(summary).to_be_visible()
    assert page.title().startswith("Opravte formulář")
    assert summary.locator("a").first.get_attribute("href") == field
    assert page.locator(field).get_attribute("aria-invalid") == "true"
    assert f"{field[1:]}_error" in page.locator(field).get_attribute("aria-describedby")
    no_violation(page)


def test_the_record_button_is_reached_with_the_keyboard(page, organiser):
    page.goto("/sprava/brno/mistni-kvalifikace/")
    tab_to(page, "Zaznamenat znovu")
    page.keyboard.press("Enter")
    expect(page.get_by_role("status").or_(page.locator(".messages"))).to_contain_text("Zaznamenáno")
