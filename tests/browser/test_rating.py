"""The public rating's pages in a browser: WCAG 2.2 AA by axe, the lists and the chart by
keyboard."""

import json

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from interchange.demo import DEMO_FILE
from interchange.importer import import_tournament
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


def test_a_list_and_a_history_per_game_pass_axe(page):
    """Issue 37: a Syllabatim championship and a Slovní poker club tournament of the same
    persons: each game its lists, each table's caption naming the game, and a person's page a
    history per game."""
    from rules.games import WORD_POKER
    from tests.club.conftest import club_game
    from tests.season.test_rating_per_game import play_poker_game
    from tournament.models import Player

    tournament, _ = import_tournament(
        json.loads(DEMO_FILE.read_text(encoding="utf-8")), slug="mcr-2026"
    )
    persons = link_persons(tournament)
    poker = club_game("word_poker")
    for player in Player.objects.filter(tournament=poker.stage.tournament):
        player.person = persons.get(player.start_number)
        player.save()
    play_poker_game(poker)
    rating.refresh()
    page.goto("/hodnoceni/?partii=1")
    for game in ("Syllabatim", "Slovní poker"):
        region = page.get_by_role("region", name=game, exact=True)
        expect(region.locator("table")).to_have_count(3)
        expect(region.locator("caption").first).to_contain_text(game)
    results = Axe().run(page, options={"runOnly": {"type": "tag", "values": WCAG}})
    assert results.violations_count == 0, results.generate_report()

    played = PersonRating.objects.filter(game=WORD_POKER).first().person
    page.goto(f"/hodnoceni/{played.pk}/")
    expect(page.get_by_role("img")).to_have_count(played.ratings.count())  # a chart a game
    expect(page.get_by_role("heading", level=2, name="Slovní poker")).to_have_count(1)
    results = Axe().run(page, options={"runOnly": {"type": "tag", "values": WCAG}})
    assert results.violations_count == 0, results.generate_report()
