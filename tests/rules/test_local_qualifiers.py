"""Who a local qualifier sends to the championship: the best N of each list, and every player
tied at the last qualifying place (``rules.local_qualifiers``)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.local_qualifiers import Qualified, best_of_list, qualified
from rules.ranking import Performance, rank


def ranked_list(points: list[int]) -> list[tuple[int, int]]:
    """(key, rank) rows as the one ranking function gives them (ties share a rank)."""
    return [
        (row.key, row.rank) for row in rank([Performance(k, p) for k, p in enumerate(points)], [])
    ]


lists = st.lists(st.integers(0, 6), min_size=0, max_size=20).map(ranked_list)
places = st.integers(1, 8)


@given(lists, places)
def test_the_best_n_and_every_tie_at_the_cut_qualify(rows, n):
    chosen = best_of_list(rows, n)
    keys = {key for key, _place, _tied in chosen}
    assert len(chosen) >= min(n, len(rows))
    if chosen:
        last = max(place for _key, place, _tied in chosen)
        # nobody ranked at or above the last qualifying place is left out, nobody below is in
        assert keys == {key for key, place in rows if place <= last}
    if len(chosen) > n:  # only a tie at the last place makes the list longer
        assert all(tied for _key, place, tied in chosen if place == last)
        assert sum(1 for _key, place in rows if place == last) >= 2


@given(lists, places)
def test_exactly_n_without_a_tie_at_the_cut(rows, n):
    ordered = sorted(place for _key, place in rows)
    chosen = best_of_list(rows, n)
    if len(ordered) > n and ordered[n - 1] != ordered[n]:
        assert len(chosen) == n
        assert not any(tied for _key, _place, tied in chosen)


@given(st.dictionaries(st.sampled_from(["B1", "VS"]), lists), places)
def test_each_category_qualifies_its_own_best(standings, n):
    result = qualified(standings, n)
    for category, rows in standings.items():
        assert [(q.key, q.place, q.tied_at_cut) for q in result if q.category == category] == (
            best_of_list(rows, n)
        )


def test_a_tie_at_the_last_place_qualifies_both():
    rows = ranked_list([9, 7, 5, 5, 1])  # ranks 1, 2, 3, 3, 5
    assert qualified({"ALL": rows}, 3) == [
        Qualified(0, "ALL", 1),
        Qualified(1, "ALL", 2),
        Qualified(2, "ALL", 3, tied_at_cut=True),
        Qualified(3, "ALL", 3, tied_at_cut=True),
    ]


def test_at_least_one_place():
    with pytest.raises(ValueError):
        best_of_list([(1, 1)], 0)
