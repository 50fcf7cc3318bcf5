"""Sanctions beyond a single round (protests 4, Doping 5; RULES.md "Sanctions beyond a round").

- Disqualified from a game: every result of the player in that game scores 0 and counts no
  close, as if each of those rounds were disqualified; the rounds still count as played.
- Expelled from the tournament: the same for the game in progress, and from that stage on the
  player is in no standing (the others close up), advances nowhere, wins nothing, sits at no
  later table and counts for no team. Standings of earlier stages keep the player.
"""

import dataclasses
from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass

from .score import RoundEntry
from .stages import stage_index

GAME = "game"  # "z partie diskvalifikovat"
TOURNAMENT = "tournament"  # "z účasti v turnaji vyloučit"
SCOPES = (GAME, TOURNAMENT)


@dataclass(frozen=True)
class Sanction:
    player: Hashable  # start number
    scope: str  # GAME or TOURNAMENT
    stage: str  # the stage of the game
    game: int  # the game's number in its stage


def voided_games(sanctions: Iterable[Sanction]) -> set[tuple[str, int, Hashable]]:
    """(stage, game, player) of every game whose results score nothing for the player."""
    return {(s.stage, s.game, s.player) for s in sanctions}


def void(entry: RoundEntry) -> RoundEntry:
    """A result of a voided game: scores 0 and counts no close, still a round played."""
    return dataclasses.replace(entry, disqualified=True)


def expulsions(sanctions: Iterable[Sanction]) -> dict[Hashable, str]:
    """Each expelled player and the stage from which on they are in no standing."""
    found: dict[Hashable, str] = {}
    for sanction in sanctions:
        if sanction.scope != TOURNAMENT:
            continue
        earlier = found.get(sanction.player)
        if earlier is None or stage_index(sanction.stage) < stage_index(earlier):
            found[sanction.player] = sanction.stage
    return found


def out_of(kind: str, player: Hashable, expelled: Mapping[Hashable, str]) -> bool:
    """Whether an expelled player is left out of the standings of stage ``kind``."""
    stage = expelled.get(player)
    return stage is not None and stage_index(stage) <= stage_index(kind)
