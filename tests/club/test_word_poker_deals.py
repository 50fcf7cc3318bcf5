"""A Slovní poker game's deals beyond the seven rounds of a Syllabatim game (issue 37): a round
of a poker game may be numbered up to the most deals a game at a table can take under any
setting a tournament may record, and the deal wins a tournament sets are bounded so that
number is finite."""

import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction

from rules import word_poker
from tournament.models import Round, Tournament

from .conftest import club_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def poker_game(db):
    return club_game("word_poker")


def test_the_highest_deal_is_nine_players_to_the_most_deal_wins():
    assert word_poker.DEALS_MAX == word_poker.most_deals(
        word_poker.PLAYERS_MAX, word_poker.GameEnd(deal_wins=word_poker.DEAL_WINS_MAX)
    )
    assert word_poker.DEALS_MAX == 9 * (10 - 1) + 1


def test_a_poker_game_keeps_deals_past_the_seventh_up_to_the_highest(poker_game):
    start = poker_game.rounds.count()
    for offset, number in enumerate((8, 33, word_poker.DEALS_MAX)):
        deal = Round(game=poker_game, position=start + offset, number=number)
        deal.full_clean()
        deal.save()
    numbers = set(poker_game.rounds.values_list("number", flat=True))
    assert {8, 33, word_poker.DEALS_MAX} <= numbers


def test_a_deal_past_the_highest_is_refused_by_the_field_and_the_database(poker_game):
    beyond = Round(game=poker_game, position=99, number=word_poker.DEALS_MAX + 1)
    with pytest.raises(ValidationError) as refused:
        beyond.full_clean()
    assert "number" in refused.value.message_dict
    with transaction.atomic(), pytest.raises(IntegrityError):
        beyond.save()
    with transaction.atomic(), pytest.raises(IntegrityError):
        Round.objects.create(game=poker_game, position=98, number=0)


def test_the_deal_wins_a_tournament_sets_are_bounded(poker_game):
    tournament = poker_game.stage.tournament
    tournament.poker_deal_wins = word_poker.DEAL_WINS_MAX
    tournament.full_clean()
    tournament.poker_deal_wins = word_poker.DEAL_WINS_MAX + 1
    with pytest.raises(ValidationError) as refused:
        tournament.full_clean()
    assert "poker_deal_wins" in refused.value.message_dict
    with transaction.atomic(), pytest.raises(IntegrityError):
        Tournament.objects.filter(pk=tournament.pk).update(
            poker_deal_wins=word_poker.DEAL_WINS_MAX + 1
        )
