"""Each player's card (``scoring.cards``): its totals are the standings' for every player."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from interchange.importer import import_tournament
from rules.stages import STAGES
from sample.simulate import full_championship
from scoring.cards import player_cards
from scoring.pages import stage_page
from scoring.sanctions import record_sanction
from tournament.models import Game, Stage

pytestmark = pytest.mark.django_db


def standings_rows(tournament) -> dict[tuple[str, int], object]:
    return {
        (kind, row.player.number): row
        for kind in STAGES
        for standing in stage_page(tournament, kind).categories
        for row in standing.rows
    }


def assert_cards_agree_with_standings(tournament):
    rows = standings_rows(tournament)
    cards = player_cards(tournament)
    assert cards
    seen = set()
    for card in cards:
        for stage in card.stages:
            if stage.row is None:  # expelled: in no standing of the stage
                assert stage.expelled is not None
                assert (stage.kind, card.player.number) not in rows
                continue
            row = rows[(stage.kind, card.player.number)]
            seen.add((stage.kind, card.player.number))
            assert stage.row == row
            games = stage.games
            assert sum(game.points for game in games) == row.points, (card.player, stage.kind)
            assert sum(game.closes for game in games) == row.closes
            assert max(game.best_round for game in games) == row.best_round
            assert sum(len(game.rounds) for game in games) == row.rounds
            for game in games:
                assert game.points == sum(r.score for r in game.rounds)
            assert games[-1].rank == row.rank  # the place after the last game is the place
    assert seen == set(rows)  # every ranked player of every stage has it on a card


def test_the_demos_cards_total_what_the_standings_say(demo):
    assert_cards_agree_with_standings(demo)


def test_a_simulated_championships_cards_total_what_the_standings_say(simulated_60):
    assert len(player_cards(simulated_60)) == 60
    assert_cards_agree_with_standings(simulated_60)


def test_a_card_holds_each_game_in_playing_order_with_the_place(demo):
    card = player_cards(demo, [1])[0]
    assert [stage.kind for stage in card.stages] == ["qualifier", "final_b"]
    qualifier = card.stages[0]
    assert [game.number for game in qualifier.games] == [1, 2, 3, 4]
    assert qualifier.over and qualifier.category == "VS" and qualifier.row.rank >= 1
    for game in qualifier.games:
        assert game.rounds and {r.game for r in game.rounds} == {game.number}
        assert game.points == sum(r.score for r in game.rounds)


def test_a_voided_game_scores_nothing_and_an_expelled_player_is_not_ranked(demo, organiser):
    rows = standings_rows(demo)
    finalists = [row for (kind, _n), row in rows.items() if kind == "final_a"]
    number = max(finalists, key=lambda row: row.points).player.number
    player = demo.players.get(start_number=number)
    games = {
        g.number: g for g in Game.objects.filter(stage__tournament=demo, stage__kind="final_a")
    }
    record_sanction(player=player, scope="game", game=games[1], reason="Mobil", by=organiser)
    card = player_cards(demo, [number])[0]
    final = next(stage for stage in card.stages if stage.kind == "final_a")
    first = final.games[0]
    assert first.points == 0 and first.closes == 0
    assert all(r.voided for r in first.rounds)
    assert final.row.points == final.games[1].points > 0
    assert card.sanctions and card.sanctions[0].reason == ""
    assert player_cards(demo, [number], staff=True)[0].sanctions[0].reason == "Mobil"
    assert_cards_agree_with_standings(demo)

    record_sanction(player=player, scope="tournament", game=games[2], reason="Doping", by=organiser)
    final = next(s for s in player_cards(demo, [number])[0].stages if s.kind == "final_a")
    assert final.row is None and final.expelled is not None
    assert final.points == 0  # both games voided
    assert_cards_agree_with_standings(demo)


def test_held_results_stay_off_the_publics_card(demo):
    Stage.objects.filter(tournament=demo, kind="final_a").update(
        results_held=True, announcement="v 16:00"
    )
    winner = next(
        row.player.number
        for standing in stage_page(demo, "final_a", staff=True).categories
        for row in standing.rows
    )
    public = {s.kind: s for s in player_cards(demo, [winner])[0].stages}
    assert public["final_a"].games == () and "16:00" in public["final_a"].held
    assert public["qualifier"].games
    staff = {s.kind: s for s in player_cards(demo, [winner], staff=True)[0].stages}
    assert staff["final_a"].games and staff["final_a"].held is None


def test_the_cards_take_the_same_queries_at_10_and_60_players(simulated_60):
    small, _ = import_tournament(
        full_championship(10, seed=10, b_final_from=1, quota={"B1": 3, "VS": 3}), slug="t10"
    )
    counts = []
    for tournament in (small, simulated_60):
        with CaptureQueriesContext(connection) as captured:
            player_cards(tournament)
        counts.append(len(captured))
    assert counts[0] == counts[1]


def test_the_player_page_and_the_card_give_the_same_place_after_each_game(demo):
    from public.selectors import rank_history

    card = player_cards(demo, [20])[0]
    places = [(stage.kind, game.number, game.rank) for stage in card.stages for game in stage.games]
    assert len(places) == 6 and all(rank for _k, _g, rank in places)
    assert rank_history(demo, 20) == places
