"""The staff and phone addresses of a Scrabble and of a Slovní poker (points limit) tournament
answer their audience only: the crawl of ``tests/test_roles`` (every URL pattern, by its
declared audience) run again with a club tournament's values, since the views branch on the
rule set after the audience check. Then what the crawl cannot see: a form with the rule set's
fields sent by the wrong person, a sheet sent with a wrong or revoked secret or to another
table's link, saves nothing."""

import pytest
from django.test import Client
from django.urls import reverse

from accounts.roles import ORGANISER, REFEREE, create_account
from draws.services import confirm_draw, draw_game
from rules import scrabble
from scoring import links
from scoring.models import RoundResult, Sheet
from tests.authors import author
from tests.test_roles import ANONYMOUS, World, addresses, answers, url_of
from tournament.models import Player, Tournament
from ui.addresses import table_path

from .conftest import club_tournament
from .test_pages import NEW
from .test_scrabble_sheets import form as scrabble_form
from .test_scrabble_sheets import seated

pytestmark = pytest.mark.django_db

# the addresses of the draws, the desk's sheets and grid, the settings and the phone
CRAWLED = (
    "draws:",
    "desk:dashboard",
    "desk:sheet",
    "desk:confirm",
    "desk:confirm_game",
    "desk:renew_link",
    "desk:revoke_link",
    "staff:settings",
    "scorekeeper:",
)
POKER = {
    "kind": "club",
    "rule_set": "word_poker",
    "poker_game_end": "points_limit",
    "poker_deal_wins": "5",
    "poker_points_limit": "30",
    "poker_deals_limit": "6",
    "poker_standings": "games_won,deals_won,points",
}
SCRABBLE = {
    "kind": "club",
    "rule_set": "scrabble",
    "scrabble_bye_margin": "75",
    "scrabble_first_round": scrabble.BY_RATING,
}


def scrabble_game():
    tournament = club_tournament("scrabble")
    Tournament.objects.filter(pk=tournament.pk).update(
        scrabble_first_round=scrabble.BY_LOT, qualifier_games=3
    )
    tournament.refresh_from_db()
    Player.objects.filter(tournament=tournament, start_number=1).update(present=False)
    game = draw_game(tournament=tournament, kind="qualifier", number=1, by=author("J"), seed=7)
    return confirm_draw(game=game, by=author("J"))


def poker_game():
    tournament = club_tournament("word_poker")
    Tournament.objects.filter(pk=tournament.pk).update(
        poker_game_end="points_limit", poker_points_limit=30, poker_deals_limit=6
    )
    tournament.refresh_from_db()
    return draw_game(
        tournament=tournament, kind="qualifier", number=1, by=author("J"), seed=1, confirm=True
    )


GAMES = {"scrabble": scrabble_game, "word_poker": poker_game}


@pytest.fixture
def people(db):
    referee = create_account(username="rozhodci", role=REFEREE, password="heslo-heslo")
    organiser = create_account(username="organizator", role=ORGANISER, password="heslo-heslo")
    clients = {ANONYMOUS: Client()}
    for role, user in ((REFEREE, referee), (ORGANISER, organiser)):
        clients[role] = Client()
        clients[role].force_login(user)
    return clients, organiser


@pytest.mark.parametrize("rule_set", sorted(GAMES))
def test_the_rule_sets_staff_and_phone_addresses_answer_their_audience_only(people, rule_set):
    clients, organiser = people
    game = GAMES[rule_set]()
    link = links.issue_table_links(game=game, by=organiser)[1]
    first_round = game.rounds.order_by("position").first()
    samples = {
        "slug": game.stage.tournament.slug,
        "stage": "kvalifikace",
        "number": "1",
        "table": "1",
        "round": str(first_round.number),
        "token": links.token_of(link),
    }
    world = World(clients, samples, {}, link)
    crawled = [
        a
        for a in addresses()
        if a.name.startswith(CRAWLED) and "<final:stage>" not in a.route  # a club has no finals
    ]
    assert {a.name for a in crawled} >= {"draws:draw", "desk:sheet", "scorekeeper:table"}
    found = []
    for address in crawled:
        found += answers(address, url_of(address, world.sample), world)
    assert found == []
    assert not RoundResult.objects.exists()


@pytest.mark.parametrize(("rule_set", "fields"), [("scrabble", SCRABBLE), ("word_poker", POKER)])
def test_the_settings_with_the_rule_sets_fields_are_the_organisers(people, rule_set, fields):
    clients, _organiser = people
    tournament = club_tournament("casual")
    url = reverse("staff:settings", kwargs={"slug": tournament.slug})
    data = {**NEW, "name": tournament.name, **fields}
    anonymous = clients[ANONYMOUS].post(url, data)
    assert anonymous.status_code == 302 and "/ucet/prihlaseni/" in anonymous["Location"]
    assert clients[REFEREE].post(url, data).status_code == 403
    tournament.refresh_from_db()
    assert tournament.rule_set == "casual"
    assert clients[ORGANISER].post(url, data).status_code == 302  # the same form is sound
    tournament.refresh_from_db()
    assert tournament.rule_set == rule_set


def wrong_secret(path: str, link) -> str:
    token = links.token_of(link)
    code, _dash, secret = token.partition("-")
    return path.replace(token, f"{code}-{'A' if secret[0] != 'A' else 'B'}{secret[1:]}")


def test_a_scrabble_sheet_by_a_wrong_revoked_or_other_tables_link_saves_nothing(people):
    clients, organiser = people
    game = scrabble_game()
    issued = links.issue_table_links(game=game, by=organiser)
    first, second = game.tables.order_by("number")[:2]
    a, b = seated(first)
    sheet = {**scrabble_form([(a, 380, 0, True), (b, 360, 9, False)]), "round": "1"}
    path = table_path(issued[first.number])
    phone = Client()
    assert phone.post(wrong_secret(path, issued[first.number]), sheet).status_code == 404
    # the sheet of board 1 sent to board 2's link: its players are not at that board
    other = phone.post(table_path(issued[second.number]), sheet)
    assert other.status_code == 422, other.status_code
    assert not RoundResult.objects.exists() and not Sheet.objects.exists()
    links.revoke_table_link(table=first, by=organiser)
    assert phone.post(path, sheet).status_code in (403, 404)
    assert phone.get(path).status_code in (403, 404)
    assert not RoundResult.objects.exists() and not Sheet.objects.exists()
    renewed = links.renew_table_link(table=first, by=organiser)
    assert phone.post(table_path(renewed), sheet).status_code == 302  # the sheet is sound
    assert RoundResult.objects.filter(table=first).count() == 2


def test_a_scrabble_sheet_sent_to_the_next_games_link_saves_nothing(people):
    """Board 1's sheet of game 1 posted to board 1's link of game 2 (paired after game 1):
    other players sit there, so it is refused and game 2 holds no result."""
    from .test_attack_held import play_scrabble

    _clients, organiser = people
    game = scrabble_game()
    first = game.tables.get(number=1)
    a, b = seated(first)
    play_scrabble(game)
    tournament = game.stage.tournament
    second = draw_game(tournament=tournament, kind="qualifier", number=2, by=author("J"), seed=7)
    second = confirm_draw(game=second, by=author("J"))
    assert set(seated(second.tables.get(number=1))) != {a, b}
    link = links.issue_table_links(game=second, by=organiser)[1]
    sheet = {**scrabble_form([(a, 380, 0, True), (b, 360, 9, False)]), "round": "1"}
    assert Client().post(table_path(link), sheet).status_code == 422
    assert not RoundResult.objects.filter(table__game=second).exists()
