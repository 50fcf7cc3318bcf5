"""One ranking for players of a stage, players of a game and teams (G, "Rovnost bodů").

Rank by the tie-break chain, higher first; what the chain cannot separate shares a rank
(two players 3rd, the next is 5th) unless a recorded lot names exactly that tied group, which
then takes consecutive ranks in the lot's order. Rows of a shared rank are ordered by key.
"""

from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import groupby

from .championship import CLOSE_BONUS, TIE_BREAK_CHAIN
from .score import RoundEntry, round_score


@dataclass(frozen=True)
class Performance:
    """What the chain compares: a player's (or team's) record over some rounds."""

    key: Hashable  # a player's start number, or a team's name
    points: int = 0
    closes: int = 0
    best_round: int = 0  # the highest single round score
    rounds: int = 0  # rounds played

    def add_round(self, entry: RoundEntry, close_bonus: int = CLOSE_BONUS) -> "Performance":
        score = round_score(entry, close_bonus)
        return Performance(
            self.key,
            self.points + score,
            self.closes + entry.counts_as_close,
            max(self.best_round, score),
            self.rounds + 1,
        )

    def combine(self, other: "Performance", key: Hashable | None = None) -> "Performance":
        """Two records as one (both days of a player, the counted players of a team)."""
        return Performance(
            self.key if key is None else key,
            self.points + other.points,
            self.closes + other.closes,
            max(self.best_round, other.best_round),
            self.rounds + other.rounds,
        )


@dataclass(frozen=True)
class Ranked:
    rank: int
    performance: Performance
    shared: bool = False  # the rank is shared with another row (no chain step or lot split them)
    by_lot: bool = False  # a recorded lot decided the place among rows equal in every step

    @property
    def key(self) -> Hashable:
        return self.performance.key


@dataclass(frozen=True)
class Tie:
    """Rows sharing a rank: the places they span (rank … rank + size - 1) and who they are."""

    keys: tuple
    places: tuple[int, ...]


def performances(
    results: Iterable[tuple[Hashable, RoundEntry]],
    participants: Iterable[Hashable] = (),
    close_bonus: int = CLOSE_BONUS,
) -> dict[Hashable, Performance]:
    """Each participant's record over ``results`` (pairs of key and sheet line).

    Participants with no result yet are there with zeros. (The same sums as ``add_round``
    round by round, kept in plain lists until the end: this runs over every result.)
    """
    points = dict.fromkeys(participants, 0)
    closes, best, rounds = dict(points), dict(points), dict(points)
    for key, entry in results:
        score = round_score(entry, close_bonus)
        points[key] = points.get(key, 0) + score
        closes[key] = closes.get(key, 0) + entry.counts_as_close
        best[key] = max(best.get(key, 0), score)
        rounds[key] = rounds.get(key, 0) + 1
    return {
        key: Performance(key, points[key], closes[key], best[key], rounds[key]) for key in points
    }


def chain_values(performance: Performance, chain: Sequence[str] = TIE_BREAK_CHAIN) -> tuple:
    return tuple(getattr(performance, name) for name in chain)


def rank(
    rows: Iterable[Performance],
    lots: Iterable[Sequence[Hashable]] = (),
    chain: Sequence[str] = TIE_BREAK_CHAIN,
) -> list[Ranked]:
    """Rows in rank order with their ranks.

    ``lots`` are recorded lots in the order they were drawn, each the keys of a tied group,
    better first; a later lot for the same group replaces an earlier one. A lot whose keys
    are not exactly one tied group changes nothing.
    """
    lot_for_group = {frozenset(lot): tuple(lot) for lot in lots}
    ordered = sorted(rows, key=lambda row: (tuple(-v for v in chain_values(row, chain)), row.key))
    ranked: list[Ranked] = []
    for _, group in groupby(ordered, key=lambda row: chain_values(row, chain)):
        group = list(group)
        first = len(ranked) + 1
        lot = lot_for_group.get(frozenset(row.key for row in group)) if len(group) > 1 else None
        if lot is not None:
            by_key = {row.key: row for row in group}
            ranked.extend(Ranked(first + i, by_key[key], by_lot=True) for i, key in enumerate(lot))
        else:
            ranked.extend(Ranked(first, row, shared=len(group) > 1) for row in group)
    return ranked


def ties(ranked: Sequence[Ranked]) -> list[Tie]:
    """Every group of rows that still shares a rank."""
    found = []
    for position, group in groupby(ranked, key=lambda row: row.rank):
        group = list(group)
        if len(group) > 1:
            found.append(
                Tie(tuple(row.key for row in group), tuple(range(position, position + len(group))))
            )
    return found


def ties_across(ranked: Sequence[Ranked], cut: int) -> list[Tie]:
    """Ties that straddle the line after place ``cut``: some of their places are at or above
    it and some below, so the chain cannot say who is in."""
    return [tie for tie in ties(ranked) if tie.places[0] <= cut < tie.places[-1]]


def ties_within(ranked: Sequence[Ranked], places: int) -> list[Tie]:
    """Ties touching the first ``places`` places: each decides who gets which of them."""
    return [tie for tie in ties(ranked) if tie.places[0] <= places]


def by_key(ranked: Sequence[Ranked]) -> Mapping[Hashable, Ranked]:
    return {row.key: row for row in ranked}
