import json

import pytest
from playwright.sync_api import expect

from accounts.roles import REFEREE, create_account
from draws.services import draw_game, set_presence
from interchange.importer import import_tournament
from interchange.management.commands.demo import DEMO_FILE
from scoring.models import RoundResult, Sheet
from tests.browser.conftest import sign_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_whole_round_of_an_eight_player_table_with_the_keyboard_only(page, live_server):
    document = json.loads(DEMO_FILE.read_text(encoding="utf-8"))
    del document["stages"], document["lots"]
    tournament, _ = import_tournament(document, slug="mcr")
    set_presence(tournament=tournament, present=set(range(1, 33)))
    game = draw_game(
        tournament=tournament,
        kind="qualifier",
        number=1,
        by="Jana",
        seed=3,
        tables=4,
        rounds=[7, 2],
        confirm=True,
    )
    table = game.tables.get(number=1)
    assert table.seats.count() == 8
    sign_in(
        page, live_server, create_account(username="ref", role=REFEREE, password="heslo-rozhodciho")
    )
    page.goto("/rozhodci/mcr/kvalifikace/partie-1/stul-1/kolo-7/")
    seats = list(table.seats.select_related("player").order_by("position"))
    first = f"id_p{seats[0].player.start_number}-laid"
    assert page.evaluate("document.activeElement.id") == first  # the cursor starts there
    keyboard = page.keyboard
    for index, _seat in enumerate(seats):
        keyboard.type(str(20 + index))  # laid
        keyboard.press("Tab")
        keyboard.type("0" if index == 0 else ("12x" if index == 2 else "4"))  # unused
        keyboard.press("Tab")
        if index == 0:
            keyboard.press("Space")  # the closer
        keyboard.press("Tab")  # to the folded disqualification and penalty
        keyboard.press("Tab")  # to the next row; after the last, to the save button
    # each row shows its score as typed: closer 20 + 5, the next 21 - 4
    scores = page.locator(".row-score")
    expect(scores.nth(0)).to_have_text("25")
    expect(scores.nth(1)).to_have_text("17")
    assert page.evaluate("document.activeElement.value") == "next"  # the save button
    keyboard.press("Enter")
    alert = page.get_by_role("alert")
    expect(alert).to_contain_text("Nic nebylo uloženo")
    wrong = f"id_p{seats[2].player.start_number}-unused"
    expect(page.locator(f"#{wrong}-error")).to_contain_text("musí být celé číslo")
    assert page.evaluate("document.activeElement.id") == wrong  # the cursor is on the error
    assert not Sheet.objects.exists()
    keyboard.press("Control+A")
    keyboard.type("4")
    keyboard.press("Enter")
    expect(page.get_by_role("status")).to_contain_text("Stůl 1, kolo 7 uloženo.")
    assert page.url.endswith("/stul-2/kolo-7/")  # the next missing sheet
    assert RoundResult.objects.filter(table=table).count() == 8
    assert RoundResult.objects.get(table=table, closed=True).player == seats[0].player
