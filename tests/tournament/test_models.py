"""What the database holds by itself (constraints) and what model validation adds."""

from datetime import date

import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction

from draws.services import DrawRefused, round_list
from interchange.importer import import_tournament
from rules import word_poker
from scoring.models import Lot, RoundResult
from tournament.models import (
    Card,
    Game,
    Player,
    Round,
    Seat,
    Stage,
    Table,
    Team,
    TeamMember,
    Tournament,
)
from tournament.services import update_tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def tournament(example_document):
    tournament, _ = import_tournament(example_document, slug="example")
    return tournament


def refused_by_database(make):
    with pytest.raises(IntegrityError), transaction.atomic():
        make()


def test_start_numbers_are_unique_per_tournament(tournament):
    refused_by_database(
        lambda: Player.objects.create(
            tournament=tournament, start_number=1, name="Dvojník", sight_class="B1"
        )
    )
    other = Tournament.objects.create(
        slug="other", name="Jiný", year=2026, start_date=date(2026, 6, 13)
    )
    Player.objects.create(tournament=other, start_number=1, name="Jiný", sight_class="B1")


def test_a_player_is_in_one_team_at_most(tournament):
    member = TeamMember.objects.first()
    team = Team.objects.create(tournament=tournament, name="Nový")
    refused_by_database(lambda: TeamMember.objects.create(team=team, player=member.player))


def test_a_player_sits_at_one_table_per_game(tournament):
    table = Table.objects.filter(game__stage__kind="qualifier").order_by("number").last()
    seated_elsewhere = Seat.objects.filter(game=table.game).exclude(table=table).first().player
    refused_by_database(
        lambda: Seat.objects.create(table=table, position=50, player=seated_elsewhere)
    )


def test_one_closer_per_table_and_round(tournament):
    closer = RoundResult.objects.filter(closed=True).first()
    other = RoundResult.objects.filter(table=closer.table, round=closer.round, closed=False).first()
    other.closed, other.unused = True, 0
    refused_by_database(other.save)


def test_a_closer_has_no_unused_cards(tournament):
    closer = RoundResult.objects.filter(closed=True).first()
    closer.unused = 2
    refused_by_database(closer.save)


def test_round_numbers_are_bounded_and_unique_in_a_game(tournament):
    """The database bounds a round's number by the highest Slovní poker deal (issue 37); a
    Syllabatim game's rounds 1-7 are checked where rounds are made (the draws, a document)."""
    game = Game.objects.filter(stage__kind="final_a").first()
    refused_by_database(lambda: Round.objects.create(game=game, position=9, number=0))
    refused_by_database(
        lambda: Round.objects.create(game=game, position=9, number=word_poker.DEALS_MAX + 1)
    )
    refused_by_database(lambda: Round.objects.create(game=game, position=9, number=3))
    with pytest.raises(DrawRefused):
        round_list([1, 8], "final_a", None, None)


def test_numbers_are_not_negative(tournament):
    result = RoundResult.objects.first()
    result.laid = -1
    refused_by_database(result.save)


def test_quota_both_or_neither(tournament):
    tournament.quota_b1 = 4
    refused_by_database(tournament.save)


def test_model_validation_of_a_result(tournament):
    result = RoundResult.objects.filter(round__number=1, closed=False).first()
    result.laid, result.unused = 50, 7  # 4 cards are worth 56 at most
    with pytest.raises(ValidationError) as error:
        result.full_clean()
    assert "laid" in error.value.message_dict
    stranger = Player.objects.exclude(seats__table=result.table).first()
    result.laid, result.unused, result.player = 1, 1, stranger
    with pytest.raises(ValidationError) as error:
        result.full_clean()
    assert "player" in error.value.message_dict


def test_quota_validation_and_freeze_by_the_settings_service(tournament):
    tournament.quota_b1, tournament.quota_vs = 2, 5
    with pytest.raises(ValidationError) as error:
        tournament.full_clean()
    assert "quota_b1" in error.value.message_dict
    tournament.quota_b1 = 4
    with pytest.raises(ValidationError):  # the qualifier has results: too late
        update_tournament(tournament=tournament, values={"quota_b1": 4, "quota_vs": 5})
    fresh = Tournament.objects.create(
        slug="fresh", name="Nový", year=2026, start_date=date(2026, 6, 13)
    )
    fresh.quota_b1, fresh.quota_vs = 4, 5
    fresh.full_clean()


def test_team_roster_frozen_once_the_qualifier_starts(tournament):
    team = Team.objects.first()
    assert team.roster_frozen
    newcomer = Player.objects.filter(team_membership__isnull=True).first()
    with pytest.raises(ValidationError, match="frozen|zmrazen|uzavřen"):
        TeamMember(team=team, player=newcomer).full_clean()
    fresh = Tournament.objects.create(
        slug="fresh", name="Nový", year=2026, start_date=date(2026, 6, 13)
    )
    assert not Team.objects.create(tournament=fresh, name="A").roster_frozen


def test_lot_validation(tournament):
    lot = Lot(tournament=tournament, stage="qualifier", order=[6, 6])
    with pytest.raises(ValidationError):
        lot.full_clean()
    lot.order = [6, 999]
    with pytest.raises(ValidationError):
        lot.full_clean()
    lot.order = [6, 14]
    lot.full_clean()
    lot = Lot(tournament=tournament, stage="teams", order=["Družstvo Labe 3", "Nikdo"])
    with pytest.raises(ValidationError):
        lot.full_clean()


def test_cards_are_seeded_and_there_is_no_ch():
    assert Card.objects.get(letters="X").value == 14
    assert Card.objects.get(letters="SAM").value == 0
    card = Card(letters="ch", value=3)
    with pytest.raises(ValidationError):
        card.full_clean()


def test_eligibility_of_a_player(tournament):
    player = Player.objects.get(tournament=tournament, start_number=1)
    assert player.eligibility_problems() == []
    player.paid = False
    assert player.eligibility_problems() == ["not_paid"]
    assert player.category == "B1"


def test_deleting_a_player_with_results_is_refused_but_a_tournament_goes(tournament):
    player = Player.objects.get(tournament=tournament, start_number=1)
    with pytest.raises(Exception):  # noqa: B017 - RestrictedError, through the ORM
        with transaction.atomic():
            player.delete()
    tournament.delete()
    assert not Stage.objects.exists() and not RoundResult.objects.exists()
