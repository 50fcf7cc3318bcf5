"""Writes of score sheets: a table's sheet for one round, its correction and confirmation.

``save_sheet`` is the one way results get in (the desk's form, the spreadsheet upload, the
table's phone): the sheet is checked by ``rules.sheet.check_sheet`` and stored whole or not at
all; a referee who saves over a version someone else saved meanwhile is refused, never silently
overwritten.
"""

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime

from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.db.models import Count, F, Sum
from django.db.models.signals import post_save
from django.utils import timezone
from django.utils.translation import gettext as _

from refusals import Refused
from rules import rulesets
from rules import sheet as rules_sheet
from rules.championship import starting_seat
from rules.rulesets import RuleSet, deal_size
from tournament.changes import one_touch, touch_where
from tournament.models import Round, Seat, Stage, Table

from .messages import sheet_problem_message
from .models import (
    TABLE_SCOREKEEPER,
    RoundResult,
    Sheet,
)


@dataclass(frozen=True)
class LineProblem:
    player: int | None  # start number; None: the whole sheet
    field: str | None
    message: str
    warning: bool = False
    code: str = ""  # the rules' problem code (``rules.sheet``), where one applies


class SheetRefused(Refused):
    """Nothing was saved: errors to correct (``problems``, each with its line and field),
    warnings to confirm, or a newer version (``stale``: the sheet as it now is); or nothing
    needed saving, the values sent being the ones stored (``saved_already``)."""

    def __init__(
        self,
        problems: list[LineProblem] | None = None,
        stale: Sheet | None = None,
        needs_reason: bool = False,  # a change of a confirmed sheet, sent without its reason
        saved_already: Sheet | None = None,
    ):
        self.problems = list(problems or [])
        self.stale = stale
        self.needs_reason = needs_reason
        # the sheet as stored when it holds exactly the values sent (a second tap, a retry
        # after a lost answer): nothing was saved again, and nothing needs saving
        self.saved_already = saved_already
        super().__init__([problem.message for problem in self.problems] or "")

    def __str__(self) -> str:
        return "; ".join(p.message for p in self.problems)

    @property
    def only_warnings(self) -> bool:
        return bool(self.problems) and all(p.warning for p in self.problems) and not self.stale


@dataclass(frozen=True)
class SheetState:
    """Where a table's sheet for a round stands, for forms and uploads."""

    table: Table
    round: Round
    seats: list[Seat]  # in seating order, players loaded
    sheet: Sheet | None
    results: dict[int, RoundResult]  # start number -> result

    @property
    def version(self) -> int:
        return self.sheet.version if self.sheet else 0

    @property
    def starting_position(self) -> int:
        return starting_seat(self.table.starting_seat, self.round.position, len(self.seats))


def sheet_state(table: Table, round_: Round) -> SheetState:
    seats = list(table.seats.select_related("player").order_by("position"))
    results = {
        r.player.start_number: r
        for r in RoundResult.objects.filter(table=table, round=round_).select_related("player")
    }
    return SheetState(
        table,
        round_,
        seats,
        Sheet.objects.filter(table=table, round=round_)
        .select_related("entered_by", "confirmed_by")
        .first(),
        results,
    )


def _averages(table: Table, round_: Round) -> tuple[dict[int, tuple[float, int]], float]:
    """What is usually laid per card dealt, from the tournament's other sheets: by each player
    seated at the table (with their number of rounds), and by everybody. Two queries."""
    tournament = table.game.stage.tournament
    others = RoundResult.objects.filter(
        table__game__stage__tournament=tournament, disqualified=False
    ).exclude(table=table, round=round_)
    totals: dict[int, list[int]] = {}
    for number, round_number, laid in others.filter(player__seats__table=table).values_list(
        "player__start_number", "round__number", "laid"
    ):
        total = totals.setdefault(number, [0, 0, 0])
        total[0] += laid
        total[1] += deal_size(tournament.rule_set, round_number)
        total[2] += 1
    field_laid = field_dealt = 0
    for round_number, laid, lines in (
        others.order_by()
        .values("round__number")
        .annotate(laid_sum=Sum("laid"), lines=Count("id"))
        .values_list("round__number", "laid_sum", "lines")
    ):
        field_laid += laid
        field_dealt += deal_size(tournament.rule_set, round_number) * lines
    players = {n: (laid / dealt, rounds) for n, (laid, dealt, rounds) in totals.items()}
    return players, field_laid / field_dealt if field_dealt else 0.0


def rules_of(state: SheetState) -> RuleSet:
    """The rule set the table's tournament is played by."""
    return state.table.game.stage.tournament.rules()


def club_rules(state: SheetState) -> RuleSet | None:
    """The tournament's club rule set; None for the championship's rules."""
    if state.table.game.stage.tournament.rule_set == rulesets.CHAMPIONSHIP:
        return None
    return rules_of(state)


def check_lines(
    state: SheetState,
    lines: Sequence[rules_sheet.SheetLine],
    *,
    pending: Mapping[int, list] | None = None,
) -> list[LineProblem]:
    """Every problem of a sheet, worded: one line per seated player, then the rules of
    RULES.md (``rules.sheet.check_sheet``, the one check of every way in); a club rule set's
    sheet by its own ``check`` (``rules.club``). ``pending``: a Slovní poker table's earlier
    deals checked to be saved with this one (round position -> lines; an uploaded workbook's),
    taken as if stored."""
    settings = state.table.game.stage.tournament.scoring_settings()
    averages, field_average = _averages(state.table, state.round)
    club = club_rules(state)
    check = rules_sheet.check_sheet if club is None else club.check
    round_number, deals = state.round.number, {}
    if isinstance(club, rulesets.WordPoker):
        # A round is a deal: its place in the game, after the table's earlier deals.
        deals = {"earlier": earlier_deals(state, club, pending)}
        round_number = state.round.position + 1
    return [
        LineProblem(
            problem.player,
            problem.field,
            sheet_problem_message(problem, None if club is None else club.name),
            warning=problem.severity == rules_sheet.WARNING,
            code=problem.code,
        )
        for problem in check(
            lines,
            round_number=round_number,
            seated=[seat.player.start_number for seat in state.seats],
            max_card_value=settings.max_card_value,
            averages=averages,
            field_average=field_average,
            **deals,
        )
    ]


def earlier_deals(
    state: SheetState, poker: rulesets.WordPoker, pending: Mapping[int, list] | None = None
) -> list[list]:
    """A Slovní poker table's deals before the sheet's, in order, each as its lines (the
    rounds of the game the table has a sheet of; one missing shows as a deal out of order);
    ``pending``: deals not stored yet (position -> lines) taken in their places."""
    deals: dict[int, list] = {}
    for position, number, laid, unused, values in (
        RoundResult.objects.filter(table=state.table, round__position__lt=state.round.position)
        .order_by("round__position", "id")
        .values_list("round__position", "player__start_number", "laid", "unused", "rule_values")
    ):
        deals.setdefault(position, []).append(
            rulesets.stored_line(poker, number, laid, unused, False, values)
        )
    for position, lines in (pending or {}).items():
        if position < state.round.position:
            deals[position] = list(lines)
    return [deals[position] for position in sorted(deals)]


def same_as_stored(
    result: RoundResult | None, line: rules_sheet.SheetLine, rule_set: RuleSet | None = None
) -> bool:
    """Whether the stored result holds the line's values (``rule_set``: a club rule set's)."""
    if rule_set is not None:
        return (
            result is not None
            and (result.laid, result.unused, result.closed) == (line.laid, line.unused, line.closed)
            and result.rule_values == rulesets.extra_values(rule_set, line)
        )
    return result is not None and result.entry() == line.entry()


@transaction.atomic
def save_sheet(
    *,
    table: Table,
    round: Round,  # noqa: A002 - the domain's word
    lines: Sequence[rules_sheet.SheetLine],
    by: User | None,
    version: int,
    confirm_warnings: bool = False,
    at_table: bool = False,
    correction_reason: str = "",
) -> Sheet:
    """Store a table's round sheet: all of its lines, or nothing.

    ``version`` is the sheet's version the referee started from (0 for a new sheet). Raises
    ``SheetRefused`` with the errors (and with the warnings unless ``confirm_warnings``), or
    with ``stale`` set when someone else saved the sheet meanwhile.

    The same values sent again (a second tap, a retry after a lost answer) are stored once:
    refused with ``saved_already``, the desk's and the table's alike, whatever the sheet's
    version or confirmation since (a change of a confirmed sheet without its reason aside).

    ``at_table``: the table's scorekeeper enters it through the table's link (``by`` is None).
    Such a save is refused once the sheet is confirmed; it cannot set a disqualification or a
    penalty (the referee's): the stored ones are kept.

    A referee's change of a confirmed sheet makes it unconfirmed again and needs a
    ``correction_reason`` (``SheetRefused.needs_reason`` without one); the sheet's history
    keeps the reason (``Sheet.correction_reason``). What the change does is shown before it is
    saved (``scoring.effects.correction_effects``).
    """
    if round.game_id != table.game_id:
        raise SheetRefused(
            [LineProblem(None, None, _("The round is not one of this table's game."))]
        )
    try:
        return _save_sheet(
            table, round, lines, by, version, confirm_warnings, at_table, correction_reason
        )
    except SheetRefused as refused:
        if refused.needs_reason:
            raise
        fresh = sheet_state(table, round)
        sent = keep_referees_fields(fresh, lines) if at_table else lines
        if not same_lines(fresh, sent):
            raise
        raise SheetRefused(
            refused.problems, stale=refused.stale, saved_already=fresh.sheet
        ) from refused


def _save_sheet(  # noqa: PLR0913 - save_sheet's own arguments
    table,
    round,
    lines,
    by,
    version,
    confirm_warnings,
    at_table,
    correction_reason,  # noqa: A002
) -> Sheet:
    state = sheet_state(table, round)
    if at_table:
        if state.sheet is not None and state.sheet.confirmed:
            raise SheetRefused([LineProblem(None, None, confirmed_already_message(round))])
        lines = keep_referees_fields(state, lines)
    problems = check_lines(state, lines)
    if any(not p.warning for p in problems) or (problems and not confirm_warnings):
        raise SheetRefused(problems)
    reason = correction_reason.strip()
    if state.sheet is not None and state.sheet.confirmed and not reason:
        raise SheetRefused([LineProblem(None, None, reason_missing_message())], needs_reason=True)
    if len(reason) > CORRECTION_REASON_MAX:
        raise SheetRefused([LineProblem(None, None, reason_too_long_message())], needs_reason=True)
    if state.sheet is None or not state.sheet.confirmed:
        reason = ""  # an ordinary entry or correction before the confirmation needs none
    with one_touch():  # and the archive's summary and the rating brought up to date
        sheet = _store_sheet(table, round, state, lines, version, by, at_table, reason)
    return sheet


def _tournament_id(state: SheetState) -> int:
    if state.seats:  # loaded with their players
        return state.seats[0].player.tournament_id
    return Stage.objects.get(games__tables=state.table).tournament_id


CORRECTION_REASON_MAX = Sheet._meta.get_field("correction_reason").max_length


def reason_missing_message() -> str:
    return _("The sheet is confirmed: give the reason of the correction. Nothing was saved.")


def reason_too_long_message() -> str:
    return _("The reason is too long: at most %(count)s characters.") % {
        "count": CORRECTION_REASON_MAX
    }


def _store_sheet(table, round_, state, lines, version, by, at_table, reason="") -> Sheet:
    sheet = _claim(table, round_, version, by, timezone.now(), at_table=at_table, reason=reason)
    club_ = club_rules(state)
    # A club rule set's score is the table's: a changed line may change the others' bonuses,
    # so every line is scored again.
    scores = club_.scores(lines) if club_ is not None else {}
    # The closer last: a new closer is written only once the old one is not one any more, so
    # the database's one-closer constraint holds after every single row.
    for line in sorted(lines, key=lambda line: bool(line.closed)):
        result = state.results.get(line.player)
        if same_as_stored(result, line, club_) and result.rule_score == scores.get(line.player):
            continue
        if result is None:
            result = RoundResult(
                table=table,
                round=round_,
                player=next(s.player for s in state.seats if s.player.start_number == line.player),
            )
        result.laid, result.unused = line.laid, line.unused
        result.closed = bool(line.closed)
        if club_ is None:
            result.penalty, result.disqualified = line.penalty, bool(line.disqualified)
        else:
            result.rule_values = rulesets.extra_values(club_, line)
            result.rule_score = scores[line.player]
        result._history_user = by
        if at_table:
            result._change_reason = TABLE_SCOREKEEPER
        result.save()
    return sheet


def confirmed_already_message(round_: Round) -> str:
    return _(
        "Round %(round)s has been confirmed by the referee already: the table cannot change it "
        "any more. Nothing was saved; ask the referee for a correction."
    ) % {"round": round_.number}


def keep_referees_fields(state: SheetState, lines: Sequence[rules_sheet.SheetLine]) -> list:
    """A table's lines with the disqualification and the penalty as stored (the referee's):
    whatever the table sent for them is ignored."""
    if club_rules(state) is not None:
        return list(lines)  # a club rule set's sheet asks neither
    kept = []
    for line in lines:
        stored = state.results.get(line.player)
        kept.append(
            dataclasses.replace(
                line,
                disqualified=stored.disqualified if stored else False,
                penalty=stored.penalty if stored else 0,
            )
        )
    return kept


def same_lines(state: SheetState, lines: Sequence[rules_sheet.SheetLine]) -> bool:
    """Whether the stored sheet holds exactly these lines (a repeated submit, say)."""
    club_ = club_rules(state)
    return (
        state.sheet is not None
        and len(lines) == len(state.results)
        and all(same_as_stored(state.results.get(line.player), line, club_) for line in lines)
    )


def _claim(
    table: Table,
    round_: Round,
    version: int,
    by: User | None,
    now: datetime,
    at_table: bool,
    reason: str = "",
) -> Sheet:
    """Move the sheet from ``version`` to the next one, or refuse: optimistic locking by a
    conditional UPDATE (or the unique constraint, for a new sheet). A changed sheet needs a new
    confirmation; a table never moves a confirmed sheet."""
    changes = {
        "version": F("version") + 1,
        "entered_by": by,
        "entered_at": now,
        "entered_at_table": at_table,
        "confirmed_by": None,
        "confirmed_at": None,
        "correction_reason": reason,
    }
    current = Sheet.objects.filter(table=table, round=round_)
    if version:
        claimable = current.filter(version=version)
        if not reason:  # a confirmed sheet changes only with a reason (checked before)
            claimable = claimable.filter(confirmed_at__isnull=True)
        if at_table:
            claimable = claimable.filter(confirmed_at__isnull=True)
        if not claimable.update(**changes):
            fresh = current.first()
            if at_table and fresh is not None and fresh.confirmed:
                message = confirmed_already_message(round_)
            else:
                message = _(
                    "Someone else saved this sheet meanwhile. Nothing of yours was saved; "
                    "their values are shown below, check them and enter your changes again."
                )
            raise SheetRefused([LineProblem(None, None, message)], stale=fresh)
        sheet = current.get()
        _saved_by_update(sheet, by)
    else:
        try:
            with transaction.atomic():
                sheet = Sheet(
                    table=table,
                    round=round_,
                    entered_by=by,
                    entered_at=now,
                    entered_at_table=at_table,
                )
                sheet._history_user = by
                sheet.save()
        except IntegrityError:
            message = _(
                "Someone else entered this sheet meanwhile. Nothing of yours was saved; "
                "their values are shown below."
            )
            raise SheetRefused([LineProblem(None, None, message)], stale=current.first()) from None
    sheet._history_user = by
    touch_where(stages__games__tables=table.pk)
    return sheet


@transaction.atomic
@one_touch()
def confirm_sheet(*, sheet: Sheet, by: User, version: int) -> Sheet:
    """A second account confirms the sheet as entered (the version it looked at)."""
    if sheet.entered_by_id == by.pk:
        raise SheetRefused(
            [
                LineProblem(
                    None,
                    None,
                    _("A sheet is confirmed by another account than the one that entered it."),
                )
            ]
        )
    claimed = Sheet.objects.filter(pk=sheet.pk, version=version, confirmed_at__isnull=True).update(
        confirmed_by=by, confirmed_at=timezone.now()
    )
    if not claimed:
        raise SheetRefused(
            [
                LineProblem(
                    None,
                    None,
                    _("The sheet changed (or was confirmed) meanwhile; look at it again."),
                )
            ],
            stale=Sheet.objects.get(pk=sheet.pk),
        )
    sheet.refresh_from_db()
    _saved_by_update(sheet, by)
    touch_where(stages__games__tables=sheet.table_id)
    return sheet


@dataclass
class Confirmation:
    """What a confirmation of many sheets did, sheet by sheet."""

    confirmed: list[Sheet] = field(default_factory=list)
    own: list[Sheet] = field(default_factory=list)  # entered by the confirming account
    changed: list[Sheet] = field(default_factory=list)  # saved again or confirmed meanwhile


@transaction.atomic
@one_touch()
def confirm_sheets(*, reviewed: Sequence[tuple[Sheet, int]], by: User) -> Confirmation:
    """A second account confirms many sheets at once, each at the version it reviewed (a
    whole table's or game's sheets). A sheet it entered itself is never confirmed by it, and a
    sheet saved again or confirmed since the review is not confirmed blindly: both are skipped
    and reported, the others are confirmed."""
    outcome = Confirmation()
    now = timezone.now()
    for sheet, version in reviewed:
        if sheet.entered_by_id == by.pk:
            outcome.own.append(sheet)
            continue
        claimed = (
            Sheet.objects.filter(pk=sheet.pk, version=version, confirmed_at__isnull=True)
            .exclude(entered_by=by)
            .update(confirmed_by=by, confirmed_at=now)
        )
        (outcome.confirmed if claimed else outcome.changed).append(sheet)
        if claimed:
            sheet.refresh_from_db()
            _saved_by_update(sheet, by)
    if outcome.confirmed:
        touch_where(stages__games__tables__in={sheet.table_id for sheet in outcome.confirmed})
    return outcome


def _saved_by_update(sheet: Sheet, by: User) -> None:
    """A sheet changed by a conditional UPDATE (the lock) is announced like a save, so that its
    history (the championship's log: corrected, confirmed, by whom) records it."""
    sheet._history_user = by
    post_save.send(sender=Sheet, instance=sheet, created=False, update_fields=None, raw=False)
