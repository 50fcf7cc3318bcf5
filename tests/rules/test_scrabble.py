"""Scrabble's rules (pravidla-scrabble.txt) as a club tournament plays them: the end of a game,
what a sheet may say, the standings, and the Swiss pairing of its rounds."""

from collections import Counter
from itertools import chain, combinations, product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import scrabble as sc
from rules.sheet import NOT_WHOLE_NUMBER


def test_the_set_is_the_rules_98_letters_and_2_blanks():
    assert sum(tile.count for tile in sc.tiles()) == 100
    assert {t.letter: (t.value, t.count) for t in sc.tiles()}["žolík"] == (0, 2)
    # X 10, Ď 8, Ť 7, Ó 7, Ň 6, and two of the 5s
    assert max(sc.rack_values()) == 48


@given(
    st.lists(st.integers(0, 600), min_size=2, max_size=4),
    st.lists(st.integers(0, 30), min_size=4, max_size=4),
    st.one_of(st.none(), st.integers(0, 3)),
)
def test_each_loses_own_tiles_and_the_one_who_went_out_gains_the_others(scores, left, out):
    lines = [
        sc.GameLine(player, score, 0 if player == out else left[player], player == out)
        for player, score in enumerate(scores)
    ]
    final = sc.final_scores(lines)
    for line in lines:
        if line.went_out:
            others = sum(other.tiles_left for other in lines if other is not line)
            assert final[line.player] == line.score + others
        else:
            assert final[line.player] == line.score - line.tiles_left
    # Going out moves the tiles' points, it does not make them: the total loses the racks
    # of everyone only when nobody went out.
    racks = sum(line.tiles_left for line in lines)
    assert sum(final.values()) == sum(scores) - (
        0 if any(line.went_out for line in lines) else racks
    )


def test_the_example_of_an_ending():
    lines = [sc.GameLine("A", 320, 0, True), sc.GameLine("B", 340, 12)]
    assert sc.final_scores(lines) == {"A": 332, "B": 328}


def test_the_sheet_refuses_what_the_rules_forbid_with_its_place():
    problems = sc.check_game(
        [
            sc.GameLine(1, 300, 49),
            sc.GameLine(2, -1, 3),
            sc.GameLine(3, 200, 4, True),
        ],
        seated=[1, 2, 3],
    )
    assert [(p.code, p.player, p.field) for p in problems] == [
        (NOT_WHOLE_NUMBER, 2, "score"),
    ]
    problems = sc.check_game(
        [sc.GameLine(1, 300, 49), sc.GameLine(2, 10, 3, True), sc.GameLine(3, 20, 0, True)],
        seated=[1, 2, 3],
    )
    assert [(p.code, p.player, p.field) for p in problems] == [
        (sc.TILES_OUT_OF_RANGE, 1, "tiles_left"),
        (sc.OUT_WITH_TILES, 2, "tiles_left"),
        (sc.TWO_WENT_OUT, 3, "went_out"),
    ]


def test_two_racks_cannot_hold_more_than_the_set_has():
    # Each 48 alone is possible (X Ď Ť Ó Ň F G), twice is not: there is one X, one Ď, …
    (problem,) = sc.check_game([sc.GameLine(1, 300, 48), sc.GameLine(2, 300, 48)])
    assert problem.code == sc.RACKS_OUT_OF_RANGE
    assert problem.params == {"together": 96, "most": 77}


def test_a_board_seats_two_to_four():
    lines = [sc.GameLine(n, 100, 0) for n in range(5)]
    assert sc.BOARD_SIZE in {p.code for p in sc.check_game(lines, seated=list(range(5)))}


def test_a_game_of_three_is_counted_pair_by_pair():
    rows = sc.records([{1: 400, 2: 350, 3: 400}], byes=[4], bye_margin=50)
    assert rows[1] == sc.Record(1, half_wins=3, spread=50, score_sum=400, games=1)
    assert rows[2] == sc.Record(2, half_wins=0, spread=-100, score_sum=350, games=1)
    assert rows[4] == sc.Record(4, half_wins=2, spread=50, score_sum=0, games=0, byes=1)
    assert rows[1].wins == 1.5


scores = st.integers(0, 600)
games = st.lists(
    st.tuples(st.integers(1, 8), st.integers(1, 8), scores, scores).filter(lambda g: g[0] != g[1]),
    max_size=30,
)


@given(games, st.lists(st.integers(1, 8), max_size=4))
def test_standings_by_wins_then_spread_then_scores_and_equal_stays_equal(played, byes):
    rows = sc.records(({a: x, b: y} for a, b, x, y in played), byes)
    ranked = sc.scrabble_rank(rows.values())
    value = {k: (r.half_wins, r.spread, r.score_sum) for k, r in rows.items()}
    for row in ranked:
        assert row.rank == 1 + sum(1 for v in value.values() if v > value[row.key])
    # A spread sums to zero over a tournament's games; byes add their margin.
    assert sum(r.spread for r in rows.values()) == sc.BYE_MARGIN * len(byes)


# The pairing.


def perfect_matchings(seats):
    if not seats:
        yield []
        return
    first, rest = seats[0], seats[1:]
    for i, other in enumerate(rest):
        for matching in perfect_matchings(rest[:i] + rest[i + 1 :]):
            yield [(first, other), *matching]


def fewest_rematches(keys, history):
    seats = list(keys) + [sc.BYE_SEAT] * (len(keys) % 2)
    return min(
        sum(sc._rematch(a, b, history) for a, b in matching)
        for matching in perfect_matchings(seats)
    )


def rematches(pairing, history):
    found = sum(frozenset(pair) in history.met for pair in pairing.pairs)
    return found + (pairing.bye in history.had_bye)


def check_shape(pairing, keys):
    seen = list(chain.from_iterable(pairing.pairs)) + ([pairing.bye] if pairing.bye else [])
    assert sorted(seen) == sorted(keys)  # everyone once
    assert (pairing.bye is not None) == (len(keys) % 2 == 1)


def all_pairs(keys):
    return [frozenset(pair) for pair in combinations(keys, 2)]


@pytest.mark.parametrize("size", [2, 3, 4, 5])
def test_no_rematch_while_one_can_be_avoided_every_history_of_a_small_field(size):
    """Every set of earlier meetings (and, in an odd field, every set of earlier byes) of a
    field of two to five: the pairing has the fewest rematches any pairing has, so none when
    a pairing without one exists."""
    keys = list(range(1, size + 1))
    pairs = all_pairs(keys)
    bye_sets = (
        [()] if size % 2 == 0 else [c for n in range(size + 1) for c in combinations(keys, n)]
    )
    standings = [sc.Record(k, half_wins=2 * (size - k), spread=0) for k in keys]
    checked = 0
    for met_bits in product((False, True), repeat=len(pairs)):
        met = frozenset(pair for pair, on in zip(pairs, met_bits, strict=True) if on)
        for byes in bye_sets if size < 5 else bye_sets[::5] + [tuple(keys[:-1])]:
            history = sc.History(met, frozenset(byes))
            pairing = sc.pair_round(standings, round_number=2, seed="5eed", history=history)
            check_shape(pairing, keys)
            assert rematches(pairing, history) == pairing.rematches
            assert pairing.rematches == fewest_rematches(keys, history)
            checked += 1
    assert checked >= 2 ** len(pairs)


@settings(max_examples=60, deadline=None)
@given(
    st.integers(2, 8).flatmap(
        lambda n: st.tuples(
            st.just(n),
            st.sets(st.sampled_from(all_pairs(range(1, n + 1)))) if n > 1 else st.just(set()),
            st.sets(st.integers(1, n)),
            st.lists(st.tuples(st.integers(0, 6), st.integers(-300, 300)), min_size=n, max_size=n),
            st.text("0123456789abcdef", min_size=1, max_size=8),
        )
    )
)
def test_the_swiss_pairing_has_the_fewest_rematches_any_pairing_has(case):
    n, met, byes, marks, seed = case
    keys = list(range(1, n + 1))
    standings = [sc.Record(k, half_wins=w, spread=s) for k, (w, s) in zip(keys, marks, strict=True)]
    history = sc.History(frozenset(met), frozenset(byes))
    pairing = sc.pair_round(standings, round_number=3, seed=seed, history=history)
    check_shape(pairing, keys)
    assert pairing.rematches == rematches(pairing, history) == fewest_rematches(keys, history)
    # Reproducible, and the order the standings are listed in does not matter.
    again = sc.pair_round(list(reversed(standings)), round_number=3, seed=seed, history=history)
    assert again == pairing


@given(st.lists(st.tuples(st.integers(0, 6), st.integers(-300, 300)), min_size=2, max_size=12))
def test_without_history_the_swiss_pairs_neighbours_in_the_standings(marks):
    standings = [sc.Record(k, half_wins=w, spread=s) for k, (w, s) in enumerate(marks, 1)]
    pairing = sc.pair_round(standings, round_number=2, seed="1")
    order = list(pairing.order)
    assert [
        (r.half_wins, r.spread) for r in sorted(standings, key=lambda r: order.index(r.key))
    ] == sorted(((r.half_wins, r.spread) for r in standings), reverse=True)
    expected = [tuple(order[i : i + 2]) for i in range(0, len(order) - 1, 2)]
    assert list(pairing.pairs) == expected
    assert pairing.bye == (order[-1] if len(order) % 2 else None)


def test_a_bye_goes_to_the_lowest_who_has_not_had_one():
    standings = [sc.Record(k, half_wins=10 - k) for k in range(1, 6)]
    pairing = sc.pair_round(
        standings, round_number=3, seed="2", history=sc.History(had_bye=frozenset({5}))
    )
    assert pairing.bye == 4 and pairing.rematches == 0


def test_the_first_round_by_rating_sets_the_top_half_against_the_bottom_half():
    standings = [sc.Record(k) for k in range(1, 8)]
    ratings = {1: 1200, 2: 1900, 3: 1500, 4: 1700, 5: 1100, 6: 1600, 7: 1000}
    pairing = sc.pair_round(
        standings, round_number=1, seed="3", options=sc.PairingOptions(ratings=ratings)
    )
    # by rating: 2, 4, 6, 3, 1, 5, 7
    assert pairing.pairs == ((2, 3), (4, 1), (6, 5)) and pairing.bye == 7


@given(st.integers(1, 20), st.text("0123456789abcdef", min_size=1, max_size=10))
def test_the_first_round_by_lot_is_the_seeds_and_only_the_seeds(size, seed):
    standings = [sc.Record(k) for k in range(1, size + 1)]
    options = sc.PairingOptions(first_round=sc.BY_LOT)
    pairing = sc.pair_round(standings, round_number=1, seed=seed, options=options)
    check_shape(pairing, list(range(1, size + 1)))
    assert pairing == sc.pair_round(
        list(reversed(standings)), round_number=1, seed=seed, options=options
    )
    assert list(pairing.order) == sc.lot_order(range(1, size + 1), seed)


def test_players_equal_in_wins_and_spread_are_ordered_by_the_rounds_lot():
    standings = [sc.Record(k, half_wins=2) for k in range(1, 9)]
    orders = {sc.pair_round(standings, round_number=2, seed=s).order for s in ("1", "2", "3")}
    assert len(orders) > 1  # the seed decides, not the start numbers


def test_king_of_the_hill_pairs_one_against_two_even_as_a_rematch():
    standings = [sc.Record(k, half_wins=10 - k) for k in range(1, 6)]
    history = sc.History(met=frozenset({frozenset((1, 2))}))
    options = sc.PairingOptions(king_of_the_hill=True)
    koth = sc.pair_round(
        standings, round_number=4, seed="4", history=history, options=options, last_round=True
    )
    assert koth.pairs == ((1, 2), (3, 4)) and koth.bye == 5 and koth.rematches == 1
    swiss = sc.pair_round(standings, round_number=4, seed="4", history=history, options=options)
    assert swiss.rematches == 0


def test_the_pairing_is_named_for_its_commitment():
    assert sc.pairing_what("klub-2026", 3) == "klub-2026/scrabble/round-3/pairing"


def test_counter_of_meetings_is_what_history_keeps():
    pairings = [
        sc.Pairing(((1, 2), (3, 4)), 5),
        sc.Pairing(((1, 3), (2, 5)), 4),
    ]
    history = sc.History.of(pairings)
    assert Counter(len(p) for p in history.met) == {2: 4}
    assert history.had_bye == {4, 5}
