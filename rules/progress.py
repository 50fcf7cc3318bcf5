"""When a stage is over (B, F, L, N): nothing is announced as decided before that.

A game is complete when every table has a sheet for every round of the game (confirmed where
the stage requires a confirmation); a game the referee ended early has only the rounds played.
A Slovní poker game is complete when every table's game has a winner (its deals after that
are not played), its sheets confirmed where required.
The qualifier is over when the games the organiser fixed in advance are complete (B); a final
when its two games are (F, L, N).
"""

from dataclasses import dataclass

from .championship import FINAL_GAMES
from .stages import QUALIFIER


@dataclass(frozen=True)
class GameState:
    number: int
    tables: int
    rounds: int
    sheets: int  # sheets entered
    unconfirmed: int = 0  # entered sheets still waiting for a confirmation that is required
    ended_early: bool = False  # the referee ended it early (F): only the rounds played remain
    # Slovní poker: the tables whose game has a winner (``word_poker.ended_tables``); a table
    # is done then, its remaining deals are not played. None: every round is played.
    tables_ended: int | None = None

    @property
    def complete(self) -> bool:
        if self.tables_ended is not None:
            return self.tables > 0 and self.tables_ended >= self.tables and self.unconfirmed == 0
        return self.tables * self.rounds > 0 and (
            self.sheets >= self.tables * self.rounds and self.unconfirmed == 0
        )

    @property
    def started(self) -> bool:
        return self.sheets > 0


@dataclass(frozen=True)
class StageProgress:
    kind: str
    games: tuple[GameState, ...]  # the stage's announced (confirmed) games, by number
    planned: int | None  # games fixed in advance; None: not fixed (a document without it)
    later_stage_drawn: bool = False  # the qualifier: a final has been drawn, so it has ended

    @property
    def complete_games(self) -> int:
        return sum(1 for game in self.games if game.complete)

    @property
    def over(self) -> bool:
        if self.kind == QUALIFIER and self.later_stage_drawn:
            return True
        if self.planned is None:  # nothing fixed: over once every drawn game is complete
            return bool(self.games) and all(game.complete for game in self.games)
        return self.complete_games >= self.planned

    @property
    def playing(self) -> GameState | None:
        """The game being played (or about to be): the first that is not complete."""
        return next((game for game in self.games if not game.complete), None)


def planned_games(kind: str, qualifier_games: int | None) -> int | None:
    return qualifier_games if kind == QUALIFIER else FINAL_GAMES
