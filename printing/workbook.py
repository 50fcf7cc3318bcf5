"""The whole championship as one Excel workbook: the registration sheet (which imports back),
a sheet per stage with its standings, every round result, the teams and the sanctions."""

from django.utils import timezone
from django.utils.translation import gettext as _

from rules.sanctions import Sanction as SanctionData
from rules.sanctions import void, voided_games
from rules.score import RESULT_FIELDS, entry_of, round_score
from rules.stages import STAGES
from scoring.models import RoundResult
from scoring.pages import team_page
from scoring.selectors import sanction_rows
from tournament import registration, spreadsheets
from tournament.labels import stage_label
from tournament.models import Tournament

from .documents import row_note, stage_standings


def _sheet(book, title: str, headings: list[str], rows, widths=None):
    from openpyxl.styles import Font

    sheet = book.create_sheet(title[:31])
    spreadsheets.put_row(sheet, 1, headings)
    for cell in sheet[1]:
        cell.font = Font(bold=True)
    for index, row in enumerate(rows, start=2):
        spreadsheets.put_row(sheet, index, row)
    sheet.freeze_panes = "A2"
    for index, heading in enumerate(headings, start=1):
        width = (widths or {}).get(index, max(10, len(heading) + 2))
        sheet.column_dimensions[spreadsheets.column_letter(index)].width = width
    return sheet


def championship_workbook(tournament: Tournament) -> bytes:
    from openpyxl import Workbook  # where a workbook is made, not at every start-up

    book = Workbook()
    book.remove(book.active)
    registration.registration_sheet(book, tournament)
    _standings_sheets(book, tournament)
    sanctions = sanction_rows(tournament, withdrawn=True)
    _results_sheet(book, tournament, sanctions)
    _teams_sheet(book, tournament)
    if sanctions:
        _sanctions_sheet(book, sanctions)
    return spreadsheets.saved(book)


def _standings_sheets(book, tournament: Tournament) -> None:
    """A sheet per stage played: its standings, category by category."""
    for kind in STAGES:
        stage = stage_standings(tournament, kind, staff=True)
        if not stage.categories:
            continue
        rows = [
            [
                name,
                row.rank,
                row.shared,
                row.player.number,
                row.player.name,
                row.player.club,
                row.points,
                row.closes,
                row.best_round,
                row.rounds,
                row_note(row),
            ]
            for name, standing in stage.categories
            for row in standing.rows
        ]
        _sheet(
            book,
            stage.stage,
            [
                _("Category"),
                _("Rank"),
                _("Shared"),
                _("No."),
                _("Name"),
                _("Club"),
                _("Points"),
                _("Closes"),
                _("Best round"),
                _("Rounds"),
                _("Note"),
            ],
            rows,
            {1: 26, 5: 28, 6: 28, 11: 22},
        )


def _results_sheet(book, tournament: Tournament, sanctions) -> None:
    """Every round result in playing order, scored as the standings score it (a voided game's
    rounds count nothing)."""
    settings = tournament.scoring_settings()
    results = RoundResult.objects.filter(table__game__stage__tournament=tournament).values_list(
        "table__game__stage__kind",
        "table__game__number",
        "round__number",
        "table__number",
        "player__start_number",
        "player__name",
        *RESULT_FIELDS,
        "rule_score",
    )
    order = {kind: index for index, kind in enumerate(STAGES)}
    voided = voided_games(
        SanctionData(s.player, s.scope, s.stage, s.game) for s in sanctions if s.in_force
    )
    rows = []
    for kind, game, number, table, start, name, *values, scored in sorted(
        results, key=lambda r: (order[r[0]], r[1], r[2], r[3], r[4])
    ):
        entry = entry_of(*values, scored)
        score = round_score(
            void(entry) if (kind, game, start) in voided else entry, settings.close_bonus
        )
        rows.append(
            [stage_label(kind, tournament), game, number, table, start, name, *values, score]
        )
    _sheet(
        book,
        _("Round results"),
        [
            _("Stage"),
            _("Game"),
            _("Round"),
            _("Table"),
            _("No."),
            _("Name"),
            _("Laid"),
            _("Unused"),
            _("Closed"),
            _("Disqualified"),
            _("Penalty"),
            _("Round score"),
        ],
        rows,
        {6: 28},
    )


def _teams_sheet(book, tournament: Tournament) -> None:
    _sheet(
        book,
        _("Teams"),
        [
            _("Rank"),
            _("Team"),
            _("Points"),
            _("Closes"),
            _("Best round"),
            _("Counted players"),
            _("Medal"),
        ],
        [
            [
                team.rank,
                team.team,
                team.points,
                team.closes,
                team.best_round,
                ", ".join(f"{p.name} ({p.number})" for p in team.counted),
                team.medal,
            ]
            for team in team_page(tournament, staff=True).rows
        ],
        {2: 28, 6: 60},
    )


def _sanctions_sheet(book, sanctions) -> None:
    _sheet(
        book,
        _("Sanctions"),
        [
            _("No."),
            _("Name"),
            _("Sanction"),
            _("Reason"),
            _("Decided by"),
            _("Decided at"),
            _("Withdrawn by"),
            _("Withdrawn at"),
        ],
        [
            [
                s.player,
                s.name,
                s.words(),
                s.reason,
                s.decided_by,
                _local(s.decided_at),
                s.withdrawn_by,
                _local(s.withdrawn_at),
            ]
            for s in sanctions
        ],
        {2: 28, 3: 40, 4: 50},
    )


def _local(moment):
    """A time as the venue reads it, without a zone (spreadsheets store none)."""
    return timezone.localtime(moment).replace(tzinfo=None) if moment else None
