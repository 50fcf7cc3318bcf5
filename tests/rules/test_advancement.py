import pytest

from rules.advancement import (
    QUOTA_BELOW_MIN,
    TOO_MANY_FINALISTS,
    advancement,
    quota_by_participation,
    quota_problems,
)
from rules.ranking import Performance, rank


@pytest.mark.parametrize(("participants", "quota"), [(1, 5), (12, 5), (20, 5), (21, 6), (60, 6)])
def test_quota_by_participation(participants, quota):
    assert quota_by_participation(participants) == quota


def test_quota_override_not_below_three_and_warning_above_ten():
    assert quota_problems({"B1": 3, "VS": 3}) == []
    codes = [(code, severity) for code, severity, _ in quota_problems({"B1": 2, "VS": 9})]
    assert codes == [(QUOTA_BELOW_MIN, "error"), (TOO_MANY_FINALISTS, "warning")]
    assert [code for code, *_ in quota_problems({"B1": 5, "VS": 5})] == []
    assert [code for code, *_ in quota_problems({"B1": 6, "VS": 5})] == [TOO_MANY_FINALISTS]


def standings(*points):
    return rank([Performance(key, p) for key, p in enumerate(points, start=1)])


def test_the_best_advance():
    result = advancement(standings(50, 40, 30, 20, 10), quota=3)
    assert result.advancing == (1, 2, 3)
    assert result.unresolved == ()


def test_a_category_smaller_than_its_quota_sends_everybody():
    assert advancement(standings(5, 4), quota=6).advancing == (1, 2)


def test_a_tie_across_the_cut_is_reported_not_guessed():
    result = advancement(standings(50, 40, 30, 30, 30, 10), quota=4)
    assert result.advancing == (1, 2)
    [tie] = result.unresolved
    assert tie.keys == (3, 4, 5)
    assert tie.places == (3, 4, 5)


def test_a_tie_inside_the_cut_needs_no_lot():
    result = advancement(standings(50, 40, 40, 30), quota=3)
    assert result.advancing == (1, 2, 3)
    assert result.unresolved == ()


def test_a_tie_just_below_the_cut_needs_no_lot():
    result = advancement(standings(50, 40, 30, 30), quota=2)
    assert result.advancing == (1, 2)
    assert result.unresolved == ()


def test_a_lot_resolves_the_tie_at_the_cut():
    table = [Performance(key, p) for key, p in enumerate((50, 40, 30, 30, 30, 10), start=1)]
    result = advancement(rank(table, lots=[(5, 3, 4)]), quota=4)
    assert sorted(result.advancing) == [1, 2, 3, 5]
    assert result.unresolved == ()


def test_quota_warnings_name_too_many_finalists_and_a_quota_above_its_category():
    from rules.advancement import QUOTA_ABOVE_CATEGORY, TOO_MANY_FINALISTS, quota_warnings

    assert quota_warnings({"B1": 5, "VS": 5}, {"B1": 9, "VS": 12}) == []
    found = quota_warnings({"B1": 6, "VS": 6}, {"B1": 4, "VS": 17})  # the default at 21+
    assert found == [
        (TOO_MANY_FINALISTS, {"total": 12, "limit": 10}),
        (QUOTA_ABOVE_CATEGORY, {"category": "B1", "quota": 6, "size": 4}),
    ]
