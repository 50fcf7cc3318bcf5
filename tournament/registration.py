"""Registering players and teams from a spreadsheet: the template (headers and data
validation), its reading, and its storing.

One row a player; the team column names the player's team. The whole file is checked first
and every wrong cell is reported with its address; nothing is stored unless every row is
right. Players are matched by start number: a known number updates the player, a new one adds
a player; players missing from the file are left as they are.
"""

import uuid
from collections import defaultdict
from dataclasses import dataclass, field
from datetime import date, datetime

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Count, Q
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from refusals import Refused
from rules.championship import TEAM_SIZE_MAX, TEAM_SIZE_MIN
from rules.gender import suggested_gender

from . import local_qualifiers, persons, spreadsheets
from .changes import touch
from .characters import in_one_form, name_problem
from .models import (
    Gender,
    Player,
    SightClass,
    Team,
    TeamMember,
    Tournament,
    roster_frozen_message,
)

CONTENT_TYPE = spreadsheets.CONTENT_TYPE
YES, NO = "ano", "ne"
SIGHTED = "vidící"  # the sight class "none" as written in the sheet
SIGHT_IN_SHEET = {code: code for code in SightClass.values if code != SightClass.NONE}
SIGHT_IN_SHEET[SightClass.NONE] = SIGHTED
SIGHT_OF_CELL = {text.casefold(): code for code, text in SIGHT_IN_SHEET.items()}
GENDER_IN_SHEET = {Gender.FEMININE: "ženský", Gender.MASCULINE: "mužský"}
GENDER_OF_CELL = {text.casefold(): code for code, text in GENDER_IN_SHEET.items()} | {
    "ž": Gender.FEMININE,
    "žena": Gender.FEMININE,
    "m": Gender.MASCULINE,
    "muž": Gender.MASCULINE,
}
FIRST_ROW = 2  # row 1 holds the headers


@dataclass(frozen=True)
class Column:
    key: str
    heading: str
    width: int


def columns() -> list[Column]:
    return [
        Column("start_number", _("Start number"), 10),
        Column("name", _("Name"), 28),
        Column("birth_date", _("Birth date"), 14),
        Column("sight_class", _("Sight class"), 12),
        Column("club", _("Club"), 28),
        Column("paid", _("Entry fee paid"), 10),
        Column("local_qualifier", _("Qualified locally"), 12),
        Column("plays_b_final", _("Takes part in the B-final"), 12),
        Column("team", _("Team"), 24),
        # last, so that a sheet filled in before the column existed is still read
        Column("gender", _("Grammatical gender"), 14),
        # the person's stable id (``tournament.persons``), written for registered players;
        # empty: the person is found by name and birth date
        Column("person", _("Person (id)"), 38),
    ]


OPTIONAL_LAST = 2  # the gender and person columns may be missing from an older sheet


def sheet_title() -> str:
    return _("Players")


def _yes_no(value: bool) -> str:
    return YES if value else NO


def registration_sheet(book, tournament: Tournament | None = None) -> None:
    """Adds the registration sheet (filled with the tournament's players, if given) to an
    openpyxl workbook."""
    from openpyxl.styles import Font  # openpyxl where a workbook is made, not at start-up
    from openpyxl.worksheet.datavalidation import DataValidation

    get_column_letter = spreadsheets.column_letter
    sheet = book.create_sheet(sheet_title(), 0)
    cols = columns()
    for index, column in enumerate(cols, start=1):
        cell = spreadsheets.put(sheet, 1, index, column.heading)
        cell.font = Font(bold=True)
        sheet.column_dimensions[get_column_letter(index)].width = column.width
    sheet.freeze_panes = "A2"
    letter = {c.key: get_column_letter(i) for i, c in enumerate(cols, start=1)}
    last = 2000
    validations = [
        (
            DataValidation(
                type="whole", operator="greaterThanOrEqual", formula1="1", allow_blank=True
            ),
            ["start_number"],
            _("A whole number of 1 or more."),
        ),
        (
            DataValidation(type="date", operator="greaterThan", formula1="1", allow_blank=True),
            ["birth_date"],
            _("A date, for example 24. 3. 1980."),
        ),
        (
            DataValidation(
                type="list",
                formula1='"' + ",".join(SIGHT_IN_SHEET.values()) + '"',
                allow_blank=False,
            ),
            ["sight_class"],
            ", ".join(SIGHT_IN_SHEET.values()),
        ),
        (
            DataValidation(type="list", formula1=f'"{YES},{NO}"', allow_blank=False),
            ["paid"],
            f"{YES} / {NO}",
        ),
        (
            DataValidation(type="list", formula1=f'"{YES},{NO}"', allow_blank=True),
            ["local_qualifier", "plays_b_final"],
            f"{YES} / {NO}",
        ),
        (
            DataValidation(
                type="list",
                formula1='"' + ",".join(GENDER_IN_SHEET.values()) + '"',
                allow_blank=True,
            ),
            ["gender"],
            _("%(choices)s; empty: as the surname suggests (-ová, -á: feminine).")
            % {"choices": " / ".join(GENDER_IN_SHEET.values())},
        ),
    ]
    for validation, keys, message in validations:
        validation.showErrorMessage = True
        validation.error = message
        sheet.add_data_validation(validation)
        for key in keys:
            validation.add(f"{letter[key]}{FIRST_ROW}:{letter[key]}{last}")
    if tournament is None:
        return
    teams = dict(
        TeamMember.objects.filter(team__tournament=tournament).values_list(
            "player_id", "team__name"
        )
    )
    for row, player in enumerate(
        Player.objects.filter(tournament=tournament)
        .select_related("person")
        .order_by("start_number"),
        start=FIRST_ROW,
    ):
        values = [
            player.start_number,
            player.name,
            player.birth_date,
            SIGHT_IN_SHEET[player.sight_class],
            player.club,
            _yes_no(player.paid),
            _yes_no(player.local_qualifier),
            _yes_no(player.plays_b_final),
            teams.get(player.pk, ""),
            GENDER_IN_SHEET[player.gender],
            str(player.person.uuid) if player.person else "",
        ]
        for index, value in enumerate(values, start=1):
            cell = spreadsheets.put(sheet, row, index, value)
            if isinstance(value, date):
                cell.number_format = "D. M. YYYY"


def template(tournament: Tournament | None = None) -> bytes:
    from openpyxl import Workbook

    book = Workbook()
    book.remove(book.active)
    registration_sheet(book, tournament)
    return spreadsheets.saved(book)


# Reading ---------------------------------------------------------------------------------------


@dataclass
class Registration:
    players: list[tuple[dict, dict]] = field(default_factory=list)  # (values, cell of each)
    teams: dict[str, list[int]] = field(default_factory=dict)  # name -> start numbers
    errors: list[str] = field(default_factory=list)


def _text(value) -> str:
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return str(value).strip()


def _name(value) -> str:
    """A name's cell, in the one form names are kept in (``characters.in_one_form``)."""
    return in_one_form(_text(value))


def _date(value) -> date | None:
    if value is None or _text(value) == "":
        return None
    if isinstance(value, datetime):
        return value.date()
    if isinstance(value, date):
        return value
    text = _text(value).replace(" ", "")
    for pattern in ("%d.%m.%Y", "%Y-%m-%d"):
        try:
            return datetime.strptime(text, pattern).date()
        except ValueError:
            continue
    raise ValueError


def _flag(value, default: bool | None) -> bool | None:
    text = _text(value).casefold()
    if text == "":
        return default
    if text in (YES, "a", "1", "true"):
        return True
    if text in (NO, "n", "0", "false"):
        return False
    raise ValueError


def read(content) -> Registration:
    """The rows of a registration sheet (bytes or an uploaded file), with every problem named
    by its cell; a file over the bounds (``tournament.spreadsheets``) is refused unread."""
    found = Registration()
    sheet = _registration_sheet(content, found.errors)
    if sheet is None:
        return found
    cols = columns()
    seen: dict[int, str] = {}
    for row in range(FIRST_ROW, sheet.max_row + 1):
        values = {column.key: sheet.value(row, index) for index, column in enumerate(cols, start=1)}
        if all(_text(value) == "" for value in values.values()):
            continue
        where = {
            column.key: f"{sheet.title}!{sheet.address(row, index)}"
            for index, column in enumerate(cols, start=1)
        }
        row_errors: list[str] = []
        player = _read_row(values, where, seen, row_errors)
        if row_errors:
            found.errors += row_errors
            continue
        found.players.append((player, where))
        team = _name(values["team"])
        if team:
            found.teams.setdefault(team, []).append(player["start_number"])
    found.errors += _team_size_problems(found.teams)
    if not found.players and not found.errors:
        found.errors.append(_("The sheet holds no player."))
    return found


def _registration_sheet(content, errors: list[str]):
    """The registration's worksheet of the workbook, its headers checked; None (and why, in
    ``errors``) when there is none to read."""
    try:
        book = spreadsheets.read_workbook(content)
    except spreadsheets.WorkbookRefused as refused:
        errors.append(str(refused))
        return None
    if not book.sheets:
        errors.append(spreadsheets.not_a_workbook_message())
        return None
    sheet = book[sheet_title()] if sheet_title() in book.sheetnames else book.sheets[0]
    cols = columns()
    headings = [_text(sheet.value(1, index)) for index in range(1, len(cols) + 1)]
    expected = [column.heading for column in cols]
    older = [[*expected[:-missing], *[""] * missing] for missing in range(1, OPTIONAL_LAST + 1)]
    if headings != expected and headings not in older:  # a sheet without gender or person
        errors.append(
            _("Sheet „%(sheet)s“, row 1: the headers must be: %(headers)s.")
            % {"sheet": sheet.title, "headers": ", ".join(c.heading for c in cols)}
        )
        return None
    return sheet


def _read_row(values: dict, where: dict, seen: dict[int, str], row_errors: list[str]) -> dict:
    """One player's row as the model's values (and the person's id claimed, ``person``); each
    problem named by its cell in ``row_errors``. ``seen``: the start numbers of the rows above."""

    def wrong(key, message):
        row_errors.append(
            _("Cell %(cell)s: %(message)s") % {"cell": where[key], "message": message}
        )

    number = None
    try:
        number = int(_text(values["start_number"]))
        if number < 1:
            raise ValueError
    except ValueError:
        wrong("start_number", _("the start number must be a whole number of 1 or more."))
    else:
        if number in seen:
            wrong(
                "start_number",
                _("start number %(number)s is already in cell %(other)s.")
                % {"number": number, "other": seen[number]},
            )
            number = None
        else:
            seen[number] = where["start_number"]
    name = _name(values["name"])
    if not name:
        wrong("name", _("the name is missing."))
    for key in ("name", "club", "team"):
        problem = name_problem(_name(values[key]))
        if problem:
            wrong(key, problem)
    try:
        birth_date = _date(values["birth_date"])
    except ValueError:
        birth_date = None
        wrong("birth_date", _("write the birth date as a date, for example 24. 3. 1980."))
    sight = SIGHT_OF_CELL.get(_text(values["sight_class"]).casefold())
    if sight is None:
        wrong(
            "sight_class",
            _("the sight class must be one of %(choices)s.")
            % {"choices": ", ".join(SIGHT_IN_SHEET.values())},
        )
    flags = {}
    # The entry fee is asked explicitly (A): an empty cell is not a silent "yes".
    for key, default in (("paid", None), ("local_qualifier", False), ("plays_b_final", True)):
        try:
            flags[key] = _flag(values[key], default)
        except ValueError:
            wrong(key, _("write „%(yes)s“ or „%(no)s“.") % {"yes": YES, "no": NO})
        else:
            if flags[key] is None:
                wrong(
                    key,
                    _("say whether the entry fee is paid: „%(yes)s“ or „%(no)s“.")
                    % {"yes": YES, "no": NO},
                )
    gender_cell = _text(values["gender"])
    if gender_cell:
        gender = GENDER_OF_CELL.get(gender_cell.casefold())
        if gender is None:
            wrong(
                "gender",
                _("write „%(feminine)s“ or „%(masculine)s“, or leave the cell empty.")
                % {
                    "feminine": GENDER_IN_SHEET[Gender.FEMININE],
                    "masculine": GENDER_IN_SHEET[Gender.MASCULINE],
                },
            )
    else:  # an empty cell: as the surname suggests
        gender = suggested_gender(name)
    person = _text(values["person"]) or None
    if person is not None:
        try:
            person = uuid.UUID(person)
        except ValueError:
            wrong("person", _("the person's id is not one this software writes; empty it."))
    return {
        "start_number": number,
        "name": name,
        "birth_date": birth_date,
        "sight_class": sight,
        "gender": gender,
        "club": _name(values["club"]),
        **flags,
        "person": person,
    }


def _team_size_problems(teams: dict[str, list[int]]) -> list[str]:
    """The teams of the sheet that are too small or too large (B)."""
    problems = []
    for team, members in teams.items():
        if not TEAM_SIZE_MIN <= len(members) <= TEAM_SIZE_MAX:
            problems.append(
                ngettext(
                    "Team „%(team)s“ has %(count)s player; a team has %(min)s to %(max)s.",
                    "Team „%(team)s“ has %(count)s players; a team has %(min)s to %(max)s.",
                    len(members),
                )
                % {"team": team, "count": len(members), "min": TEAM_SIZE_MIN, "max": TEAM_SIZE_MAX}
            )
    return problems


# Storing ---------------------------------------------------------------------------------------


@dataclass
class Outcome:
    created: int = 0
    updated: int = 0  # players whose row changed something
    unchanged: int = 0  # players whose row is as stored: uploading a file again says so
    teams: int = 0
    errors: list[str] = field(default_factory=list)
    # new players whose new person shares the name with another: the possible duplicates
    to_check: int = 0

    def summary(self) -> str:
        stored = self.stored()
        if not self.to_check:
            return stored
        return (
            stored
            + " "
            + ngettext(
                "%(count)s new player shares the name with another person: see the persons' "
                "possible duplicates.",
                "%(count)s new players share the name with another person: see the persons' "
                "possible duplicates.",
                self.to_check,
            )
            % {"count": self.to_check}
        )

    def stored(self) -> str:
        if self.unchanged:
            return _("Stored: %(created)s, %(updated)s, %(unchanged)s, %(teams)s.") % {
                "created": ngettext("%(count)s new player", "%(count)s new players", self.created)
                % {"count": self.created},
                "updated": ngettext("%(count)s updated", "%(count)s updated", self.updated)
                % {"count": self.updated},
                "unchanged": ngettext("%(count)s unchanged", "%(count)s unchanged", self.unchanged)
                % {"count": self.unchanged},
                "teams": ngettext("%(count)s team", "%(count)s teams", self.teams)
                % {"count": self.teams},
            }
        return _("Stored: %(created)s, %(updated)s, %(teams)s.") % {
            "created": ngettext("%(count)s new player", "%(count)s new players", self.created)
            % {"count": self.created},
            "updated": ngettext("%(count)s updated", "%(count)s updated", self.updated)
            % {"count": self.updated},
            "teams": ngettext("%(count)s team", "%(count)s teams", self.teams)
            % {"count": self.teams},
        }


def import_players(tournament: Tournament, content: bytes) -> Outcome:
    """Stores the sheet's players and teams in one transaction, or nothing and the errors."""
    found = read(content)
    if found.errors:
        return Outcome(errors=found.errors)
    started = tournament.rosters_frozen()
    existing = {p.start_number: p for p in Player.objects.filter(tournament=tournament)}
    current_teams: dict[str, set[int]] = defaultdict(set)
    for name, number in TeamMember.objects.filter(team__tournament=tournament).values_list(
        "team__name", "player__start_number"
    ):
        current_teams[name].add(number)
    if started and any(
        current_teams.get(name, set()) != set(members) for name, members in found.teams.items()
    ):
        return Outcome(errors=[roster_frozen_message()])
    outcome = Outcome()
    try:
        with transaction.atomic():
            _store(tournament, found, existing, started, outcome)
    except RegistrationRefused as refused:
        return Outcome(errors=refused.messages)
    return outcome


class RegistrationRefused(Refused):
    """The registration sheet's rows that cannot be stored, one reason a row: nothing was."""


def _store(tournament, found: Registration, existing: dict, started: bool, outcome) -> None:
    errors, new_persons = [], []
    for row, where in found.players:
        values = dict(row)
        stable_id = values.pop("person")
        player = existing.get(values["start_number"]) or Player(tournament=tournament)
        created = player.pk is None
        was = {key: getattr(player, key) for key in values}
        for key, value in values.items():
            setattr(player, key, value)
        if (
            player.local_qualifier
            and not was.get("local_qualifier")
            and not player.local_qualifier_reason
        ):
            # ticked in the sheet: its source is the sheet, until a local qualifier's record
            # of the person replaces it (``apply_local_qualification``)
            player.local_qualifier_reason = _("in the registration sheet uploaded %(date)s") % {
                "date": date_format(timezone.localdate(), "j. n. Y")
            }
        try:
            player.full_clean(validate_unique=False, validate_constraints=False)
        except ValidationError as invalid:
            for key, messages in invalid.message_dict.items():
                cell = where.get(key, where["start_number"])
                errors += [
                    _("Cell %(cell)s: %(message)s") % {"cell": cell, "message": m} for m in messages
                ]
            continue
        person_was = player.person_id
        if stable_id is not None or player.person_id is None:
            current = None if created else player.person
            player.person = persons.person_for(
                persons.values_of(player), stable_id=stable_id, current=current
            )
            if created and player.person.players.count() == 0:
                new_persons.append(player)
        changed = (
            created
            or player.person_id != person_was
            or was != {key: getattr(player, key) for key in values}
        )
        if changed:
            player.save()
        local_qualifiers.apply_local_qualification(player)
        if created:
            outcome.created += 1
        elif changed:
            outcome.updated += 1
        else:
            outcome.unchanged += 1
    if errors:
        raise RegistrationRefused(errors)
    outcome.to_check = len(persons.sharing_a_name(new_persons))
    if started:
        return
    ids = dict(Player.objects.filter(tournament=tournament).values_list("start_number", "id"))
    in_file = {number for members in found.teams.values() for number in members}
    TeamMember.objects.filter(team__tournament=tournament).filter(
        Q(player__start_number__in=in_file) | Q(team__name__in=list(found.teams))
    ).delete()
    for name, members in found.teams.items():
        team, _created = Team.objects.get_or_create(tournament=tournament, name=name)
        TeamMember.objects.bulk_create(
            [TeamMember(team=team, player_id=ids[number]) for number in members]
        )
    outcome.teams = len(found.teams)
    Team.objects.filter(tournament=tournament, members__isnull=True).delete()
    for name, size in (
        Team.objects.filter(tournament=tournament)
        .annotate(size=Count("members"))
        .values_list("name", "size")
    ):
        if not TEAM_SIZE_MIN <= size <= TEAM_SIZE_MAX:
            errors.append(
                ngettext(
                    "Team „%(team)s“ would be left with %(count)s player; a team has %(min)s "
                    "to %(max)s.",
                    "Team „%(team)s“ would be left with %(count)s players; a team has %(min)s "
                    "to %(max)s.",
                    size,
                )
                % {"team": name, "count": size, "min": TEAM_SIZE_MIN, "max": TEAM_SIZE_MAX}
            )
    if errors:
        raise RegistrationRefused(errors)
    touch(tournament.pk)
