"""The staff's pages ask of a Slovní poker tournament only what applies to it (issue 37): no
typed rounds on its game's draw page, no qualifier rounds, close bonus or card value in its
settings; the other rule sets' pages are as they were."""

import re

import pytest
from django.urls import reverse

from tests.club.test_pages import NEW
from tests.conftest import client_of
from tournament.models import Tournament

from .conftest import club_game, club_tournament

pytestmark = pytest.mark.django_db

NOT_FOR_POKER = (
    "qualifier_rounds_min",
    "qualifier_rounds_max",
    "qualifier_rounds",
    "close_bonus",
    "max_card_value",
)


def game_page(organiser, game):
    url = reverse(
        "draws:game",
        kwargs={"slug": game.stage.tournament.slug, "stage": "qualifier", "number": game.number},
    )
    response = client_of(organiser).get(url, HTTP_ACCEPT_LANGUAGE="cs")
    assert response.status_code == 200
    return response.content.decode()


@pytest.mark.parametrize("rule_set", ["word_poker", "casual", "syllabatim_2", "championship"])
def test_the_game_page_offers_typed_rounds_except_for_poker(organiser, rule_set):
    if rule_set == "championship":
        from draws.services import draw_game
        from tests.authors import author

        tournament = club_tournament("casual")
        Tournament.objects.filter(pk=tournament.pk).update(kind="championship", rule_set=rule_set)
        tournament.refresh_from_db()
        game = draw_game(tournament=tournament, kind="qualifier", number=1, by=author("J"), seed=1)
    else:
        game = club_game(rule_set)
    html = game_page(organiser, game)
    poker = rule_set == "word_poker"
    assert ('name="rounds"' in html) is not poker
    assert ("kola/" in html) is not poker  # the typed rounds' form posts there
    assert "znovu/" in html  # the rest of the page stays (drawing again)


def settings_page(organiser, tournament):
    url = reverse("staff:settings", kwargs={"slug": tournament.slug})
    return url, client_of(organiser).get(url, HTTP_ACCEPT_LANGUAGE="cs").content.decode()


def test_the_settings_of_a_poker_tournament_ask_no_qualifier_rounds_nor_cards(organiser):
    tournament = club_tournament("word_poker")
    Tournament.objects.filter(pk=tournament.pk).update(
        qualifier_rounds_min=3, qualifier_rounds_max=6, close_bonus=4
    )
    url, html = settings_page(organiser, tournament)
    for name in NOT_FOR_POKER:
        assert f'name="{name}"' not in html, name
    assert 'id="section-scoring"' not in html
    assert 'name="poker_points_limit"' in html and 'name="qualifier_games"' in html
    data = {
        **NEW,
        "name": tournament.name,
        "kind": "club",
        "rule_set": "word_poker",
        "poker_game_end": "points_limit",
        "poker_deal_wins": "5",
        "poker_points_limit": "40",
        "poker_deals_limit": "12",
        "poker_standings": "games_won,deals_won,points",
        **dict.fromkeys(NOT_FOR_POKER, ""),  # sent anyway: ignored, kept
    }
    response = client_of(organiser).post(url, data)
    assert response.status_code == 302, response.content.decode()
    tournament.refresh_from_db()
    assert (tournament.poker_points_limit, tournament.poker_deals_limit) == (40, 12)
    kept = (tournament.qualifier_rounds_min, tournament.qualifier_rounds_max)
    assert kept == (3, 6) and tournament.close_bonus == 4


@pytest.mark.parametrize("rule_set", ["casual", "syllabatim_2"])
def test_the_other_club_rule_sets_settings_are_unchanged(organiser, rule_set):
    _url, html = settings_page(organiser, club_tournament(rule_set))
    for name in NOT_FOR_POKER:
        assert f'name="{name}"' in html, name
    assert 'id="section-scoring"' in html and 'name="poker_game_end"' in html


def test_the_advancement_page_shows_games_and_deals_won_not_closes(referees):
    """As the public standings do: the game's own columns, the winner's game and deals."""
    from .test_word_poker import deal, rounds, save, seats, setting

    game = club_game("word_poker")
    setting(game, poker_deal_wins=1)
    table = game.tables.order_by("number").first()
    save(table, rounds(game)[0], deal(table, (20, 0), (0, 20)))
    url = reverse("desk:advancement", kwargs={"slug": game.stage.tournament.slug})
    response = client_of(referees[0]).get(url, HTTP_ACCEPT_LANGUAGE="cs")
    html = response.content.decode()
    assert response.status_code == 200
    head = re.search(r"<thead>.*?</thead>", html, re.S).group(0)
    headers = re.findall(r'<th scope="col">([^<]+)</th>', head)
    assert headers[2:5] == ["Vyhrané partie", "Vyhrané hry", "Body"]
    assert "Zavření" not in headers
    winner = seats(table)[0]
    row = html[html.index(f'<th scope="row">{winner}. ') :]
    assert re.match(r"[^\n]*</th>\s*<td>1</td>\s*<td>1</td>\s*<td>20</td>", row)
