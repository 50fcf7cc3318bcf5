from hypothesis import assume, given
from hypothesis import strategies as st

from rules.championship import TIE_BREAK_CHAIN
from rules.ranking import Performance, performances, rank, ties, ties_across, ties_within
from rules.score import RoundEntry

# Small ranges so that ties at every step of the chain are common.
rows = st.lists(
    st.builds(
        lambda key, points, closes, best: Performance(key, points, closes, best),
        st.integers(1, 500),
        st.integers(0, 6),
        st.integers(0, 2),
        st.integers(0, 3),
    ),
    min_size=1,
    max_size=25,
    unique_by=lambda row: row.key,
)


def with_a_tie(table):
    """The table plus a twin of its first row, so that at least one tie exists."""
    first = table[0]
    twin = Performance(
        max(row.key for row in table) + 1, first.points, first.closes, first.best_round
    )
    return [*table, twin]


def chain(row):
    return tuple(getattr(row, name) for name in TIE_BREAK_CHAIN)


@given(rows)
def test_rank_is_one_plus_the_number_strictly_better(table):
    for row in rank(table):
        better = sum(1 for other in table if chain(other) > chain(row.performance))
        assert row.rank == better + 1


@given(rows)
def test_ranking_is_a_total_order_up_to_shared_ranks(table):
    ranked = rank(table)
    assert sorted(r.key for r in ranked) == sorted(r.key for r in table)
    for a in ranked:
        for b in ranked:
            if chain(a.performance) > chain(b.performance):
                assert a.rank < b.rank
            elif chain(a.performance) == chain(b.performance):
                assert a.rank == b.rank
    # rows in rank order; a shared rank in start-number order; the next rank skips
    assert [(r.rank, r.key) for r in ranked] == sorted((r.rank, r.key) for r in ranked)
    for tie in ties(ranked):
        assert list(tie.keys) == sorted(tie.keys)
        after = [r.rank for r in ranked if r.rank > tie.places[0]]
        assert not after or min(after) == tie.places[-1] + 1


@given(rows)
def test_shared_flag_marks_exactly_the_equal_rows(table):
    ranked = rank(table)
    for row in ranked:
        equal = sum(1 for other in table if chain(other) == chain(row.performance))
        assert row.shared == (equal > 1)


def test_tie_breaks_apply_in_chain_order():
    table = [
        Performance(1, points=50, closes=0, best_round=40),
        Performance(2, points=50, closes=2, best_round=10),
        Performance(3, points=50, closes=2, best_round=11),
        Performance(4, points=51, closes=0, best_round=0),
        Performance(5, points=50, closes=2, best_round=11),
    ]
    ranked = rank(table)
    assert [(r.rank, r.key) for r in ranked] == [(1, 4), (2, 3), (2, 5), (4, 2), (5, 1)]


@given(rows, st.data())
def test_a_lot_of_exactly_a_tied_group_orders_it(table, data):
    table = with_a_tie(table)
    ranked = rank(table)
    groups = ties(ranked)
    tie = data.draw(st.sampled_from(groups))
    order = data.draw(st.permutations(tie.keys))
    with_lot = rank(table, lots=[order])
    placed = {r.key: r.rank for r in with_lot if r.key in tie.keys}
    assert [placed[key] for key in order] == list(tie.places)
    assert not any(r.shared for r in with_lot if r.key in tie.keys)
    # everybody else keeps their rank
    before = {r.key: r.rank for r in ranked}
    assert all(before[r.key] == r.rank for r in with_lot if r.key not in tie.keys)


@given(rows, st.data())
def test_a_lot_that_is_not_a_tied_group_changes_nothing(table, data):
    table = with_a_tie(table)
    ranked = rank(table)
    groups = ties(ranked)
    tie = data.draw(st.sampled_from(groups))
    outsiders = [r.key for r in ranked if r.key not in tie.keys]
    lots = [tie.keys[:-1]] if len(tie.keys) > 2 else []
    if outsiders:
        lots.append((*tie.keys, outsiders[0]))
    assume(lots)
    assert rank(table, lots=lots) == ranked


def test_a_later_lot_for_the_same_group_replaces_an_earlier_one():
    table = [Performance(1, 10), Performance(2, 10)]
    assert [r.key for r in rank(table, lots=[(1, 2), (2, 1)])] == [2, 1]


def test_performances_add_up_rounds():
    results = [
        (7, RoundEntry(20, 0, closed=True)),
        (7, RoundEntry(10, 15)),
        (7, RoundEntry(30, 0, closed=True, disqualified=True)),
        (8, RoundEntry(12, 2, penalty=3)),
    ]
    table = performances(results, participants=[7, 8, 9], close_bonus=5)
    assert table[7] == Performance(7, points=25, closes=1, best_round=25, rounds=3)
    assert table[8] == Performance(8, points=7, closes=0, best_round=7, rounds=1)
    assert table[9] == Performance(9)


def test_ties_across_and_within():
    ranked = rank([Performance(k, p) for k, p in [(1, 9), (2, 8), (3, 8), (4, 8), (5, 1)]])
    assert [t.places for t in ties_across(ranked, 2)] == [(2, 3, 4)]
    assert ties_across(ranked, 4) == []
    assert ties_across(ranked, 1) == []
    assert [t.keys for t in ties_within(ranked, 3)] == [(2, 3, 4)]
    assert ties_within(ranked, 1) == []
