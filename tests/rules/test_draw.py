import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import draw
from rules.championship import ROUND_NUMBERS, TABLE_SIZE_MAX, TABLE_SIZE_MIN
from rules.draw import Entrant, Preferences, RoundRange


@given(st.integers(1, 250))
def test_table_plan_is_balanced_and_within_5_to_8_whenever_possible(players):
    plan = draw.table_plan(players)
    assert sum(plan.sizes) == players
    assert max(plan.sizes) - min(plan.sizes) <= 1
    if players >= TABLE_SIZE_MIN and players != 9:
        assert plan.feasible
        assert all(TABLE_SIZE_MIN <= size <= TABLE_SIZE_MAX for size in plan.sizes)
        assert len(plan.sizes) == -(-players // TABLE_SIZE_MAX)  # the fewest tables
    else:
        assert not plan.feasible


def test_infeasible_fields_are_named_with_the_nearest_seating():
    assert draw.table_plan(9) == draw.TablePlan((5, 4), draw.NO_BALANCED_SEATING)
    assert draw.table_plan(3) == draw.TablePlan((3,), draw.TOO_FEW_PLAYERS)
    assert draw.table_plan(0).problem == draw.NO_PLAYERS
    assert draw.table_plan(40, tables=4) == draw.TablePlan(
        (10, 10, 10, 10), draw.TABLES_OUT_OF_RANGE
    )
    assert draw.table_plan(40, tables=6).sizes == (7, 7, 7, 7, 6, 6)
    assert draw.table_counts(40) == [5, 6, 7, 8]
    assert draw.table_counts(9) == []
    with pytest.raises(ValueError):
        draw.table_plan(5, tables=6)


def field(players: int, seed: int, sighted_share=0.6, team_size=4, teams=None):
    rng = random.Random(seed)
    teams = players // 8 if teams is None else teams
    entrants = []
    for key in range(1, players + 1):
        team = f"T{(key - 1) // team_size}" if (key - 1) // team_size < teams else None
        entrants.append(Entrant(key, rng.random() < sighted_share, team))
    return entrants


def play(entrants, games, seed=0, preferences=None):
    preferences = preferences or Preferences()
    sizes = draw.table_plan(len(entrants)).sizes
    seatings = []
    for game in range(games):
        seatings.append(
            draw.draw_seating(
                entrants, sizes, seed + game, [s.tables for s in seatings], preferences
            )
        )
    return seatings


@settings(max_examples=25, deadline=None)
@given(st.integers(10, 70), st.integers(0, 10**6), st.floats(0.05, 0.9))
def test_everyone_seated_once_and_the_preferences_held(players, seed, share):
    entrants = field(players, seed, sighted_share=share)
    for seating in play(entrants, 2, seed):
        seated = [key for table in seating.tables for key in table]
        assert sorted(seated) == [e.key for e in entrants]
        sizes = [len(table) for table in seating.tables]
        assert max(sizes) - min(sizes) <= 1
        assert all(
            0 <= s < len(t) for s, t in zip(seating.starting_seats, seating.tables, strict=True)
        )
        report = seating.report
        assert report.sighted_held  # (a) whenever there are enough sighted players
        assert report.teammates_held  # (b) teams as spread as they can be


def test_teammates_never_together_when_teams_are_no_bigger_than_the_tables():
    for players in (20, 40, 60, 120):
        tables = len(draw.table_plan(players).sizes)
        size = min(5, tables)
        entrants = field(players, players, team_size=size, teams=players // size)
        for seating in play(entrants, 3, players):
            assert seating.report.teammate_pairs == 0


def test_a_sighted_player_at_every_table_even_when_few():
    entrants = field(40, 1, sighted_share=0.0)
    entrants = [Entrant(e.key, e.key % 8 == 0, e.team) for e in entrants]  # 5 sighted, 5 tables
    for seating in play(entrants, 3):
        assert seating.report.tables_without_sighted == 0


def test_fewer_sighted_than_tables_is_reported_as_unavoidable():
    entrants = [Entrant(k, k <= 2, None) for k in range(1, 41)]
    [seating] = play(entrants, 1)
    assert seating.report.tables_without_sighted == 3
    assert seating.report.tables_without_sighted_unavoidable == 3
    assert seating.report.sighted_held


@pytest.mark.parametrize("players", [20, 30, 45, 60, 90, 120])
def test_the_second_game_reaches_the_bound(players):
    entrants = field(players, players)
    first, second = play(entrants, 2, seed=players)
    assert second.report.repeat_bound == draw.second_game_bound(
        first.tables, [len(t) for t in second.tables]
    )
    assert second.report.repeated_pairs == second.report.repeat_bound


def shuffle_repeats(entrants, games, seed):
    sizes = draw.table_plan(len(entrants)).sizes
    keys = [e.key for e in entrants]
    history, total = [], 0
    for game in range(games):
        tables = draw.shuffle_seating(keys, sizes, random.Random(10_000 + seed + game))
        total += draw.repeated_pairs(tables, draw.meetings(history))
        history.append(tables)
    return total


@pytest.mark.parametrize("players", [20, 40, 60, 120])
def test_five_games_repeat_far_fewer_pairs_than_a_shuffle(players):
    entrants = field(players, players)
    seatings = play(entrants, 5, seed=players)
    drawn = sum(s.report.repeated_pairs for s in seatings)
    shuffled = shuffle_repeats(entrants, 5, players)
    assert drawn <= shuffled
    if players >= 40:
        assert drawn <= 0.75 * shuffled


def test_the_same_seed_gives_the_same_draw_and_input_order_does_not_matter():
    entrants = field(50, 3)
    sizes = draw.table_plan(50).sizes
    earlier = [draw.draw_seating(entrants, sizes, 1).tables]
    a = draw.draw_seating(entrants, sizes, 99, earlier)
    b = draw.draw_seating(list(reversed(entrants)), sizes, 99, earlier)
    assert a == b
    assert draw.draw_seating(entrants, sizes, 100, earlier).tables != a.tables


def test_with_every_preference_off_the_draw_is_a_plain_shuffle():
    entrants = field(30, 4)
    sizes = draw.table_plan(30).sizes
    seating = draw.draw_seating(entrants, sizes, 7, preferences=Preferences(False, False, False))
    shuffled = draw.shuffle_seating([e.key for e in entrants], sizes, random.Random(7))
    assert [sorted(t) for t in seating.tables] == [sorted(t) for t in shuffled]


def test_the_bound_of_a_second_game():
    first = [[1, 2, 3, 4, 5], [6, 7, 8, 9, 10]]
    # 2 new tables of 5 from 2 tables: splits 3+2 each: 3 + 1 pairs, twice
    assert draw.second_game_bound(first, [5, 5]) == 8
    assert draw.second_game_bound([[1, 2, 3, 4, 5]] * 8, [5] * 8) == 0


@given(st.integers(0, 10**9), st.integers(1, 7), st.integers(0, 6))
def test_round_lot(seed, least, extra):
    most = min(7, least + extra)
    lot = draw.draw_rounds(seed, RoundRange(least, most))
    assert least <= len(lot.rounds) <= most
    assert len(set(lot.rounds)) == len(lot.rounds)
    assert set(lot.rounds) <= set(ROUND_NUMBERS)
    assert draw.draw_rounds(seed, RoundRange(least, most)) == lot


def test_round_lists_and_ranges():
    assert draw.final_rounds() == (1, 2, 3, 4, 5, 6, 7)
    assert draw.round_list_problems([5, 2, 7]) == []
    assert draw.round_list_problems([5, 5]) == ["repeated"]
    assert draw.round_list_problems([0, 8]) == ["out_of_range"]
    assert draw.round_list_problems([]) == ["empty"]
    with pytest.raises(ValueError):
        RoundRange(5, 3)
    counts = Counter(len(draw.draw_rounds(s).rounds) for s in range(500))
    assert set(counts) == {3, 4, 5, 6, 7}


@pytest.mark.parametrize("players", range(8, 41))
def test_final_tables_hold_at_most_seven_wherever_a_split_exists(players):
    plan = draw.final_table_plan(players)
    sizes = plan.sizes
    assert sum(sizes) == players and max(sizes) - min(sizes) <= 1
    if players in (8, 9):
        assert max(sizes) == 8 or plan.problem is not None  # no split into 5–7 exists
    else:
        assert plan.feasible and all(5 <= size <= 7 for size in sizes)
        assert len(sizes) == -(-players // 7)  # the fewest such tables
        assert plan.reason == draw.FINAL_AT_MOST_SEVEN


def test_sixteen_finalists_sit_at_six_five_five_not_eight_eight():
    assert draw.final_table_plan(16).sizes == (6, 5, 5)
    assert draw.final_table_plan(16, tables=2).problem == draw.FINAL_TABLE_OVER_SEVEN
    assert draw.final_table_plan(8).sizes == (8,)
    assert draw.final_table_plan(8).reason == draw.FINAL_EIGHT_UNAVOIDABLE
    assert draw.table_counts(16, largest=7) == [3]


def test_a_final_deals_rounds_in_ascending_order():
    assert draw.ascending([1, 2, 3, 4, 5, 6, 7]) and draw.ascending([2, 5])
    assert not draw.ascending([1, 3, 2])
