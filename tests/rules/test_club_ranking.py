"""The club tournament's standings (pravidla-syllabatim.txt: "Vítězí ten hráč, který v průběhu
všech kol získal v součtu nejvíce bodů. Při bodové shodě je tedy vítězů více."): by points
alone, equal points share the place."""

from hypothesis import given
from hypothesis import strategies as st

from rules.club import club_rank
from rules.ranking import Performance
from rules.score import RoundEntry, ScoredEntry, round_score

performances = st.lists(
    st.builds(
        Performance,
        key=st.integers(1, 10_000),
        points=st.integers(0, 60),
        closes=st.integers(0, 7),
        best_round=st.integers(0, 60),
        rounds=st.integers(0, 7),
    ),
    max_size=25,
    unique_by=lambda row: row.key,
)


@given(performances)
def test_more_points_rank_better_and_equal_points_share_the_place(rows):
    ranked = club_rank(rows)
    assert sorted(row.key for row in ranked) == sorted(row.key for row in rows)
    for row in ranked:
        better = sum(1 for other in rows if other.points > row.performance.points)
        assert row.rank == better + 1  # the place after everyone with more points
        equal = sum(1 for other in rows if other.points == row.performance.points)
        assert row.shared == (equal > 1)
    points = [row.performance.points for row in ranked]
    assert points == sorted(points, reverse=True)


@given(performances, st.data())
def test_closes_best_round_and_rounds_played_do_not_separate(rows, data):
    changed = [
        Performance(
            row.key,
            row.points,
            data.draw(st.integers(0, 7)),
            data.draw(st.integers(0, 60)),
            data.draw(st.integers(0, 7)),
        )
        for row in rows
    ]
    ranks = {row.key: row.rank for row in club_rank(rows)}
    assert {row.key: row.rank for row in club_rank(changed)} == ranks


@given(performances)
def test_the_winners_are_all_players_with_the_most_points(rows):
    ranked = club_rank(rows)
    most = max((row.points for row in rows), default=None)
    assert {row.key for row in ranked if row.rank == 1} == {
        row.key for row in rows if row.points == most
    }


@given(
    st.integers(0, 80),
    st.integers(0, 40),
    st.booleans(),
    st.booleans(),
    st.integers(0, 30),
    st.integers(0, 99),
)
def test_a_scored_line_keeps_the_rule_sets_score(
    score, unused, closed, disqualified, penalty, bonus
):
    """A club line's score is the rule set's (the close bonus does not apply); the referee's
    penalty comes off it, never below zero, and a disqualification scores nothing."""
    entry = ScoredEntry(score, unused, closed, disqualified, penalty, scored=score)
    expected = 0 if disqualified else max(0, score - penalty)
    assert round_score(entry, bonus) == expected
    plain = RoundEntry(score, unused, closed, disqualified, penalty)
    assert round_score(plain, bonus) == (
        0 if disqualified else max(0, score - unused + (bonus if closed else 0) - penalty)
    )


def test_a_lot_orders_a_tie_where_the_organiser_drew_one():
    rows = [Performance(1, 30, 2), Performance(2, 30, 0), Performance(3, 10)]
    assert [(row.key, row.rank, row.shared) for row in club_rank(rows)] == [
        (1, 1, True),
        (2, 1, True),
        (3, 3, False),
    ]
    assert [(row.key, row.rank) for row in club_rank(rows, [[2, 1]])] == [(2, 1), (1, 2), (3, 3)]
