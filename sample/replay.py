"""A championship's score sheets entered again through the desk's checks, one by one in the
order they arrive at the venue (the qualifier game by game, round by round, table by table;
then both finals side by side): how often does a warning ask the referee to look again?

Used by ``bench/unusual.py`` and its test. It replaces the tournament's stored results.
"""

from collections import Counter
from dataclasses import dataclass, field

from django.db import transaction

from rules.sheet import SheetLine
from rules.stages import QUALIFIER, STAGES
from scoring import sheets as sheet_services
from scoring.models import RoundResult, Sheet
from tournament.models import Tournament


@dataclass
class Replay:
    sheets: int = 0
    warned: Counter = field(default_factory=Counter)  # warning code -> sheets with it
    first_game_sheets: int = 0  # the qualifier's first game: early in the day
    first_game_warned: Counter = field(default_factory=Counter)

    def rate(self, code: str) -> float:
        return self.warned[code] / self.sheets if self.sheets else 0.0

    def first_game_rate(self, code: str) -> float:
        return (
            self.first_game_warned[code] / self.first_game_sheets if self.first_game_sheets else 0.0
        )


def _arrival(sheet: Sheet) -> tuple:
    game = sheet.table.game
    day = 0 if game.stage.kind == QUALIFIER else 1
    return (
        day,
        game.number,
        sheet.round.position,
        STAGES.index(game.stage.kind),
        sheet.table.number,
    )


@transaction.atomic
def replay_warnings(tournament: Tournament, *, by) -> Replay:
    """Enter every stored sheet of the tournament again, in arrival order, through
    ``scoring.sheets`` (the checks of the desk, the form and the spreadsheet), counting the
    warnings each sheet raises before it is saved."""
    sheets = sorted(
        Sheet.objects.filter(table__game__stage__tournament=tournament).select_related(
            "table__game__stage", "round"
        ),
        key=_arrival,
    )
    lines: dict[int, list[SheetLine]] = {sheet.pk: [] for sheet in sheets}
    keys = {(sheet.table_id, sheet.round_id): sheet.pk for sheet in sheets}
    for result in RoundResult.objects.filter(
        table__game__stage__tournament=tournament
    ).select_related("player"):
        lines[keys[(result.table_id, result.round_id)]].append(
            SheetLine(
                result.player.start_number,
                result.laid,
                result.unused,
                result.closed,
                result.disqualified,
                result.penalty,
            )
        )
    RoundResult.objects.filter(table__game__stage__tournament=tournament).delete()
    Sheet.objects.filter(table__game__stage__tournament=tournament).delete()
    replay = Replay()
    first_game = _arrival(sheets[0])[:2] if sheets else None
    for sheet in sheets:
        state = sheet_services.sheet_state(sheet.table, sheet.round)
        codes = {p.code for p in sheet_services.check_lines(state, lines[sheet.pk]) if p.warning}
        replay.sheets += 1
        replay.warned.update(codes)
        if _arrival(sheet)[:2] == first_game:
            replay.first_game_sheets += 1
            replay.first_game_warned.update(codes)
        sheet_services.save_sheet(
            table=sheet.table,
            round=sheet.round,
            lines=lines[sheet.pk],
            by=by,
            version=0,
            confirm_warnings=True,
        )
    return replay
