"""Reads for the referee's desk: the day's grid of sheets, the current game, open ties."""

import hashlib
from collections import Counter, defaultdict
from dataclasses import asdict, dataclass

from django.db.models import Q
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from rules.championship import PODIUM_PLACES
from rules.ranking import Performance, Ranked, Tie, ties_within
from rules.rulesets import SCRABBLE
from rules.score import RoundEntry, entry_of, round_score
from scoring.effects import correction_effects
from scoring.models import RoundResult, Sheet
from scoring.selectors import poker_table_ends, poker_tables_ended, tournament_data
from scoring.sheets import club_rules
from scoring.standings import (
    FINAL_A,
    FINAL_B,
    QUALIFIER,
    STAGES,
    TEAMS,
    qualifier_advancement,
    stage_standings,
    teams,
    teams_over,
)
from tournament.lookups import who
from tournament.models import Game, Gender, Round, Seat, Stage, Table, Tournament

EMPTY, ENTERED, CONFIRMED = "empty", "entered", "confirmed"
NOT_PLAYED = "not_played"  # a Slovní poker deal after the table's game was won
BYE = "bye"  # a Scrabble round's bye: a board of one, no game, no sheet
AT_TABLE = "table"  # entered by the table's scorekeeper, not confirmed yet


@dataclass(frozen=True)
class Cell:
    table: Table
    round: Round
    state: str  # EMPTY, ENTERED or AT_TABLE (waiting for a confirmation where one is needed),
    # CONFIRMED, NOT_PLAYED (Slovní poker: the table's game was won before this deal)
    needs_confirmation: bool


@dataclass(frozen=True)
class Grid:
    game: Game
    rounds: list[Round]
    rows: list[tuple[Table, list[Cell]]]

    def cells(self):
        return [cell for _table, cells in self.rows for cell in cells]

    @property
    def missing(self) -> int:
        return sum(1 for cell in self.cells() if cell.state == EMPTY)

    @property
    def waiting(self) -> int:
        return sum(
            1
            for cell in self.cells()
            if cell.state in (ENTERED, AT_TABLE) and cell.needs_confirmation
        )


def game_grid(game: Game) -> Grid:
    """Tables × rounds of a game with the state of each sheet, in three queries (Slovní poker:
    four, and a table's deals after its game was won are not played)."""
    rounds = list(game.rounds.order_by("position"))
    tables = list(game.tables.order_by("number"))
    sheets = {(s.table_id, s.round_id): s for s in Sheet.objects.filter(table__game=game)}
    confirm = game.stage.requires_confirmation
    ends = poker_table_ends(game.stage.tournament, [game.pk])
    byes = _byes(game)
    rows = []
    for table in tables:
        cells = []
        ended_at = ends[table.pk][1] if table.pk in ends else None
        for round_ in rounds:
            sheet = sheets.get((table.pk, round_.pk))
            state = _state(sheet)
            if state == EMPTY and ended_at is not None and round_.position > ended_at:
                state = NOT_PLAYED
            if state == EMPTY and table.pk in byes:
                state = BYE
            cells.append(Cell(table, round_, state, confirm))
        rows.append((table, cells))
    return Grid(game, rounds, rows)


def _byes(game: Game) -> set[int]:
    """A Scrabble round's bye boards (tables of one seat), by id; one query, none under any
    other rule set."""
    if game.stage.tournament.rule_set != SCRABBLE:
        return set()
    return set(
        Table.objects.filter(game=game).exclude(seats__position=1).values_list("pk", flat=True)
    )


def _state(sheet: Sheet | None) -> str:
    if sheet is None:
        return EMPTY
    if sheet.confirmed:
        return CONFIRMED
    return AT_TABLE if sheet.entered_at_table else ENTERED


def games_of(tournament: Tournament) -> list[Game]:
    games = Game.objects.filter(stage__tournament=tournament).select_related("stage")
    return sorted(games, key=lambda g: (STAGES.index(g.stage.kind), g.number))


def current_game(tournament: Tournament) -> Game | None:
    """The first game, in playing order, whose draw is confirmed and which misses sheets;
    else the last game."""
    games = games_of(tournament)
    if not games:
        return None
    complete = set()
    expected = defaultdict(int)
    played = Game.objects.filter(pk__in=[g.pk for g in games])
    if tournament.rule_set == SCRABBLE:  # a bye's board of one has no sheet
        played = played.filter(tables__seats__position=1)
    for game_id, tables, rounds in played.values_list("pk", "tables__number", "rounds__number"):
        if tables is not None and rounds is not None:
            expected[game_id] += 1
    entered = defaultdict(int)
    for game_id in Sheet.objects.filter(table__game__in=games).values_list(
        "table__game_id", flat=True
    ):
        entered[game_id] += 1
    for game in games:
        if expected[game.pk] and entered[game.pk] >= expected[game.pk]:
            complete.add(game.pk)
    # Slovní poker: a game is complete when every table's game has a winner
    ended = poker_tables_ended(tournament, [g.pk for g in games])
    if ended:
        for game_id, tables in Counter(
            Table.objects.filter(game__in=games).values_list("game_id", flat=True)
        ).items():
            if ended.get(game_id, 0) >= tables:
                complete.add(game_id)
    for game in games:
        if game.draw_confirmed and game.pk not in complete:
            return game
    return games[-1]


def next_missing(grid: Grid, after: Cell | None = None) -> Cell | None:
    """The next empty sheet in the order sheets arrive: round by round, table by table."""
    order = [
        cell
        for index in range(len(grid.rounds))
        for _t, cells in grid.rows
        for cell in [cells[index]]
    ]
    if after is not None:
        keys = [(c.table.pk, c.round.pk) for c in order]
        start = keys.index((after.table.pk, after.round.pk)) + 1
        order = order[start:] + order[:start]
    return next((cell for cell in order if cell.state == EMPTY), None)


def playing_order(sheet: Sheet) -> tuple:
    game = sheet.table.game
    return (STAGES.index(game.stage.kind), game.number, sheet.round.position, sheet.table.number)


def unconfirmed(tournament: Tournament, game: Game | None = None) -> list[Sheet]:
    """Sheets that wait for a confirmation (in stages that need one), in playing order: round
    by round, table by table. One query."""
    needs_confirmation = Q(table__game__stage__confirmation_required=True) | Q(
        table__game__stage__confirmation_required__isnull=True,
        table__game__stage__kind__in=[Stage.Kind.FINAL_A, Stage.Kind.FINAL_B],
    )
    sheets = Sheet.objects.filter(
        needs_confirmation,
        table__game__stage__tournament=tournament,
        confirmed_at__isnull=True,
    ).select_related("table__game__stage__tournament", "round", "entered_by")
    if game is not None:
        sheets = sheets.filter(table__game=game)
    return sorted(sheets, key=playing_order)


def waiting_for(user, sheets: list[Sheet]) -> list[Sheet]:
    """The sheets another account entered: the ones this referee may confirm."""
    return [sheet for sheet in sheets if sheet.entered_by_id != user.pk]


def next_to_confirm(user, sheets: list[Sheet], after: Sheet | None = None) -> Sheet | None:
    """The next sheet, in playing order after ``after`` (wrapping round), that waits for this
    referee's confirmation."""
    mine = [sheet for sheet in waiting_for(user, sheets) if after is None or sheet.pk != after.pk]
    if after is not None:
        later = [s for s in mine if playing_order(s) > playing_order(after)]
        mine = later + [s for s in mine if s not in later]
    return mine[0] if mine else None


@dataclass(frozen=True)
class ReviewLine:
    number: int
    name: str
    result: RoundResult
    score: int


@dataclass(frozen=True)
class ReviewSheet:
    sheet: Sheet
    lines: list[ReviewLine]  # in seating order


def review(game: Game, sheets: list[Sheet]) -> dict[Table, list[ReviewSheet]]:
    """The game's given sheets with their lines, by table, for a review before confirming
    them together. Two queries."""
    bonus = game.stage.tournament.scoring_settings().close_bonus
    position = dict(Seat.objects.filter(game=game).values_list("player_id", "position"))
    wanted = {(sheet.table_id, sheet.round_id) for sheet in sheets}
    lines = defaultdict(list)
    for result in (
        RoundResult.objects.filter(table__game=game, table_id__in={t for t, _r in wanted})
        .select_related("player")
        .order_by("id")
    ):
        if (result.table_id, result.round_id) in wanted:
            lines[(result.table_id, result.round_id)].append(result)
    by_table: dict[Table, list[ReviewSheet]] = {}
    for sheet in sheets:
        rows = sorted(lines[(sheet.table_id, sheet.round_id)], key=lambda r: position[r.player_id])
        by_table.setdefault(sheet.table, []).append(
            ReviewSheet(
                sheet,
                [
                    ReviewLine(
                        r.player.start_number, r.player.name, r, round_score(r.entry(), bonus)
                    )
                    for r in rows
                ],
            )
        )
    return by_table


@dataclass(frozen=True)
class OpenTie:
    scope: str  # a stage or "teams"
    category: str
    tie: Tie
    decides: str  # what the tie decides, in words


def open_ties(tournament: Tournament) -> list[OpenTie]:
    """Ties that decide something and wait for the referee's lot: at the qualifier cut, and
    on the podium of each final and of the teams."""
    data = tournament_data(tournament)
    found = []
    # A tie decides something only once its stage is over: before, the order still changes.
    if data.stages.get(QUALIFIER) and data.stages[QUALIFIER].results and data.stage_over(QUALIFIER):
        for category, result in qualifier_advancement(data).items():
            found += [
                OpenTie(QUALIFIER, category, tie, _("advancement to the A-final"))
                for tie in result.unresolved
            ]
    for kind in (FINAL_A, FINAL_B):
        if data.stages.get(kind) and data.stages[kind].results and data.stage_over(kind):
            for category, rows in stage_standings(data, kind).items():
                found += [
                    OpenTie(kind, category, tie, _("medals"))
                    for tie in ties_within(rows, PODIUM_PLACES)
                ]
    if data.teams and teams_over(data):
        rows = [Ranked(r.rank, Performance(r.team)) for r in teams(data)]
        found += [
            OpenTie(TEAMS, "", tie, _("team places")) for tie in ties_within(rows, PODIUM_PLACES)
        ]
    return found


def blockers(game: Game | None, grid: Grid | None, ties: list[OpenTie]) -> list[str]:
    """What keeps the desk's chosen game from going on, in words: its draw not confirmed,
    sheets missing or waiting for a confirmation, a tie at the qualifier cut waiting for its
    lot (``ties`` from ``open_ties``)."""
    found = []
    if game and not game.draw_confirmed:
        found.append(_("The draw of this game is not confirmed yet."))
    if grid and grid.missing:
        found.append(
            ngettext("%(count)s sheet is missing.", "%(count)s sheets are missing.", grid.missing)
            % {"count": grid.missing}
        )
    if grid and grid.waiting:
        found.append(
            ngettext(
                "%(count)s sheet waits for a confirmation.",
                "%(count)s sheets wait for a confirmation.",
                grid.waiting,
            )
            % {"count": grid.waiting}
        )
    for tie in ties:
        if tie.scope == QUALIFIER:
            found.append(
                _(
                    "A tie at the qualifier cut (%(category)s, players %(players)s): "
                    "draw the lot before the A-final is drawn."
                )
                % {"category": tie.category, "players": ", ".join(map(str, tie.tie.keys))}
            )
    return found


def correction_preview(state, lines) -> list[str]:
    """What saving ``lines`` over the confirmed sheet of ``state`` would do, in the sanction
    preview's words (``scoring.effects.correction_effects``). Eight queries."""
    game = state.table.game
    tournament = game.stage.tournament
    stored = {number: result.entry() for number, result in state.results.items()}
    club = club_rules(state)
    if club is None:
        new = {
            line.player: RoundEntry(
                line.laid, line.unused, bool(line.closed), bool(line.disqualified), line.penalty
            )
            for line in lines
        }
    else:  # a club rule set's lines score as the table's, penalties stay the stored ones
        scores = club.scores(lines)
        new = {
            line.player: entry_of(
                line.laid,
                line.unused,
                line.closed,
                stored[line.player].disqualified if line.player in stored else False,
                stored[line.player].penalty if line.player in stored else 0,
                scores[line.player],
            )
            for line in lines
        }
    changed = {
        line.player: (stored[line.player], new[line.player])
        for line in lines
        if line.player in stored
    }
    registered = list(tournament.players.values_list("start_number", "name", "gender"))
    return correction_effects(
        tournament_data(tournament),
        game.stage.kind,
        game.number,
        changed,
        {number: name for number, name, _gender in registered},
        game.stage.requires_confirmation,
        women={number for number, _name, gender in registered if gender == Gender.FEMININE},
    )


def lines_digest(lines) -> str:
    """A short fingerprint of a sheet's lines: the values a correction preview was shown for."""
    text = repr(sorted((line.player, tuple(asdict(line).values())) for line in lines))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


@dataclass(frozen=True)
class Correction:
    when: object
    who: str
    reason: str


def corrections(sheet: Sheet | None) -> list[Correction]:
    """Every correction of the sheet after its confirmation, with its reason, oldest first
    (from the sheet's history; one query)."""
    if sheet is None:
        return []
    seen, found = set(), []
    for record in (
        Sheet.history.filter(id=sheet.pk)
        .exclude(correction_reason="")
        .select_related("history_user")
        .order_by("history_date", "history_id")
    ):
        if record.version in seen:
            continue
        seen.add(record.version)
        author = record.history_user
        found.append(
            Correction(
                record.history_date, who(author) if author else "–", record.correction_reason
            )
        )
    return found
