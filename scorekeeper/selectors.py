"""What the table's page reads besides the round form: the table's results once its game is
complete, and what the referee's early end of the game means for the table."""

from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from rules.score import round_score
from scoring.models import RoundResult
from tournament.models import Game, Round, Table


@dataclass(frozen=True)
class ResultCell:
    score: int | None  # None: no sheet of the round at this table
    disqualified: bool


@dataclass(frozen=True)
class ResultRow:
    start_number: int
    name: str
    cells: list[ResultCell]  # in the game's playing order
    total: int


@dataclass(frozen=True)
class TableResults:
    rounds: list[Round]  # the rounds played, in playing order
    rows: list[ResultRow]  # in seating order


def table_results(table: Table) -> TableResults:
    """Each player's score of each round played at the table and the game's total, in seating
    order (read-only, for the table's page after the game). Three queries."""
    game = table.game
    bonus = game.stage.tournament.scoring_settings().close_bonus
    rounds = list(game.rounds.order_by("position"))
    seats = list(table.seats.select_related("player").order_by("position"))
    results = {(r.player_id, r.round_id): r for r in RoundResult.objects.filter(table=table)}
    rows = []
    for seat in seats:
        cells = []
        for game_round in rounds:
            result = results.get((seat.player_id, game_round.pk))
            cells.append(
                ResultCell(None, False)
                if result is None
                else ResultCell(round_score(result.entry(), bonus), result.disqualified)
            )
        rows.append(
            ResultRow(
                seat.player.start_number,
                seat.player.name,
                cells,
                sum(c.score for c in cells if c.score is not None),
            )
        )
    return TableResults(rounds, rows)


def ended_early_words(game: Game) -> str:
    """The referee's early end of the game in a sentence, or "" for a game played whole."""
    if game.ended_early_at is None:
        return ""
    dropped = ", ".join(str(number) for number in game.rounds_dropped)
    return (
        ngettext(
            "The referee ended the game early (rule F): round %(rounds)s is not played.",
            "The referee ended the game early (rule F): rounds %(rounds)s are not played.",
            len(game.rounds_dropped),
        )
        % {"rounds": dropped}
        if game.rounds_dropped
        else _("The referee ended the game early (rule F).")
    )
