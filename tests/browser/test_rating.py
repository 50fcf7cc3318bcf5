"""The public rating's pages in a browser: WCAG 2.2 AA by axe, the lists and the chart by
keyboard."""

import json

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from interchange.importer import import_tournament
from interchange.management.commands.demo import DEMO_FILE
from season import rating
from season.models import PersonRating
from tests.season.test_rating import link_persons

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]


def test_the_rating_lists_and_a_persons_history_pass_axe(page):
    tournament, _ = import_tournament(
        json.loads(DEMO_FILE.read_text(encoding="utf-8")), slug="mcr-2026"
    )
    link_persons(tournament)
    rating.refresh()
    page.goto("/hodnoceni/?partii=1")
    expect(page.get_by_role("heading", level=1)).to_have_text("Rating hráčů")
    for name in ("B1, nevidomí", "VS, vidící a slabozrací", "všechny kategorie"):
        expect(page.get_by_role("region", name=name, exact=False)).to_have_count(1)
    results = Axe().run(page, options={"runOnly": {"type": "tag", "values": WCAG}})
    assert results.violations_count == 0, results.generate_report()

    page.get_by_label("Nejmenší počet hodnocených partií").fill("100")
    page.keyboard.press("Enter")
    expect(page.locator("main table tbody th[scope=row]")).to_have_count(0)

    best = max(PersonRating.objects.all(), key=lambda row: row.mu - 3 * row.sigma)
    page.goto("/hodnoceni/?partii=1")
    page.get_by_role("region", name="všechny kategorie", exact=False).get_by_role(
        "link", name=best.person.name
    ).click()
    expect(page.get_by_role("heading", level=1)).to_contain_text(best.person.name)
    expect(page.get_by_role("img")).to_have_count(1)
    expect(page.locator("main table tbody tr")).to_have_count(best.games)
    results = Axe().run(page, options={"runOnly": {"type": "tag", "values": WCAG}})
    assert results.violations_count == 0, results.generate_report()
