"""The pages Scrabble and Slovní poker's points limit added or changed, in a real browser: axe
finds no WCAG 2.2 A or AA violation on the settings of each, a Scrabble round's draw page
before and after the pairing, the desk's Scrabble sheet with a refused value, the phone of a
Scrabble board and of a poker table whose game ended at the limit, both public standings and
the rating's lists of two games; the Scrabble sheet is filled and sent by keyboard alone."""

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from accounts.roles import ORGANISER, REFEREE, create_account
from draws.services import confirm_draw, draw_game
from rules import scrabble
from rules.rulesets import PokerLine, ScrabbleLine
from scoring import links
from scoring import sheets as sheet_services
from scoring.models import RoundResult
from season import rating
from season.models import PersonRating
from tests.authors import author
from tests.browser.conftest import sign_in
from tests.browser.test_desk import no_violations
from tests.club.conftest import club_tournament
from tests.season.test_rating import link_persons
from tournament.models import Player, Tournament
from ui.addresses import table_path

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def scrabble_tournament():
    tournament = club_tournament("scrabble", slug="scrabble")
    Tournament.objects.filter(pk=tournament.pk).update(
        scrabble_first_round=scrabble.BY_LOT, qualifier_games=3
    )
    tournament.refresh_from_db()
    Player.objects.filter(tournament=tournament, start_number=1).update(present=False)
    return tournament


def poker_game():
    tournament = club_tournament("word_poker", slug="poker")
    Tournament.objects.filter(pk=tournament.pk).update(
        poker_game_end="points_limit", poker_points_limit=30, poker_deals_limit=6
    )
    tournament.refresh_from_db()
    return draw_game(
        tournament=tournament, kind="qualifier", number=1, by=author("J"), seed=1, confirm=True
    )


def seated(table):
    return [s.player.start_number for s in table.seats.order_by("position")]


def test_scrabble_and_poker_pages_pass_axe_and_the_sheet_goes_by_keyboard(
    page, live_server, browser
):
    tournament = scrabble_tournament()
    poker = poker_game()
    organiser = create_account(username="org", role=ORGANISER, password="heslo-org")
    sign_in(page, live_server, organiser)
    for slug in ("scrabble", "poker"):
        page.goto(reverse("staff:settings", kwargs={"slug": slug}))
        no_violations(page)

    page.goto(reverse("draws:draw", kwargs={"slug": "scrabble", "stage": "qualifier"}))
    no_violations(page)
    game = draw_game(tournament=tournament, kind="qualifier", number=1, by=author("J"), seed=7)
    page.goto(reverse("draws:game", kwargs={"slug": "scrabble", "stage": "qualifier", "number": 1}))
    no_violations(page)
    game = confirm_draw(game=game, by=author("J"))

    referee = create_account(username="ref", role=REFEREE, password="heslo-r")
    sign_in(page, live_server, referee)
    table = game.tables.get(number=1)
    round_ = game.rounds.get()
    a, b = seated(table)
    page.goto(f"/rozhodci/scrabble/kvalifikace/partie-1/stul-1/kolo-{round_.number}/")
    expect(page.locator(f"#id_p{a}-laid")).to_be_focused()
    keyboard = page.keyboard
    keyboard.type("380")  # a's score
    keyboard.press("Tab")
    keyboard.type("5")  # tiles left: refused, a went out
    keyboard.press("Tab")
    keyboard.press("Space")  # went out
    keyboard.press("Tab")
    keyboard.type("360")
    keyboard.press("Tab")
    keyboard.type("9")
    keyboard.press("Enter")
    expect(page.get_by_role("alert").first).to_contain_text("Nic nebylo uloženo")
    field = page.locator(f"#id_p{a}-unused")
    expect(field).to_have_attribute("aria-describedby", f"id_p{a}-unused-error")
    expect(page.locator(f"#id_p{a}-unused-error")).to_be_visible()
    no_violations(page)
    assert not RoundResult.objects.exists()
    field.focus()
    keyboard.press("Control+A")
    keyboard.type("0")
    keyboard.press("Enter")
    expect(page.get_by_role("alert")).to_have_count(0)
    scores = dict(
        RoundResult.objects.filter(table=table).values_list("player__start_number", "rule_score")
    )
    assert scores == {a: 389, b: 351}

    issued = links.issue_table_links(game=game, by=author("t"))
    page.goto(table_path(issued[2]))
    expect(page.locator(f"#id_p{seated(game.tables.get(number=2))[0]}-unused")).to_be_visible()
    no_violations(page)

    # the poker table 1 ends at the limit in deal 2: deals 3-6 not played
    by_number = {r.number: r for r in poker.rounds.all()}

    def play_poker(tables):
        for number in (1, 2):
            for at in tables:
                lines = [
                    PokerLine(p, 20 if i == 0 else 6, 0 if i == 0 else 5)
                    for i, p in enumerate(seated(at))
                ]
                sheet_services.save_sheet(
                    table=at, round=by_number[number], lines=lines, by=author("R"), version=0
                )

    play_poker(poker.tables.filter(number=1))
    poker_link = links.issue_table_links(game=poker, by=author("t"))[1]
    page.goto(table_path(poker_link))
    expect(page.get_by_text("Partie u tohoto stolu skončila ve 2. hře")).to_be_visible()
    no_violations(page)
    play_poker(poker.tables.exclude(number=1))

    for slug in ("scrabble", "poker"):
        page.goto(f"/turnaj/{slug}/kvalifikace/")
        expect(page.locator("main table").first).to_be_visible()
        no_violations(page)

    for at in game.tables.exclude(number=1):  # every other board played
        if len(players := seated(at)) == 2:
            lines = [
                ScrabbleLine(players[0], 400, 7, False),
                ScrabbleLine(players[1], 300, 0, True),
            ]
            sheet_services.save_sheet(
                table=at, round=round_, lines=lines, by=author("R"), version=0
            )
    Tournament.objects.filter(slug__in=("scrabble", "poker")).update(rated=True)
    link_persons(tournament)
    link_persons(poker.stage.tournament)
    rating.refresh()
    # the Scrabble round and the poker game rated, each in its game's list
    assert set(PersonRating.objects.values_list("game", flat=True).distinct()) >= {
        "scrabble",
        "word_poker",
    }
    page.goto("/hodnoceni/")
    no_violations(page)
