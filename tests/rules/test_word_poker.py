"""Slovní poker's rules (pravidla-slovni-poker.txt): a deal's result and winners, the end of a
game, what the cards let a sheet say, and the standings in the organiser's order."""

from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules import word_poker as wp
from rules.sheet import LINE_MISSING, NOT_WHOLE_NUMBER

results = st.integers(-31, 60)


def deal(*pairs):
    return [wp.DealLine(player, word, left) for player, (word, left) in enumerate(pairs, 1)]


def test_the_deck_is_the_rules_65_cards():
    cards = wp.deck()
    assert sum(card.count for card in cards) == 65
    assert {card.letters: card.value for card in cards}["X"] == 9
    assert {card.letters: card.count for card in cards}["D"] == 3  # listed twice, counted once


def test_a_hand_of_five_leaves_at_most_the_five_highest_cards():
    # X 9, F 6, G 6, CH 5, CH 5
    assert max(wp.hand_splits()) == 31
    # Nothing left: all five cards are in the word, five points at least (N, N, N, T, T).
    assert wp.hand_splits()[0] == (5, 31)
    # 31 left: the word holds no card.
    assert wp.hand_splits()[31] == (0, 0)


@given(st.lists(st.tuples(st.integers(0, 60), st.integers(0, 31)), min_size=2, max_size=9))
def test_the_deal_is_won_by_all_who_share_the_highest_result(pairs):
    lines = deal(*pairs)
    winners = wp.deal_winners(lines)
    best = max(word - left for word, left in pairs)
    assert winners == {line.player for line in lines if line.word - line.left == best}
    assert winners  # someone always wins a deal


def test_a_result_is_the_word_minus_the_cards_left():
    lines = deal((14, 3), (12, 1), (11, 0))
    assert wp.deal_results(lines) == {1: 11, 2: 11, 3: 11}
    assert wp.deal_winners(lines) == {1, 2, 3}


@given(
    st.lists(
        st.lists(st.tuples(st.integers(0, 40), st.integers(0, 31)), min_size=3, max_size=3),
        max_size=30,
    ),
    st.integers(1, 6),
)
def test_a_game_ends_at_the_first_deal_someone_reaches_the_deal_wins(deals, target):
    end = wp.GameEnd(deal_wins=target)
    played = [deal(*pairs) for pairs in deals]
    state = wp.game_state(played, end)
    wins = Counter()
    for number, lines in enumerate(played, 1):
        wins.update(wp.deal_winners(lines))
        if max(wins.values()) >= target:
            assert state.ended_after == number
            assert state.winners == {p for p, won in wins.items() if won >= target}
            break
    else:
        assert state.ended_after is None and not state.winners


def test_the_points_limit_variant_goes_to_the_most_points_among_those_over_it():
    end = wp.GameEnd(to=wp.TO_POINTS, points_limit=30)
    played = [deal((20, 0), (10, 0), (25, 0)), deal((12, 0), (10, 0), (8, 0))]
    state = wp.game_state(played, end)
    assert state.ended_after == 2
    assert dict(state.points) == {1: 32, 2: 20, 3: 33}
    assert state.winners == {3}


def test_a_deal_after_the_game_was_won_is_refused_with_its_place():
    end = wp.GameEnd(deal_wins=1)
    earlier = [deal((10, 0), (5, 0))]
    problems = wp.check_deal(deal((10, 0), (5, 0)), deal_number=2, earlier=earlier, end=end)
    assert [(p.code, p.params) for p in problems] == [
        (wp.DEAL_AFTER_GAME_END, {"deal": 2, "ended_after": 1})
    ]


@given(st.integers(-3, 80), st.integers(-3, 40))
def test_a_line_stands_exactly_when_some_hand_of_the_deck_splits_that_way(word, left):
    """Brute force over every hand of five of the deck's cards and every split of it into
    the word's cards and those left, the word possibly holding dice too (no upper bound on
    them, as the rules give no dice values)."""
    values = [card.value for card in wp.deck() for _ in range(card.count)]
    highest = sorted(values, reverse=True)[: wp.HAND]
    problems = wp.line_problems(wp.DealLine(1, word, left))
    if word < 0 or left < 0:
        assert {p.code for p in problems} == {NOT_WHOLE_NUMBER}
        return
    if left > sum(highest):
        assert [p.code for p in problems] == [wp.LEFT_OUT_OF_RANGE]
        return
    # the fewest points the word's cards can have beside cards left worth ``left``
    least_word = min(
        sum(hand) - left
        for hand in _hands()
        for size in range(wp.HAND + 1)
        for kept in combinations(hand, size)
        if sum(kept) == left
    )
    assert (problems == []) == (word >= least_word)


_HANDS = None


def _hands():
    global _HANDS
    if _HANDS is None:
        from itertools import combinations_with_replacement

        counts = Counter()
        for card in wp.deck():
            counts[card.value] += card.count
        _HANDS = [
            hand
            for hand in combinations_with_replacement(sorted(counts), wp.HAND)
            if all(hand.count(v) <= counts[v] for v in hand)
        ]
    return _HANDS


def test_a_known_highest_die_bounds_the_word():
    # 31 left: the word holds only dice.
    assert wp.line_problems(wp.DealLine(1, 10, 31), max_die_value=2) == []
    (problem,) = wp.line_problems(wp.DealLine(1, 11, 31), max_die_value=2)
    assert (problem.code, problem.field, problem.params["most"]) == (
        wp.WORD_OUT_OF_RANGE,
        "word",
        10,
    )
    # Without the dice's values the word has no upper bound.
    assert wp.line_problems(wp.DealLine(1, 500, 31)) == []


def test_the_sheet_names_each_refused_place():
    problems = wp.check_deal(
        [wp.DealLine(1, 3, 0), wp.DealLine(2, 7, 32), wp.DealLine(4, "x", 1)],
        deal_number=1,
        seated=[1, 2, 3, 4],
    )
    assert [(p.code, p.player, p.field) for p in problems] == [
        (LINE_MISSING, 3, None),
        (wp.WORD_OUT_OF_RANGE, 1, "word"),
        (wp.LEFT_OUT_OF_RANGE, 2, "left"),
        (NOT_WHOLE_NUMBER, 4, "word"),
    ]


def test_a_table_seats_two_to_nine():
    (problem,) = wp.check_deal([wp.DealLine(1, 5, 0)], deal_number=1, seated=[1])
    assert problem.code == wp.TABLE_SIZE


records = st.lists(
    st.builds(
        wp.Record,
        key=st.integers(1, 500),
        games_won=st.integers(0, 3),
        deals_won=st.integers(0, 12),
        points=st.integers(-20, 80),
    ),
    max_size=20,
    unique_by=lambda row: row.key,
)
orders = st.permutations(wp.CRITERIA).flatmap(
    lambda order: st.integers(1, 3).map(lambda n: tuple(order[:n]))
)


@given(records, orders)
def test_standings_follow_the_organisers_order_and_equal_stays_equal(rows, order):
    ranked = wp.poker_rank(rows, order)
    value = {row.key: tuple(getattr(row, name) for name in order) for row in rows}
    for row in ranked:
        assert row.rank == 1 + sum(1 for other in rows if value[other.key] > value[row.key])
        assert row.shared == (sum(1 for other in rows if value[other.key] == value[row.key]) > 1)


def test_the_standings_order_is_checked():
    with pytest.raises(ValueError):
        wp.standing_order(["games_won", "games_won"])
    with pytest.raises(ValueError):
        wp.standing_order(["closes"])


def test_records_count_game_wins_deal_wins_and_points_up_to_the_games_end():
    end = wp.GameEnd(deal_wins=2)
    game = [deal((10, 0), (5, 0)), deal((10, 0), (5, 2)), deal((0, 9), (30, 0))]
    rows = wp.records([game], end, participants=[1, 2, 3])
    assert rows[1] == wp.Record(
        1, games_won=1, deals_won=2, points=20, games=1, deals=2, best_deal=10
    )
    assert rows[2] == wp.Record(
        2, games_won=0, deals_won=0, points=8, games=1, deals=2, best_deal=5
    )
    assert rows[3] == wp.Record(3)


@given(st.integers(wp.PLAYERS_MIN, wp.PLAYERS_MAX), st.integers(1, 6), st.data())
def test_a_game_to_deal_wins_ends_within_the_most_deals(players, target, data):
    """However the deals fall (one or more winners each), the game has ended by deal
    ``most_deals``; and a game of single winners in turn takes exactly that many."""
    end = wp.GameEnd(deal_wins=target)
    most = wp.most_deals(players, end)
    results = st.lists(st.integers(-5, 5), min_size=players, max_size=players)
    deals = [
        [wp.DealLine(seat, word, 0) for seat, word in enumerate(data.draw(results))]
        for _ in range(most)
    ]
    ended = wp.game_state(deals, end).ended_after
    assert ended is not None and ended <= most
    in_turn = [
        [wp.DealLine(seat, 1 if seat == number % players else 0, 0) for seat in range(players)]
        for number in range(most)
    ]
    assert wp.game_state(in_turn, end).ended_after == most
    assert wp.game_state(in_turn[:-1], end).ended_after is None


def test_a_points_limit_plays_the_tournaments_most_deals_whatever_the_table():
    end = wp.GameEnd(to=wp.TO_POINTS, deals_limit=12)
    assert wp.most_deals(9, end) == wp.most_deals(2, end) == 12
    assert wp.most_deals(9, wp.GameEnd(to=wp.TO_POINTS)) == wp.DEALS_LIMIT
    assert wp.most_deals(4) == 4 * (wp.DEAL_WINS - 1) + 1
    for wrong in (0, wp.DEALS_MAX + 1, 2.5):
        with pytest.raises(ValueError):
            wp.GameEnd(to=wp.TO_POINTS, deals_limit=wrong)
    wp.GameEnd(to=wp.TO_POINTS, deals_limit=wp.DEALS_MAX)


def test_a_game_nobody_brings_to_the_limit_ends_after_its_last_deal_to_the_most_points():
    end = wp.GameEnd(to=wp.TO_POINTS, points_limit=100, deals_limit=3)
    played = [deal((20, 0), (10, 0), (25, 0)), deal((12, 0), (30, 0), (8, 0))]
    assert wp.game_state(played, end).ended_after is None
    played.append(deal((10, 0), (5, 0), (14, 7)))
    state = wp.game_state(played, end)
    assert (state.ended_after, dict(state.points)) == (3, {1: 42, 2: 45, 3: 40})
    assert state.winners == {2}
    tied = played[:2] + [deal((10, 0), (2, 0), (5, 0))]
    assert wp.game_state(tied, end).winners == {1, 2}  # equal stays equal
    problems = wp.check_deal(deal((9, 0), (9, 0), (9, 0)), deal_number=4, earlier=tied, end=end)
    assert [p.code for p in problems] == [wp.DEAL_AFTER_GAME_END]


def test_the_limit_reached_before_the_last_deal_ends_the_game_there():
    end = wp.GameEnd(to=wp.TO_POINTS, points_limit=30, deals_limit=10)
    played = [deal((20, 0), (10, 0)), deal((12, 0), (10, 0)), deal((5, 0), (40, 0))]
    state = wp.game_state(played, end)
    assert (state.ended_after, state.winners) == (2, frozenset({1}))
    records = wp.records([played[: state.ended_after]], end)
    assert (records[1].games_won, records[2].games_won) == (1, 0)
    assert records[1].points == 32 and records[1].deals == 2
