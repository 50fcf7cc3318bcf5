"""The least number of repeated pairs a later game's draw can reach (``rules.draw``): never
above what the best seating of all reaches, found by trying every seating of small fields."""

import random
from itertools import combinations

import pytest

from rules import draw


def seatings(players, sizes):
    """Every way to seat ``players`` at tables of ``sizes`` (as sets: the order is no matter)."""
    if not sizes:
        yield []
        return
    first, rest = sizes[0], sizes[1:]
    for table in combinations(players, first):
        left = [p for p in players if p not in table]
        for others in seatings(left, rest):
            yield [list(table), *others]


def fewest_repeats(players, sizes, earlier):
    met = draw.meetings(earlier)
    return min(draw.repeated_pairs(tables, met) for tables in seatings(players, sizes))


def random_game(players, sizes, rng):
    return draw.shuffle_seating(players, sizes, rng)


@pytest.mark.parametrize("seed", range(12))
def test_no_seating_goes_below_the_bound(seed):
    rng = random.Random(seed)
    players = list(range(1, 10))
    sizes = [3, 3, 3] if seed % 2 else [5, 4]
    games = rng.choice([1, 2, 3])
    earlier = []
    for _ in range(games):
        # some earlier games had a player who is not here now, and miss one who is
        field = [p for p in players if p != rng.choice(players)] + [99]
        earlier.append(random_game(field, rng.choice([[4, 4], [5, 4], [3, 3, 3]])[:3], rng))
    tables = random_game(players, sizes, rng)
    bound = draw.repeat_bound(earlier, tables)
    assert bound <= fewest_repeats(players, sizes, earlier)


def test_after_one_game_everyone_played_it_is_the_second_games_bound():
    rng = random.Random(5)
    players = list(range(1, 31))
    first = random_game(players, [5] * 6, rng)
    second = random_game(players, [8, 8, 7, 7], rng)
    # 8 players from 6 tables: two pairs at least; 7 from 6: one pair
    assert draw.repeat_bound([first], second) == draw.second_game_bound(first, [8, 8, 7, 7]) == 6


def test_players_new_to_the_game_lower_the_bound():
    first = [[1, 2, 3], [4, 5, 6]]
    # 1, 2, 3 must share a table of 3 with someone: with 7 and 8 new, they need not meet
    assert draw.game_repeat_bound(first, [1, 4, 7, 2, 5, 8], [3, 3]) == 0
    assert draw.game_repeat_bound(first, [1, 2, 3, 4, 5, 6], [3, 3]) == 2
    assert draw.repeat_bound([], [[1, 2, 3]]) == 0


def test_a_later_game_is_bounded_by_its_most_binding_earlier_game():
    one = [[1, 2, 3, 4], [5, 6, 7, 8]]
    two = [[1, 2], [3, 4], [5, 6], [7, 8]]
    tables = [[1, 3, 5, 7], [2, 4, 6, 8]]
    assert draw.repeat_bound([one, two], tables) == max(
        draw.game_repeat_bound(one, range(1, 9), [4, 4]),
        draw.game_repeat_bound(two, range(1, 9), [4, 4]),
    )
    assert draw.repeat_bound([one, two], tables) == 4  # two of each earlier table of four
