"""The move clock on the table's phone (protests 3), in a real browser with a fake clock
(Playwright's ``page.clock``): 10 s before the end it beeps, vibrates and says so in a live
region, and at the end again; the space bar starts the next move; the phone saves rounds while
it runs; axe finds no violation; without a clock the page runs no clock and has no error; the
referee orders the clock at the desk."""

import pytest
from playwright.sync_api import expect

from accounts.roles import REFEREE, create_account
from scoring import clocks
from scoring.models import Sheet
from tests.authors import author
from tests.browser.conftest import sign_in
from tests.browser.test_scorekeeper import no_sideways_scroll, no_violation, phone, table_link

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

__all__ = ["phone", "table_link"]  # the fixtures, shared with the table page's tests

# Counts what the page asks of the speaker and the vibration motor (headless, neither exists).
SIGNALS = """
window.__beeps = 0;
window.__vibrations = [];
navigator.vibrate = function (pattern) { window.__vibrations.push(pattern); return true; };
const Context = window.AudioContext || window.webkitAudioContext;
if (Context) {
  const create = Context.prototype.createOscillator;
  Context.prototype.createOscillator = function () {
    window.__beeps += 1;
    return create.call(this);
  };
}
"""


@pytest.fixture
def errors(phone):
    seen = []
    phone.on("pageerror", lambda error: seen.append(str(error)))
    return seen


def signals(page) -> tuple[int, int]:
    return tuple(page.evaluate("[window.__beeps, window.__vibrations.length]"))


def test_the_clock_warns_ends_and_the_phone_still_saves_rounds(phone, table_link, errors):
    table, path = table_link
    clocks.order_clock(table=table, seconds_per_move=60, by=author("Jana"))
    phone.add_init_script(SIGNALS)
    phone.clock.install()
    phone.goto(path)
    section = phone.locator("#move-clock")
    time = phone.locator("#clock-time")
    button = phone.locator("#clock-button")
    announce = phone.locator("#clock-announce")
    expect(time).to_have_text("1:00")
    expect(button).to_have_text("Spustit tah")
    assert button.bounding_box()["height"] >= 88  # one large button
    no_violation(phone)
    no_sideways_scroll(phone)

    phone.keyboard.press("Space")  # the space bar starts the move (the focus is on the page)
    expect(section).to_have_attribute("data-state", "running")
    expect(button).to_have_text("Další tah")
    phone.clock.run_for(49_000)
    expect(time).to_have_text("0:11")
    assert signals(phone) == (0, 0)
    phone.clock.run_for(1_000)
    expect(time).to_have_text("0:10")
    expect(section).to_have_attribute("data-state", "warning")
    expect(announce).to_have_attribute("aria-live", "assertive")
    phone.clock.run_for(100)
    expect(announce).to_have_text("Zbývá 10 sekund.")
    beeps, vibrations = signals(phone)
    assert beeps >= 1 and vibrations == 1

    phone.clock.run_for(10_000)
    expect(time).to_have_text("0:00")
    expect(section).to_have_attribute("data-state", "over")
    phone.clock.run_for(100)
    expect(announce).to_have_text("Čas vypršel.")
    assert signals(phone)[0] > beeps and signals(phone)[1] == 2
    phone.clock.run_for(30_000)
    assert signals(phone)[1] == 2  # the end is signalled once
    no_violation(phone)

    button.click()  # the next move
    expect(section).to_have_attribute("data-state", "running")
    expect(time).to_have_text("1:00")
    expect(announce).to_have_text("")

    # while it runs the scorekeeper types the round (spaces in a field stay there) and saves
    seats = list(table.seats.select_related("player").order_by("position"))
    for index, seat in enumerate(seats):
        number = seat.player.start_number
        phone.fill(f"#id_p{number}-laid", str(20 + index))
        phone.fill(f"#id_p{number}-unused", "0" if index == 0 else "4")
    phone.check(f"#id_p{seats[0].player.start_number}-closed")
    phone.clock.run_for(5_000)
    phone.locator(".table-save").click()
    expect(phone.get_by_role("status")).to_contain_text("Kolo 5 uloženo")
    assert Sheet.objects.filter(table=table, round__number=5, entered_at_table=True).exists()
    expect(phone.locator("#clock-time")).to_have_text("1:00")  # the next page, the clock ready
    assert not errors


def test_without_a_clock_the_page_runs_none_and_has_no_error(phone, table_link, errors):
    _table, path = table_link
    phone.goto(path)
    expect(phone.locator("#round-heading")).to_have_text("Kolo 5")
    assert phone.locator("#move-clock").count() == 0
    phone.keyboard.press("Space")
    assert not errors


def test_the_referee_orders_the_clock_with_the_keyboard(page, live_server, table_link):
    sign_in(page, live_server, create_account(username="ref", role=REFEREE, password="h" * 10))
    page.goto("/rozhodci/mcr/?partie=qualifier-1")
    page.get_by_role("link", name="nařídit (hodiny u stolu 1)").click()
    expect(page.locator("h1")).to_contain_text("Hodiny u stolu 1")
    no_violation(page)
    field = page.get_by_label("Sekund na tah")
    field.fill("30")
    field.press("Enter")
    expect(page.get_by_role("alert")).to_contain_text("limit 30 s na tah je příliš krátký")
    expect(field).to_have_attribute("aria-invalid", "true")
    no_violation(page)
    field.fill("90")
    field.press("Enter")
    expect(page.get_by_role("cell", name="zapnuté, 90 s na tah")).to_be_visible()
    no_violation(page)


def test_a_clock_ordered_after_the_page_was_opened_is_said_and_loaded(phone, table_link, errors):
    table, path = table_link
    phone.clock.install()
    phone.goto(path)
    expect(phone.locator("#move-clock")).to_have_count(0)
    clocks.order_clock(table=table, seconds_per_move=90, by=author("Jana"))
    phone.clock.run_for(21_000)
    watch = phone.locator("#clock-watch")
    expect(watch).to_contain_text("Rozhodčí u tohoto stolu nařídil hru s hodinami.")
    no_violation(phone)
    watch.get_by_role("button", name="Načíst stránku znovu").click()
    expect(phone.locator("#clock-time")).to_have_text("1:30")
    assert errors == []
