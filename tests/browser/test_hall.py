"""The hall display in a real browser at 1920×1080 and 1280×720: axe finds no WCAG 2.2 A or
AA violation in any of its modes, every text shown is at least 32 px with a contrast of at
least 7:1 and the page fits the screen; it changes view as a game is drawn, played and
completed without a reload; results held for the ceremony never appear; the pages turn and
pause by keyboard; a network drop shows when it last heard from the server."""

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from draws.services import draw_game, publish_draw_commitment
from interchange.importer import import_tournament
from public import hall as hall_module
from public.hall import Decision
from scoring import ceremony, pages
from tests.authors import author
from tests.browser.conftest import czech_tab
from tests.browser.test_public import WCAG
from tests.draws.conftest import demo_document
from tests.public.test_hall import save_all
from tournament.services import hold_results

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

HALL = "/turnaj/sal/sal/"
SIZES = {"1920x1080": (1920, 1080), "1280x720": (1280, 720)}

# Every element with text of its own that is shown: its font size and its contrast against
# the first opaque background behind it (the hall's colours are opaque, no image behind).
TEXT_CHECK = """() => {
  function rgb(text) {
    const m = text.match(/rgba?\\(([\\d.]+), ([\\d.]+), ([\\d.]+)(?:, ([\\d.]+))?\\)/);
    return m ? { c: [+m[1], +m[2], +m[3]], a: m[4] === undefined ? 1 : +m[4] } : null;
  }
  function luminance(c) {
    const [r, g, b] = c.map(v => {
      v /= 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  }
  function background(element) {
    for (let e = element; e; e = e.parentElement) {
      const found = rgb(getComputedStyle(e).backgroundColor);
      if (found && found.a === 1) return found.c;
    }
    return [255, 255, 255];
  }
  const found = [];
  for (const element of document.body.querySelectorAll("*")) {
    const own = Array.from(element.childNodes).some(n => n.nodeType === 3 && n.textContent.trim());
    const box = element.getBoundingClientRect();
    if (!own || !element.checkVisibility() || box.width <= 1 || box.height <= 1) continue;
    const style = getComputedStyle(element);
    const [l1, l2] = [luminance(rgb(style.color).c), luminance(background(element))];
    const ratio = (Math.max(l1, l2) + 0.05) / (Math.min(l1, l2) + 0.05);
    const text = element.textContent.trim().slice(0, 40);
    found.push({ text, size: parseFloat(style.fontSize), ratio });
  }
  return found;
}"""


@pytest.fixture(params=sorted(SIZES))
def hall(request, browser, live_server):
    width, height = SIZES[request.param]
    yield from czech_tab(browser, live_server, viewport={"width": width, "height": height})


@pytest.fixture
def fresh(db, settings):
    """The demo's players, nothing drawn; every refresh computes the content anew (no
    interval between two computations, as on a quiet day)."""
    settings.LIVE_REFRESH_INTERVAL = 0
    document = demo_document()
    del document["stages"], document["lots"]
    tournament, _ = import_tournament(document, slug="sal")
    return tournament


def check_screen(tab, mode: str) -> None:
    """The mode shown, no axe violation, large print in high contrast, nothing off the screen
    (the page shown now and the footer)."""
    expect(tab.locator("#hall")).to_have_attribute("data-mode", mode)
    results = Axe().run(tab, options={"runOnly": {"type": "tag", "values": WCAG}})
    assert results.violations_count == 0, results.generate_report()
    texts = tab.evaluate(TEXT_CHECK)
    assert texts
    small = [t for t in texts if t["size"] < 32]
    assert not small, small
    faint = [t for t in texts if t["ratio"] < 7]
    assert not faint, faint
    width, height = tab.evaluate("[window.innerWidth, window.innerHeight]")
    assert tab.evaluate("document.documentElement.scrollWidth") <= width
    assert tab.evaluate("document.documentElement.scrollHeight") <= height, mode


def refresh(tab) -> None:
    """The next poll now rather than in 10 seconds."""
    tab.evaluate("htmx.trigger('#hall', 'hall-refresh')")


def test_the_display_follows_a_game_without_a_reload(hall, fresh, referees):
    hall.goto(HALL)
    check_screen(hall, "welcome")
    hall.evaluate("window.sameDocument = true")

    committed = publish_draw_commitment(
        tournament=fresh, kind="qualifier", number=1, by=author("Jana")
    )
    refresh(hall)
    check_screen(hall, "commitment")
    expect(hall.locator("#hall")).to_contain_text(Decision.of(committed).commitment_grouped)

    game = draw_game(
        tournament=fresh,
        kind="qualifier",
        number=1,
        by=author("Jana"),
        commitment=committed,
        confirm=True,
    )
    refresh(hall)
    check_screen(hall, "seating")
    first = min(pages.draw_rows(game), key=lambda row: row.player.name_key).player.name
    expect(hall.locator(".hall-page:not([hidden])")).to_contain_text(first)
    last = hall.locator(".hall-page").last
    expect(last).to_contain_text(committed.seed)  # the draw's seed, revealed

    save_all(game, referees[0], only={(1, 0)})
    refresh(hall)
    check_screen(hall, "playing")
    expect(hall.locator("#hall")).to_contain_text("ještě nedohrály stoly 2, 3")

    every = {(t.number, r.position) for t in game.tables.all() for r in game.rounds.all()}
    save_all(game, referees[0], only=every - {(1, 0)})
    refresh(hall)
    check_screen(hall, "standings")
    leader = pages.stage_page(fresh, "qualifier").categories[0].rows[0].player.name
    expect(hall.locator("#hall")).to_contain_text(leader)

    hold_results(tournament=fresh, kind="qualifier", announcement="17:30 ve velkém sále")
    refresh(hall)
    expect(hall.locator("#hall")).to_contain_text("Výsledky budou vyhlášeny v 17:30")
    check_screen(hall, "standings")
    assert leader not in hall.locator("body").inner_text()
    assert hall.evaluate("window.sameDocument") is True  # never reloaded


def test_pages_turn_and_pause_by_keyboard(hall, fresh):
    draw_game(tournament=fresh, kind="qualifier", number=1, by=author("Jana"), seed=1, confirm=True)
    hall.goto(HALL)
    counter = hall.locator("#hall-page-number")
    total = hall.locator(".hall-page").count()
    assert total > 2  # the players in pages, then the draw
    expect(counter).to_have_text(f"Strana 1 z {total}")
    assert hall.locator(".hall-page:not([hidden])").count() == 1
    hall.keyboard.press("ArrowRight")
    expect(counter).to_have_text(f"Strana 2 z {total}")
    hall.keyboard.press("ArrowLeft")
    hall.keyboard.press("ArrowLeft")
    expect(counter).to_have_text(f"Strana {total} z {total}")
    hall.keyboard.press(" ")
    expect(hall.locator("#hall-pause")).to_have_attribute("aria-pressed", "true")
    expect(hall.locator("#hall-connection")).to_contain_text("Pozastaveno")
    hall.keyboard.press("Tab")  # the button is reached and works with the keyboard
    assert hall.evaluate("document.activeElement.id") == "hall-pause"
    hall.keyboard.press("Enter")
    expect(hall.locator("#hall-pause")).to_have_attribute("aria-pressed", "false")


def test_a_network_drop_shows_when_the_display_last_updated(hall, fresh):
    hall.goto(HALL)
    expect(hall.locator("#hall-updated")).to_contain_text("Aktualizováno v")
    hall.context.set_offline(True)
    refresh(hall)
    expect(hall.locator("#hall-connection")).to_contain_text(
        "Spojení se serverem je přerušené. Poslední aktualizace v"
    )
    check_screen(hall, "welcome")  # the warning too is large and in high contrast
    hall.context.set_offline(False)
    publish_draw_commitment(tournament=fresh, kind="qualifier", number=1, by=author("Jana"))
    refresh(hall)
    expect(hall.locator("#hall")).to_have_attribute("data-mode", "commitment")
    expect(hall.locator("#hall-connection")).to_be_empty()


def test_both_finals_drawn_at_once_fit_the_screen(hall, db):
    document = demo_document()
    del document["stages"]["final_a"], document["stages"]["final_b"]
    tournament, _ = import_tournament(document, slug="sal")
    for kind in ("final_a", "final_b"):
        draw_game(
            tournament=tournament, kind=kind, number=1, by=author("Jana"), seed=1, confirm=True
        )
    hall.goto(HALL)
    check_screen(hall, "seating")
    expect(hall.locator(".hall-page:not([hidden]) thead")).to_contain_text("Finále")
    for _page in range(hall.locator(".hall-page").count()):  # every page fits
        hall.keyboard.press("ArrowRight")
        width, height = hall.evaluate("[window.innerWidth, window.innerHeight]")
        assert hall.evaluate("document.documentElement.scrollWidth") <= width
        assert hall.evaluate("document.documentElement.scrollHeight") <= height


def test_the_ceremony_takes_the_screen_place_by_place_without_a_reload(hall, db, settings):
    """Results held for the ceremony stay off the display until the organiser reveals each
    place; each place shown passes the same checks (large print, contrast, axe)."""
    settings.LIVE_REFRESH_INTERVAL = 0
    tournament, _ = import_tournament(demo_document(), slug="sal")
    hold_results(tournament=tournament, kind="final_a", announcement="17:30")
    reveals = ceremony.ceremony_state(tournament).reveals
    hall.goto(HALL)
    expect(hall.locator("#hall")).not_to_have_attribute("data-mode", "ceremony")
    held = [reveal.name for reveal in reveals if reveal.kind == "final_a"]
    assert held and not any(name in hall.content() for name in held)
    organiser = author("organizator")
    for reveal in reveals[:3]:
        ceremony.show_next(tournament=tournament, by=organiser)
        refresh(hall)
        check_screen(hall, "ceremony")
        expect(hall.locator(".ceremony-name")).to_have_text(reveal.name)
    assert reveals[3].name not in hall.locator("#hall").inner_text()


ROOM = """() => {
  const page = document.querySelector(".hall-page:not([hidden])");
  const rows = page.querySelectorAll("tbody tr");
  const last = rows[rows.length - 1].getBoundingClientRect();
  const footer = document.getElementById("hall-footer").getBoundingClientRect();
  return {rows: rows.length, row: last.height, free: footer.top - last.bottom};
}"""


def test_the_standings_fill_the_screen_in_the_same_type_size(browser, live_server, fresh, referees):
    """Issue 33, point 11: at 1920×1080 a page of the standings holds as many rows as the
    screen does: no room for another row of the same size, nothing off the screen."""
    game = draw_game(
        tournament=fresh, kind="qualifier", number=1, by=author("Jana"), seed=1, confirm=True
    )
    every = {(t.number, r.position) for t in game.tables.all() for r in game.rounds.all()}
    save_all(game, referees[0], only=every)
    for tab in czech_tab(browser, live_server, viewport={"width": 1920, "height": 1080}):
        tab.goto(HALL)
        check_screen(tab, "standings")
        room = tab.evaluate(ROOM)
        assert room["rows"] == hall_module.STANDINGS_ROWS_PER_PAGE  # a full page
        assert 0 <= room["free"] < room["row"], room  # no room for one more
