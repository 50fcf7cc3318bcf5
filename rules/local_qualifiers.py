"""Who a local qualifier sends to the championship (A: "postoupili přes předem vyhlášené
místní kvalifikace"): its best ``places`` players, overall or in each category, as announced
before it was played.

The regulations say nothing of a tie at the last place of a local qualifier (they have a lot
only for the championship's own cuts, C). A shared rank is one the tie-break chain (G) and
every recorded lot left shared, so nothing in the rules tells the tied players apart: all of
them qualify, and the list may be longer than ``places``. Nobody is left out by chance, and a
championship's field gains at most the few tied players.
"""

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Qualified:
    key: Hashable  # a player's start number
    category: str  # the list the place is in: a category, or ``rules.categories.ALL``
    place: int  # the rank in that list (shared ranks share the place)
    tied_at_cut: bool = False  # shares the last qualifying place with others past ``places``


def best_of_list(ranked: Sequence[tuple[Hashable, int]], places: int) -> list[tuple]:
    """The (key, rank, tied at the cut) of those who qualify from one list of (key, rank)
    in rank order: every row ranked at or above the rank of the ``places``-th row."""
    if places < 1:
        raise ValueError("a local qualifier qualifies at least one player")
    ordered = sorted(ranked, key=lambda row: row[1])
    if len(ordered) <= places:
        return [(key, place, False) for key, place in ordered]
    last = ordered[places - 1][1]
    crossing = ordered[places][1] == last  # the last place is shared past the cut
    return [(key, place, crossing and place == last) for key, place in ordered if place <= last]


def qualified(
    standings: Mapping[str, Sequence[tuple[Hashable, int]]], places: int
) -> list[Qualified]:
    """Those who qualify from a local qualifier's final standings: ``standings`` maps each
    list (every category, when the places are per category; else one overall list) to its
    rows of (key, rank). Listed by list, then place."""
    return [
        Qualified(key, category, place, tied)
        for category, ranked in standings.items()
        for key, place, tied in best_of_list(ranked, places)
    ]
