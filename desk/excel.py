"""Score sheets as a spreadsheet: a workbook per game, a worksheet per table, a block per round.

Slovní poker's and Scrabble's workbooks ask their rule set's own fields in its own words (the
desk's sheet form's): a block per deal of a poker table, one game per Scrabble board, and no
worksheet for a Scrabble bye (a board of one plays no game). The casual scoring's and
Syllabatim 2's sheets are entered at the desk or at the table only.

The upload is read by the layout the download wrote (so the labels may be in any language),
checked with the same service as the desk's form, and stored whole or not at all; every
error names its worksheet and cell.
"""

from dataclasses import dataclass, field

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from rules.championship import starting_seat
from rules.rulesets import CHAMPIONSHIP, FLAG, SCRABBLE, WORD_POKER
from rules.sheet import SheetLine
from scoring import sheets as sheet_services
from scoring.links import played_tables
from scoring.messages import field_label
from tournament import spreadsheets
from tournament.lookups import feminine_author
from tournament.models import Game
from tournament.spreadsheets import column_letter, put
from ui.sheet_form import number

CONTENT_TYPE = spreadsheets.CONTENT_TYPE
COLUMNS = {"laid": 3, "unused": 4, "closed": 5, "disqualified": 6, "penalty": 7}
FIRST_BLOCK_ROW = 4
YES, NO = "ano", "ne"


def file_name(game: Game) -> str:
    return f"{game.stage.tournament.slug}-{game.stage.kind}-partie-{game.number}.xlsx"


def sheet_title(table) -> str:
    return _("Table %(number)s") % {"number": table.number}


def block_row(position: int, seats: int) -> int:
    """The header row of the block of the round in ``position`` (0-based playing order)."""
    return FIRST_BLOCK_ROW + position * (seats + 3)


# The rule sets whose workbook asks their own fields (``own_rules``).
OWN_FIELDS = (WORD_POKER, SCRABBLE)


def own_rules(game: Game):
    """The rule set whose own fields the workbook asks (Slovní poker's, Scrabble's); None for
    the championship's columns."""
    tournament = game.stage.tournament
    return tournament.rules() if tournament.rule_set in OWN_FIELDS else None


def own_columns(rules) -> dict[str, int]:
    """A rule set's fields -> their columns, after the start number and the name."""
    return {field.name: column for column, field in enumerate(rules.fields, start=3)}


def _tables(game: Game):
    rounds = list(game.rounds.order_by("position"))
    tables = played_tables(game) if own_rules(game) is not None else game.tables
    for table in tables.order_by("number"):
        yield table, rounds


def _worksheet(book, game: Game, table):
    """The table's worksheet, added to ``book``, its first row the title: the tournament, the
    stage (``Stage.get_kind_display``: a club tournament's one stage is the tournament), the
    game and the table."""
    from openpyxl.styles import Font

    stage = game.stage
    sheet = book.create_sheet(sheet_title(table))
    title = _("%(tournament)s – %(stage)s, game %(game)s, table %(table)s") % {
        "tournament": stage.tournament.name,
        "stage": stage.get_kind_display(),
        "game": game.number,
        "table": table.number,
    }
    put(sheet, 1, 1, title).font = Font(bold=True, size=14)
    return sheet


def _validations(sheet):
    """The worksheet's two checks of a cell, added to it: a whole number of 0 or more, and
    yes or no."""
    from openpyxl.worksheet.datavalidation import DataValidation

    whole = DataValidation(
        type="whole",
        operator="greaterThanOrEqual",
        formula1="0",
        allow_blank=True,
        showErrorMessage=True,
        error=_("A whole number of 0 or more."),
    )
    yes_no = DataValidation(
        type="list",
        formula1=f'"{YES},{NO}"',
        allow_blank=True,
        showErrorMessage=True,
        error=f"{YES} / {NO}",
    )
    sheet.add_data_validation(whole)
    sheet.add_data_validation(yes_no)
    return whole, yes_no


def game_workbook(game: Game) -> bytes:
    from openpyxl import Workbook  # where a workbook is made, not at every start-up

    rules = own_rules(game)
    if rules is not None:
        return _own_workbook(game, rules)
    from openpyxl.styles import Font

    book = Workbook()
    book.remove(book.active)
    for table, rounds in _tables(game):
        sheet = _worksheet(book, game, table)
        put(
            sheet,
            2,
            1,
            _(
                "Fill in laid, unused and the penalty as whole numbers, closed and "
                "disqualified as „%(yes)s“ or „%(no)s“. Leave a round empty until it is "
                "played; do not move rows or columns."
            )
            % {"yes": YES, "no": NO},
        )
        whole, yes_no = _validations(sheet)
        for position, round_ in enumerate(rounds):
            state = sheet_services.sheet_state(table, round_)
            seats = state.seats
            top = block_row(position, len(seats))
            starter = seats[starting_seat(table.starting_seat, round_.position, len(seats))]
            put(
                sheet,
                top,
                1,
                ngettext(
                    "Round %(number)s: %(cards)s card, %(player)s starts",
                    "Round %(number)s: %(cards)s cards, %(player)s starts",
                    round_.deal_size,
                )
                % {
                    "number": round_.number,
                    "cards": round_.deal_size,
                    "player": starter.player.name,
                },
            ).font = Font(bold=True)
            headings = [
                _("No."),
                _("Name"),
                _("Laid"),
                _("Unused"),
                _("Closed"),
                _("Disqualified"),
                _("Penalty"),
            ]
            for column, heading in enumerate(headings, start=1):
                put(sheet, top + 1, column, heading).font = Font(bold=True)
            for offset, seat in enumerate(seats):
                row = top + 2 + offset
                put(sheet, row, 1, seat.player.start_number)
                put(sheet, row, 2, seat.player.name)
                stored = state.results.get(seat.player.start_number)
                if stored is not None:
                    put(sheet, row, 3, stored.laid)
                    put(sheet, row, 4, stored.unused)
                    put(sheet, row, 5, YES if stored.closed else NO)
                    put(sheet, row, 6, YES if stored.disqualified else NO)
                    put(sheet, row, 7, stored.penalty)
            first, last = top + 2, top + 1 + len(seats)
            whole.add(f"C{first}:D{last}")
            whole.add(f"G{first}:G{last}")
            yes_no.add(f"E{first}:F{last}")
        sheet.column_dimensions["B"].width = 30
        for column in range(3, 8):
            sheet.column_dimensions[column_letter(column)].width = 14
    return spreadsheets.saved(book)


def _heading(label: str) -> str:
    return label[:1].upper() + label[1:]


def _block_title(rules, round_, starter) -> str:
    if rules.name == SCRABBLE:
        return _("The game, %(player)s starts") % {"player": starter.player.name}
    return _("Deal %(number)s, %(player)s starts") % {
        "number": round_.position + 1,
        "player": starter.player.name,
    }


def _own_workbook(game: Game, rules) -> bytes:
    """Slovní poker's or Scrabble's workbook: the rule set's fields in its words, a block per
    deal (poker) or the board's one game (Scrabble); no worksheet for a bye."""
    from openpyxl import Workbook
    from openpyxl.styles import Font

    columns = own_columns(rules)
    labels = {name: field_label(name, rules.name) for name in columns}
    book = Workbook()
    book.remove(book.active)
    for table, rounds in _tables(game):
        sheet = _worksheet(book, game, table)
        counts = [labels[f.name] for f in rules.fields if f.kind != FLAG]
        flags = [labels[f.name] for f in rules.fields if f.kind == FLAG]
        if rules.name == SCRABBLE:
            hint = _(
                "Fill in %(counts)s as whole numbers and %(flags)s as „%(yes)s“ or „%(no)s“ "
                "when the game is over; do not move rows or columns."
            )
        else:
            hint = _(
                "Fill in %(counts)s as whole numbers. Leave a deal empty until it is played "
                "(and after the game is won); do not move rows or columns."
            )
        put(
            sheet,
            2,
            1,
            hint % {"counts": ", ".join(counts), "flags": ", ".join(flags), "yes": YES, "no": NO},
        )
        whole, yes_no = _validations(sheet)
        for position, round_ in enumerate(rounds):
            state = sheet_services.sheet_state(table, round_)
            seats = state.seats
            top = block_row(position, len(seats))
            starter = seats[starting_seat(table.starting_seat, round_.position, len(seats))]
            put(sheet, top, 1, _block_title(rules, round_, starter)).font = Font(bold=True)
            headings = [_("No."), _("Name")] + [_heading(labels[name]) for name in columns]
            for column, heading in enumerate(headings, start=1):
                put(sheet, top + 1, column, heading).font = Font(bold=True)
            first, last = top + 2, top + 1 + len(seats)
            for offset, seat in enumerate(seats):
                row = first + offset
                put(sheet, row, 1, seat.player.start_number)
                put(sheet, row, 2, seat.player.name)
                stored = state.results.get(seat.player.start_number)
                if stored is not None:
                    for field in rules.fields:
                        value = getattr(stored, field.name)
                        if field.kind == FLAG:
                            value = YES if value else NO
                        put(sheet, row, columns[field.name], value)
            for field in rules.fields:
                letter = column_letter(columns[field.name])
                (yes_no if field.kind == FLAG else whole).add(f"{letter}{first}:{letter}{last}")
        sheet.column_dimensions["B"].width = 30
        for column in columns.values():
            sheet.column_dimensions[column_letter(column)].width = 22
    return spreadsheets.saved(book)


@dataclass
class PendingSheet:
    """A round of the upload that is checked and waits to be saved."""

    table_id: int
    round_id: int
    version: int  # the sheet's version when it was checked (0: not entered yet)
    lines: list[SheetLine]
    cells: dict[tuple, str]  # (start number or None, field or None) -> where in the workbook


@dataclass
class Outcome:
    errors: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)  # legal but unusual: to accept
    saved: int = 0
    same: int = 0
    pending: list[PendingSheet] = field(default_factory=list)  # checked, not saved
    warned: frozenset = frozenset()  # what the warnings are about (sheet, player, field, code)
    warnings_changed: bool = False  # on accepting: they are not the ones the referee saw
    # Slovní poker: each table's deals checked to be saved, position -> lines (a deal is
    # checked after the table's earlier ones, stored or in the same upload)
    deals: dict = field(default_factory=dict)

    @property
    def only_warnings(self) -> bool:
        return bool(self.warnings) and not self.errors


def _flag(value) -> bool | None:
    """„ano“/„ne“ (also yes/no, 1/0, x, empty) as a boolean; None when it is neither."""
    if value is None or (isinstance(value, str) and not value.strip()):
        return False
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    if text in (YES, "a", "yes", "y", "x", "1", "true", "pravda"):
        return True
    if text in (NO, "n", "no", "0", "false", "nepravda"):
        return False
    return None


def _blank(value) -> bool:
    return value is None or (isinstance(value, str) and not value.strip())


def read_blocks(game: Game, content) -> tuple[list, list[str]]:
    """Every entered round of the workbook (bytes or an uploaded file): (state, lines, cells)
    and the layout errors; a file over the bounds (``tournament.spreadsheets``) is refused
    unread."""
    try:
        book = spreadsheets.read_workbook(content)
    except spreadsheets.WorkbookRefused as refused:
        return [], [str(refused)]
    blocks, errors = [], []
    rules = own_rules(game)
    columns = COLUMNS if rules is None else own_columns(rules)
    for table, rounds in _tables(game):
        title = sheet_title(table)
        if title not in book.sheetnames:
            errors.append(_("The worksheet „%(title)s“ is missing.") % {"title": title})
            continue
        sheet = book[title]
        for position, round_ in enumerate(rounds):
            state = sheet_services.sheet_state(table, round_)
            top = block_row(position, len(state.seats))
            rows = [top + 2 + offset for offset in range(len(state.seats))]
            place = _("Worksheet %(title)s, cell %(cell)s")
            if not any(not _blank(sheet.value(r, c)) for r in rows for c in columns.values()):
                continue  # not played yet
            lines, cells, block_errors = [], {}, []
            block_errors += _unasked_cells(sheet, rows, title, max(columns.values()))
            for seat, row in zip(state.seats, rows, strict=True):
                no = seat.player.start_number
                if number(sheet.value(row, 1)) != no:
                    block_errors.append(
                        place % {"title": title, "cell": f"A{row}"}
                        + ": "
                        + _("expected start number %(number)s here: rows were moved")
                        % {"number": no}
                    )
                    continue
                values = {}
                for name, column in columns.items():
                    cell = f"{column_letter(column)}{row}"
                    cells[(no, name)] = place % {"title": title, "cell": cell}
                    if rules is not None:
                        cells[(no, name)] = _("%(place)s (%(field)s)") % {
                            "place": cells[(no, name)],
                            "field": field_label(name, rules.name),
                        }
                    raw = sheet.value(row, column)
                    if name in ("closed", "disqualified"):
                        values[name] = _flag(raw)
                        if values[name] is None:
                            block_errors.append(
                                cells[(no, name)]
                                + ": "
                                + _("write „%(yes)s“ or „%(no)s“, not %(value)s")
                                % {"yes": YES, "no": NO, "value": raw}
                            )
                    elif name == "penalty" and _blank(raw):
                        values[name] = 0
                    else:
                        values[name] = number(raw)
                cells[(no, None)] = place % {"title": title, "cell": f"B{row}"}
                if rules is not None:
                    lines.append(rules.line(no, values))
                    continue
                lines.append(
                    SheetLine(
                        no,
                        values["laid"],
                        values["unused"],
                        bool(values["closed"]),
                        bool(values["disqualified"]),
                        values["penalty"],
                    )
                )
            cells[(None, None)] = place % {"title": title, "cell": f"A{top}"}
            if block_errors:
                errors += block_errors
            else:
                blocks.append((state, lines, cells))
    return blocks, errors


def _unasked_cells(sheet, rows: list[int], title: str, last: int) -> list[str]:
    """A value written in a player's row beside the sheet's columns (issue 35: nothing the
    workbook says is dropped): refused with its cell, since no field of the sheet takes it;
    ``last``: the sheet's last column."""
    return [
        _("Worksheet %(title)s, cell %(cell)s")
        % {"title": title, "cell": sheet.address(row, column)}
        + ": "
        + _("the sheet has no field in this column; %(value)s is not a value of the sheet")
        % {"value": sheet.value(row, column)}
        for row in rows
        for column in range(last + 1, spreadsheets.MAX_COLUMNS + 1)
        if not _blank(sheet.value(row, column))
    ]


def _where(cells: dict, problem) -> str:
    return (
        cells.get((problem.player, problem.field))
        or cells.get((problem.player, None))
        or cells[(None, None)]
    )


def _check(outcome: Outcome, state, lines, cells) -> None:
    """The problems of one round, worded with their cells, into ``outcome``."""
    warned = set()
    deals = outcome.deals.setdefault(state.table.pk, {})
    for problem in sheet_services.check_lines(state, lines, pending=deals):
        text = f"{_where(cells, problem)}: {problem.message}"
        if problem.warning:
            outcome.warnings.append(text)
            warned.add(
                (state.table.pk, state.round.pk, problem.player, problem.field, problem.code)
            )
        else:
            outcome.errors.append(text)
    outcome.warned |= warned
    deals[state.round.position] = lines
    outcome.pending.append(
        PendingSheet(state.table.pk, state.round.pk, state.version, lines, cells)
    )


def club_rules_message() -> str:
    return _(
        "The workbook holds the championship's columns only: a sheet of the club rules is "
        "entered at the desk or at the table. Nothing was saved."
    )


def _takes_upload(game: Game) -> bool:
    """Whether the game's workbook is read back: the championship's, Slovní poker's and
    Scrabble's (the casual scoring's and Syllabatim 2's are not)."""
    return game.stage.tournament.rule_set == CHAMPIONSHIP or own_rules(game) is not None


def check_upload(game: Game, content) -> Outcome:
    """Read and check every entered round of the upload; save nothing. A round stored with
    the same values is left alone; one stored with other values is an error (the desk changes
    a stored sheet, not an upload)."""
    outcome = Outcome()
    if not _takes_upload(game):
        outcome.errors.append(club_rules_message())
        return outcome
    rules = own_rules(game)
    blocks, outcome.errors = read_blocks(game, content)
    for state, lines, cells in blocks:
        if state.sheet is not None:
            if all(
                sheet_services.same_as_stored(state.results.get(line.player), line, rules)
                for line in lines
            ):
                outcome.same += 1
                continue
            author = state.sheet.author
            if feminine_author(author):
                message = pgettext(
                    "feminine",
                    "table %(table)s, round %(round)s was already entered differently (by "
                    "%(who)s); change it at the desk, not by upload",
                )
            else:
                message = _(
                    "table %(table)s, round %(round)s was already entered differently (by "
                    "%(who)s); change it at the desk, not by upload"
                )
            message %= {"table": state.table.number, "round": state.round.number, "who": author}
            outcome.errors.append(f"{cells[(None, None)]}: {message}")
            continue
        _check(outcome, state, lines, cells)
    return outcome


def save_pending(game: Game, outcome: Outcome, *, by) -> Outcome:
    """Save every checked round of ``outcome`` (its warnings accepted), all or none: a round
    someone else entered meanwhile refuses the whole upload."""
    tables = {t.pk: t for t in game.tables.all()}
    rounds = {r.pk: r for r in game.rounds.all()}
    try:
        with transaction.atomic():
            for pending in outcome.pending:
                sheet_services.save_sheet(
                    table=tables[pending.table_id],
                    round=rounds[pending.round_id],
                    lines=pending.lines,
                    by=by,
                    version=pending.version,
                    confirm_warnings=True,
                )
                outcome.saved += 1
    except sheet_services.SheetRefused as refused:
        outcome.saved = 0
        outcome.errors.append(_("Nothing was saved: %(reason)s") % {"reason": refused})
    return outcome


def store_workbook(game: Game, content, *, by, confirm_warnings: bool = False) -> Outcome:
    """Check every entered round of the upload; store them all, or none with every error (and
    every warning, unless ``confirm_warnings``)."""
    outcome = check_upload(game, content)
    if outcome.errors or (outcome.warnings and not confirm_warnings):
        return outcome
    return save_pending(game, outcome, by=by)


# Keeping a checked upload for the referee to accept its warnings (in the session) -------------


def _kept_line(line, rules) -> list:
    if rules is None:
        return [line.player, line.laid, line.unused, line.closed, line.disqualified, line.penalty]
    return [line.player, {f.name: getattr(line, f.name) for f in rules.fields}]


def _line_kept(data: list, rules):
    if rules is None:
        return SheetLine(*data)
    player, values = data
    return rules.line(player, values)


def kept(outcome: Outcome, game: Game) -> dict:
    """A checked upload as JSON-ready data, to accept its warnings later without the file."""
    rules = own_rules(game)
    return {
        "game": game.pk,
        "same": outcome.same,
        "warned": [list(key) for key in outcome.warned],
        "sheets": [
            {
                "table": p.table_id,
                "round": p.round_id,
                "version": p.version,
                "lines": [_kept_line(ln, rules) for ln in p.lines],
                "cells": [[player, name, place] for (player, name), place in p.cells.items()],
            }
            for p in outcome.pending
        ],
    }


def accept_warnings(game: Game, data: dict, *, by) -> Outcome:
    """Save a kept upload whose warnings the referee accepted, checked again first: nothing is
    saved when a round was entered or the draw changed since (errors), or when the warnings
    are no longer the ones the referee saw (``warnings_changed``, to be looked at again)."""
    outcome = Outcome(same=data.get("same", 0))
    if data.get("game") != game.pk:
        outcome.errors.append(_("The kept upload belongs to another game."))
        return outcome
    tables = {t.pk: t for t in game.tables.all()}
    rounds = {r.pk: r for r in game.rounds.all()}
    rules = own_rules(game)
    for item in data["sheets"]:
        cells = {(player, name): place for player, name, place in item["cells"]}
        table, round_ = tables.get(item["table"]), rounds.get(item["round"])
        if table is None or round_ is None:
            outcome.errors.append(
                f"{cells[(None, None)]}: " + _("the game was drawn again since the upload")
            )
            continue
        state = sheet_services.sheet_state(table, round_)
        if state.version != item["version"]:
            author = state.sheet.author if state.sheet else "–"
            if feminine_author(author):
                message = pgettext(
                    "feminine",
                    "table %(table)s, round %(round)s was entered meanwhile (by %(who)s); "
                    "nothing of the upload was saved",
                )
            else:
                message = _(
                    "table %(table)s, round %(round)s was entered meanwhile (by %(who)s); "
                    "nothing of the upload was saved"
                )
            outcome.errors.append(
                f"{cells[(None, None)]}: "
                + message % {"table": table.number, "round": round_.number, "who": author}
            )
            continue
        _check(outcome, state, [_line_kept(line, rules) for line in item["lines"]], cells)
    accepted = frozenset(tuple(key) for key in data.get("warned", []))
    if outcome.errors:
        return outcome
    if outcome.warned != accepted:
        outcome.warnings_changed = True
        return outcome
    return save_pending(game, outcome, by=by)
