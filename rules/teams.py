"""Team standings (B): the sum, over each team's three best players, of their points from
both days; ties by the counted players' closes, then their best single round (RULES.md)."""

from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from .championship import TEAM_COUNTED_PLAYERS, TEAM_TIE_BREAK_CHAIN, TIE_BREAK_CHAIN
from .ranking import Performance, rank


@dataclass(frozen=True)
class TeamStanding:
    rank: int
    team: str
    points: int
    closes: int
    best_round: int
    counted: tuple[Hashable, ...]  # the counted players, by start number
    shared: bool = False
    by_lot: bool = False  # a recorded lot decided the place


def counted_players(
    members: Iterable[Hashable], players: Mapping[Hashable, Performance]
) -> list[Performance]:
    """A team's best players by the player chain over both days (start number last)."""
    rows = [players.get(member, Performance(member)) for member in members]
    return [row.performance for row in rank(rows, chain=TIE_BREAK_CHAIN)][:TEAM_COUNTED_PLAYERS]


def team_standings(
    teams: Mapping[str, Sequence[Hashable]],
    players: Mapping[Hashable, Performance],
    lots: Iterable[Sequence[str]] = (),
) -> list[TeamStanding]:
    """``players`` holds each player's record over both days; ``lots`` are lots of team names."""
    counted = {name: counted_players(members, players) for name, members in teams.items()}
    rows = []
    for name, best in counted.items():
        total = Performance(name)
        for performance in best:
            total = total.combine(performance, key=name)
        rows.append(total)
    return [
        TeamStanding(
            row.rank,
            row.key,
            row.performance.points,
            row.performance.closes,
            row.performance.best_round,
            tuple(sorted(p.key for p in counted[row.key])),
            row.shared,
            row.by_lot,
        )
        for row in rank(rows, lots, chain=TEAM_TIE_BREAK_CHAIN)
    ]
