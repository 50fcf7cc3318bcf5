"""What a blind reader hears (issue 34), read from the live regions and the accessibility tree:
a standings page opened before a stage's first result follows it from the first result on."""

import json
import re

import pytest
from playwright.sync_api import expect

from draws.services import draw_game
from interchange.importer import import_tournament
from interchange.management.commands.demo import DEMO_FILE
from scoring.sheets import save_sheet
from tests.authors import author
from tests.browser.test_listening import RECORD_ANNOUNCEMENTS, axe_clean
from tests.conftest import good_lines, table_and_round

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def save(game, referee, table, closer=0, laid=10):
    table_, round_ = table_and_round(game, table, 0)
    save_sheet(
        table=table_,
        round=round_,
        lines=good_lines(table_, closer=closer, laid=laid),
        by=referee,
        version=0,
        confirm_warnings=True,
    )


def drawn_without_results(kind: str):
    """The demo's players with the first game of ``kind`` drawn, no result of it yet (the
    finals' stages left out of the demo, the qualifier's too when it is the qualifier)."""
    document = json.loads(DEMO_FILE.read_text(encoding="utf-8"))
    if kind == "qualifier":
        del document["stages"], document["lots"]
    else:
        del document["stages"]["final_a"], document["stages"]["final_b"]
    tournament, _ = import_tournament(document, slug="mcr")
    return draw_game(
        tournament=tournament, kind=kind, number=1, by=author("Jana"), seed=1, confirm=True
    )


def spoken_now(page) -> list[str]:
    return page.evaluate("window.__spoken")


# Point 2: a standings page opened before the first result ---------------------------------


@pytest.mark.parametrize(
    ("kind", "address"),
    [("qualifier", "/turnaj/mcr/kvalifikace/"), ("final_a", "/turnaj/mcr/finale-a/")],
)
def test_a_standings_page_opened_before_the_first_result_follows_it(
    page, settings, referees, kind, address
):
    settings.LIVE_REFRESH_INTERVAL = 0
    game = drawn_without_results(kind)
    page.add_init_script(RECORD_ANNOUNCEMENTS)
    page.goto(address)
    expect(page.locator("#standings")).to_contain_text("Zatím nebyl zapsán žádný výsledek.")
    pause = page.get_by_role("button", name="Pozastavit obnovování")  # there from the start
    expect(pause).to_be_visible()
    expect(pause).to_have_attribute("aria-pressed", "false")
    expect(page.get_by_role("table")).to_have_count(0)
    axe_clean(page)

    save(game, referees[0], table=1)
    page.evaluate("htmx.trigger('#standings', 'live-refresh')")  # the poll, now
    status = page.get_by_role("status")
    expect(status).to_have_text("1 nový výsledek; první pořadí je zveřejněno.")
    assert "1 nový výsledek; první pořadí je zveřejněno." in spoken_now(page)
    expect(page.get_by_role("table").first).to_be_visible()
    expect(page.locator("#standings")).not_to_contain_text("Zatím nebyl zapsán")
    assert page.locator("#standings").get_attribute("hx-get")  # and it goes on following

    save(game, referees[0], table=2, closer=1, laid=40)
    page.evaluate("htmx.trigger('#standings', 'live-refresh')")
    expect(status).to_have_text(
        re.compile(r"^1 nový výsledek; (pořadí se změnilo u \d+ hráč|pořadí beze změny)")
    )
    axe_clean(page)
