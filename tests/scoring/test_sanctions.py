"""Sanctions beyond a round (RULES.md): what a disqualification from a game and an expulsion
do to standings, advancement, medals, teams and later draws; recording and withdrawing them."""

import pytest
from django.utils import translation

from accounts.roles import ORGANISER, REFEREE, create_account
from interchange.importer import import_tournament
from interchange.results import results_document
from rules.sanctions import Sanction
from rules.score import round_score
from scoring import sanctions as sanction_services
from scoring.effects import sanction_effects
from scoring.selectors import tournament_data
from scoring.standings import (
    podiums,
    qualifier_advancement,
    stage_performances,
    stage_standings,
    teams,
)
from tournament.models import Game, Player

pytestmark = pytest.mark.django_db


@pytest.fixture
def qualifier_only(example_document):
    """The worked example with its qualifier (two games) and teams, no finals yet."""
    del example_document["stages"]["final_a"], example_document["stages"]["final_b"]
    example_document["tournament"]["settings"] = {"qualifier_games": 2}
    tournament, _ = import_tournament(example_document, slug="example")
    return tournament, example_document


@pytest.fixture
def whole(example_document):
    tournament, _ = import_tournament(example_document, slug="example")
    return tournament


def with_sanctions(data, *sanctions):
    data.sanctions = list(sanctions)
    return data


def game_points(document, kind, game, player):
    """The player's points and closes in one game, read from the document itself."""
    points = closes = rounds = 0
    for spec in document["stages"][kind]["games"][game - 1]["tables"]:
        for played in spec["rounds"]:
            for r in played["results"]:
                if r["player"] == player:
                    from rules.score import RoundEntry

                    entry = RoundEntry(
                        r["laid"], r["unused"], r["closed"], r.get("disqualified", False)
                    )
                    points += round_score(entry)
                    closes += entry.counts_as_close
                    rounds += 1
    return points, closes, rounds


def ranks(rows):
    return [(row.rank, row.key) for row in rows]


def test_a_game_disqualification_voids_the_game_and_keeps_its_rounds(qualifier_only):
    tournament, document = qualifier_only
    before = stage_performances(tournament_data(tournament), "qualifier")[12]
    data = with_sanctions(tournament_data(tournament), Sanction(12, "game", "qualifier", 1))
    after = stage_performances(data, "qualifier")[12]
    lost_points, lost_closes, rounds_in_game = game_points(document, "qualifier", 1, 12)
    assert lost_points > 0 and rounds_in_game > 0
    assert after.points == before.points - lost_points
    assert after.closes == before.closes - lost_closes
    assert after.rounds == before.rounds  # the rounds still count as played
    # 12 was first in B1 with 109 points; the others keep their places relative to each other
    assert ranks(stage_standings(data, "qualifier")["B1"])[0] == (1, 22)


def test_an_expulsion_in_the_qualifier_closes_up_and_the_next_player_advances(qualifier_only):
    tournament, _ = qualifier_only
    plain = tournament_data(tournament)
    assert 1 in qualifier_advancement(plain)["B1"].advancing
    assert 7 not in qualifier_advancement(plain)["B1"].advancing
    data = with_sanctions(tournament_data(tournament), Sanction(1, "tournament", "qualifier", 2))
    standings = stage_standings(data, "qualifier")["B1"]
    assert 1 not in [row.key for row in standings]
    assert [row.rank for row in standings] == list(range(1, len(standings) + 1))  # no gap
    advancing = qualifier_advancement(data)["B1"].advancing
    assert 1 not in advancing and 7 in advancing
    document = results_document(data)
    assert document["qualifier"]["participants"] == 22  # still counts who sat at a table
    assert document["expelled"] == [1]
    assert all(row["player"] != 1 for row in document["qualifier"]["standings"]["B1"])


def test_an_expelled_member_counts_for_no_team(qualifier_only):
    tournament, _ = qualifier_only
    plain = {row.team: row for row in teams(tournament_data(tournament))}
    assert 15 in plain["Družstvo Vltava 1"].counted
    data = with_sanctions(tournament_data(tournament), Sanction(15, "tournament", "qualifier", 2))
    after = {row.team: row for row in teams(data)}
    assert after["Družstvo Vltava 1"].counted == (9, 17)
    assert after["Družstvo Vltava 1"].points < plain["Družstvo Vltava 1"].points


def test_an_expulsion_in_the_a_final_keeps_the_qualifier_and_moves_the_medals(whole):
    plain = tournament_data(whole)
    assert podiums(plain, "final_a")["B1"].champion == 18
    data = with_sanctions(tournament_data(whole), Sanction(18, "tournament", "final_a", 2))
    assert 18 in [row.key for row in stage_standings(data, "qualifier")["B1"]]
    assert 18 in qualifier_advancement(data)["B1"].advancing
    final = stage_standings(data, "final_a")["B1"]
    assert 18 not in [row.key for row in final]
    assert podiums(data, "final_a")["B1"].champion == 22
    assert [row.key for row in podiums(data, "final_a")["B1"].places] == [22, 1, 12]
    document = results_document(data)
    assert document["expelled"] == [18]
    assert all(row["player"] != 18 for row in document["final_a"]["standings"]["B1"])


def test_effects_say_who_stops_advancing_and_who_moves_up(qualifier_only):
    tournament, _ = qualifier_only
    names = dict(Player.objects.filter(tournament=tournament).values_list("start_number", "name"))
    with translation.override("cs"):
        effects = sanction_effects(
            tournament_data(tournament), Sanction(1, "tournament", "qualifier", 2), names
        )
    text = "\n".join(effects)
    assert "hráč č. 1 (" in text and "přestane postupovat do finále A (B1)" in text
    assert "místo toho postoupí hráč č. 7 (" in text
    assert "vyloučen z turnaje v partii 2 kvalifikace" in effects[0]


@pytest.fixture
def organiser(db):
    return create_account(username="org", role=ORGANISER, password="heslo-organizatora")


@pytest.fixture
def referee(db):
    return create_account(username="ref", role=REFEREE, password="heslo-rozhodciho")


def game_of(tournament, kind, number):
    return Game.objects.get(stage__tournament=tournament, stage__kind=kind, number=number)


def test_recording_and_withdrawing_is_kept_with_who_and_when(qualifier_only, organiser, referee):
    tournament, _ = qualifier_only
    player = Player.objects.get(tournament=tournament, start_number=1)
    game = game_of(tournament, "qualifier", 2)
    sanction = sanction_services.record_sanction(
        player=player, scope="tournament", game=game, reason="alkohol", by=organiser
    )
    assert sanction.decided_by == "org" and sanction.decided_at is not None
    data = tournament_data(tournament)
    assert 7 in qualifier_advancement(data)["B1"].advancing
    with pytest.raises(
        sanction_services.SanctionRefused
    ):  # an expulsion is the organiser's to withdraw
        sanction_services.withdraw_sanction(sanction=sanction, reason="omyl", by=referee)
    sanction_services.withdraw_sanction(sanction=sanction, reason="omyl", by=organiser)
    sanction.refresh_from_db()
    assert (sanction.withdrawn_by, sanction.withdrawal_reason) == ("org", "omyl")
    assert 1 in qualifier_advancement(tournament_data(tournament))["B1"].advancing
    assert [h.history_type for h in sanction.history.order_by("history_date")] == ["+", "~"]
    with pytest.raises(sanction_services.SanctionRefused):
        sanction_services.withdraw_sanction(sanction=sanction, reason="znovu", by=organiser)


def test_what_cannot_be_recorded(whole, organiser, referee):
    def refused(number, scope, kind, game, by):
        player = Player.objects.get(tournament=whole, start_number=number)
        with pytest.raises(sanction_services.SanctionRefused) as caught:
            sanction_services.record_sanction(
                player=player, scope=scope, game=game_of(whole, kind, game), reason="x", by=by
            )
        return str(caught.value)

    # a referee disqualifies from a game, the organiser expels
    assert "organizátor" in refused(12, "tournament", "qualifier", 2, referee)
    # 5 played the B-final, not the A-final
    assert "nesedí" in refused(5, "game", "final_a", 1, referee)
    # 18 sits in the A-final's game 2: expelling in game 1 would leave a later seat
    assert "pozdější partie" in refused(18, "tournament", "final_a", 1, organiser)
    # the qualifier's game 2 is earlier than the A-final 18 plays
    assert "pozdější partie" in refused(18, "tournament", "qualifier", 2, organiser)
    sanction_services.record_sanction(
        player=Player.objects.get(tournament=whole, start_number=12),
        scope="game",
        game=game_of(whole, "qualifier", 2),
        reason="telefon",
        by=referee,
    )
    assert "už" in refused(12, "game", "qualifier", 2, referee)
    with pytest.raises(sanction_services.SanctionRefused):
        sanction_services.record_sanction(
            player=Player.objects.get(tournament=whole, start_number=3),
            scope="game",
            game=game_of(whole, "qualifier", 2),
            reason="   ",
            by=referee,
        )
