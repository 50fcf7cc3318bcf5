"""A club tournament in a real browser: the new-tournament form with its kind and rules, the
Syllabatim 2 sheet at the desk typed with the keyboard alone and the table's phone page; axe
finds no WCAG 2.2 A or AA violation on any of them, an error shown included."""

import pytest
from playwright.sync_api import expect

from accounts.roles import ORGANISER, REFEREE, create_account
from scoring import links
from scoring.models import RoundResult
from tests.authors import author
from tests.browser.conftest import sign_in
from tests.browser.test_desk import no_violations
from tests.club.conftest import club_game
from ui.addresses import table_path

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_new_club_tournament_form(page, live_server):
    sign_in(page, live_server, create_account(username="org", role=ORGANISER, password="heslo-org"))
    page.goto("/sprava/novy-turnaj/")
    expect(page.get_by_role("group", name="Druh turnaje a jeho pravidla")).to_be_visible()
    page.get_by_label("klubový turnaj").check()
    page.get_by_label("Syllabatim 2 (akční karty)").check()
    no_violations(page)


def test_a_syllabatim_2_sheet_with_the_keyboard_and_the_phone(page, live_server):
    game = club_game("syllabatim_2")
    table = game.tables.get(number=1)
    round_ = game.rounds.get(position=0)
    seats = list(table.seats.select_related("player").order_by("position"))
    sign_in(page, live_server, create_account(username="ref", role=REFEREE, password="heslo-r"))
    page.goto(f"/rozhodci/klub/kvalifikace/partie-1/stul-1/kolo-{round_.number}/")
    first = seats[0].player.start_number
    expect(page.locator(f"#id_p{first}-laid")).to_be_focused()
    keyboard = page.keyboard
    for index, _seat in enumerate(seats):
        keyboard.type("12" if index == 0 else "10")  # laid
        keyboard.press("Tab")
        keyboard.type("0" if index == 0 else "3")  # unused
        keyboard.press("Tab")
        if index == 0:
            keyboard.press("Space")  # closed
        keyboard.press("Tab")
        keyboard.type("2" if index == 0 else "1")  # words
        keyboard.press("Tab")
        keyboard.type("5" if index == 0 else "4")  # letters of the longest word
        keyboard.press("Tab")
        for card in range(5):  # the action cards kept: Golden 5 at the second seat
            if index == 1 and card == 4:
                keyboard.press("Space")
            keyboard.press("Tab")
        keyboard.press("Tab")  # past the word ×2: empty, no card
        if index < len(seats) - 1:
            keyboard.press("Tab")  # past the word ÷2, to the next row
    # a wrong value first: the error is next to its field, and axe is content
    page.locator(f"#id_p{seats[2].player.start_number}-words").fill("9")
    page.get_by_role("button", name="Uložit a zůstat").click()
    expect(page.get_by_role("alert")).to_contain_text("Nic nebylo uloženo")
    no_violations(page)
    page.locator(f"#id_p{seats[2].player.start_number}-words").fill("1")
    page.get_by_role("button", name="Uložit a zůstat").click()
    expect(page.locator(".row-score").nth(1)).to_have_text("12")  # 10 + 5 − 3
    second = RoundResult.objects.get(table=table, round=round_, player=seats[1].player)
    assert second.rule_values["action_cards"] == ["golden_5"] and second.rule_score == 12
    assert RoundResult.objects.get(table=table, round=round_, player=seats[0].player).closed

    path = table_path(links.issue_table_links(game=game, by=author("t"))[2])
    page.goto(path)
    expect(page.get_by_label("Počet slov").first).to_be_visible()
    no_violations(page)
    # what was typed on the phone survives a reload as the browser's draft, cards included
    table2 = game.tables.get(number=2)
    number = table2.seats.order_by("position").first().player.start_number
    page.locator(f"#id_p{number}-words").fill("2")
    page.locator(f"#id_p{number}-card-bonus_3").check()
    page.goto(path)
    expect(page.locator(f"#id_p{number}-words")).to_have_value("2")
    expect(page.locator(f"#id_p{number}-card-bonus_3")).to_be_checked()
