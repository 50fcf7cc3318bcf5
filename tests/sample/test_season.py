from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.championship import TABLE_SIZE_MAX, TABLE_SIZE_MIN
from rules.rating import GameResult, TableGame, compute
from sample.season import (
    AVERAGE,
    DIVISIONS,
    RATING,
    SKILL,
    club_figures,
    club_season,
    measure,
    pairwise_order,
    ranks,
    season,
    spearman,
)


def test_ranks_share_the_mean_on_ties():
    assert ranks([10, 20, 20, 5]) == [2, 3.5, 3.5, 1]


def test_spearman_of_known_orders():
    assert spearman([1, 2, 3, 4], [10, 20, 30, 40]) == pytest.approx(1)
    assert spearman([1, 2, 3, 4], [9, 7, 5, 1]) == pytest.approx(-1)
    # d = (0, 1, -1, 0): 1 - 6 * 2 / (4 * 15) = 0.8 without ties
    assert spearman([1, 2, 3, 4], [1, 3, 2, 4]) == pytest.approx(0.8)
    assert spearman([1, 1, 1], [1, 2, 3]) == 0


@given(st.lists(st.integers(-50, 50), min_size=2, max_size=30))
def test_spearman_is_one_against_itself_and_unchanged_by_a_monotone_map(values):
    if len(set(values)) > 1:
        assert spearman(values, values) == pytest.approx(1)
        assert spearman(values, [3 * v + 7 for v in values]) == pytest.approx(1)
        assert spearman(values, [-v for v in values]) == pytest.approx(-1)


def test_pairwise_order_counts_pairs_the_game_separated():
    table = TableGame(1, (GameResult("a", 50, 1), GameResult("b", 30, 0), GameResult("c", 30, 0)))
    # a > b, a > c; b and c are equal in the game and not counted
    assert pairwise_order([table], {"a": 3, "b": 1, "c": 2}) == 1
    assert pairwise_order([table], {"a": 1, "b": 2, "c": 1}) == 0.25
    closes = TableGame(2, (GameResult("a", 30, 0), GameResult("b", 30, 1)))
    assert pairwise_order([closes], {"a": 1, "b": 2}) == 1


def test_a_season_seats_everyone_once_in_every_game_at_tables_of_five_to_eight():
    played = season(players=43, tournaments=2, games=3, seed=7)
    assert len(played.games) == 6
    whens = []
    for tables in played.games:
        seated = Counter(result.person for table in tables for result in table.game.results)
        assert seated == Counter(range(1, 44))
        assert all(TABLE_SIZE_MIN <= len(table.game.results) <= TABLE_SIZE_MAX for table in tables)
        assert all(3 <= table.rounds <= 7 for table in tables)
        whens += [table.game.when for table in tables]
    assert whens == sorted(whens)
    ratings = compute(table.game for tables in played.games for table in tables)
    assert {rating.games for rating in ratings.current.values()} == {6}
    assert season(players=43, tournaments=2, games=3, seed=7) == played


def test_the_measure_gives_each_checkpoint_and_the_rating_learns_the_skill():
    played = season(players=40, tournaments=3, games=4, seed=3)
    figures = measure(played, (2, 11))
    assert [f.games for f in figures] == [2, 11]
    for f in figures:
        assert set(f.correlation) == set(f.next_game) - {SKILL}
        assert all(0 <= value <= 1 for value in f.next_game.values())
    # a simulated field this wide is told apart within a few games, by either
    assert figures[-1].correlation[RATING] > 0.6
    assert figures[-1].correlation[AVERAGE] > 0.6
    with pytest.raises(ValueError):
        measure(played, (12,))


def test_club_figures_give_each_checkpoint_and_every_next_game_in_one_pass():
    played = club_season(DIVISIONS, closing=True, tournaments=3, seed=5)
    assert len(played.games) == 12
    found, ordered = club_figures(played, (4, 8), 4)
    assert len(found) == 2 and all(SKILL not in figures for figures in found)
    assert all(-1 <= value <= 1 for figures in found for value in figures.values())
    assert all(0 <= value <= 1 for value in ordered.values())
    assert ordered[SKILL] > 0.5  # the hidden skill orders the tables better than a coin
    with pytest.raises(ValueError):
        club_figures(played, (4, 12), 4)
