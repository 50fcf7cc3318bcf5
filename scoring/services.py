"""Writes of scoring: a table's score sheet for one round, its confirmation, lots for ties.

``save_sheet`` is the one way results get in (the desk's form, the spreadsheet upload): the
sheet is checked by ``rules.sheet.check_sheet`` and stored whole or not at all; a referee who
saves over a version someone else saved meanwhile is refused, never silently overwritten.
"""

import dataclasses
import random
import secrets
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime

from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.db.models import F, Q
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.roles import ORGANISER, has_role
from rules import sheet as rules_sheet
from rules.score import RESULT_FIELDS, RoundEntry, round_score
from rules.stages import FINALS, STAGES, stage_index
from tournament.changes import touch, touch_where
from tournament.lookups import who
from tournament.models import Game, Player, Round, Seat, Table

from .messages import sheet_problem_message
from .models import TABLE_SCOREKEEPER, Lot, RoundResult, Sanction, SanctionScope, Sheet


@dataclass(frozen=True)
class LineProblem:
    player: int | None  # start number; None: the whole sheet
    field: str | None
    message: str
    warning: bool = False


@dataclass
class SheetRefused(Exception):
    """Nothing was saved: errors to correct, warnings to confirm, or a newer version."""

    problems: list[LineProblem] = field(default_factory=list)
    stale: Sheet | None = None  # someone saved meanwhile: the sheet as it now is

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
        from rules.championship import starting_seat

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


def _averages(table: Table, round_: Round) -> dict[int, tuple[float, int]]:
    """Each seated player's average round score so far in the tournament (other sheets)."""
    tournament = table.game.stage.tournament
    bonus = tournament.scoring_settings().close_bonus
    rows = (
        RoundResult.objects.filter(
            player__seats__table=table, table__game__stage__tournament=tournament
        )
        .exclude(table=table, round=round_)
        .values_list("player__start_number", *RESULT_FIELDS)
    )
    totals: dict[int, list[int]] = {}
    for number, *values in rows:
        total = totals.setdefault(number, [0, 0])
        total[0] += round_score(RoundEntry(*values), bonus)
        total[1] += 1
    return {n: (points / rounds, rounds) for n, (points, rounds) in totals.items()}


def check_lines(state: SheetState, lines: Sequence[rules_sheet.SheetLine]) -> list[LineProblem]:
    """Every problem of a sheet, worded: one line per seated player, then the rules of
    RULES.md (``rules.sheet.check_sheet``, the one check of every way in)."""
    settings = state.table.game.stage.tournament.scoring_settings()
    return [
        LineProblem(
            problem.player,
            problem.field,
            sheet_problem_message(problem),
            warning=problem.severity == rules_sheet.WARNING,
        )
        for problem in rules_sheet.check_sheet(
            lines,
            round_number=state.round.number,
            seated=[seat.player.start_number for seat in state.seats],
            max_card_value=settings.max_card_value,
            close_bonus=settings.close_bonus,
            averages=_averages(state.table, state.round),
        )
    ]


def same_as_stored(result: RoundResult | None, line: rules_sheet.SheetLine) -> bool:
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
) -> Sheet:
    """Store a table's round sheet: all of its lines, or nothing.

    ``version`` is the sheet's version the referee started from (0 for a new sheet). Raises
    ``SheetRefused`` with the errors (and with the warnings unless ``confirm_warnings``), or
    with ``stale`` set when someone else saved the sheet meanwhile.

    ``at_table``: the table's scorekeeper enters it through the table's link (``by`` is None).
    Such a save is refused once the sheet is confirmed; it cannot set a disqualification or a
    penalty (the referee's): the stored ones are kept.
    """
    if round.game_id != table.game_id:
        raise SheetRefused(
            [LineProblem(None, None, _("The round is not one of this table's game."))]
        )
    state = sheet_state(table, round)
    if at_table:
        if state.sheet is not None and state.sheet.confirmed:
            raise SheetRefused([LineProblem(None, None, confirmed_already_message(round))])
        lines = keep_referees_fields(state, lines)
    problems = check_lines(state, lines)
    if any(not p.warning for p in problems) or (problems and not confirm_warnings):
        raise SheetRefused(problems)
    now = timezone.now()
    sheet = _claim(table, round, version, by, now, at_table=at_table)
    # The closer last: a new closer is written only once the old one is not one any more, so
    # the database's one-closer constraint holds after every single row.
    for line in sorted(lines, key=lambda line: bool(line.closed)):
        result = state.results.get(line.player)
        if same_as_stored(result, line):
            continue
        if result is None:
            result = RoundResult(
                table=table,
                round=round,
                player=next(s.player for s in state.seats if s.player.start_number == line.player),
            )
        result.laid, result.unused, result.penalty = line.laid, line.unused, line.penalty
        result.closed, result.disqualified = bool(line.closed), bool(line.disqualified)
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
    return (
        state.sheet is not None
        and len(lines) == len(state.results)
        and all(same_as_stored(state.results.get(line.player), line) for line in lines)
    )


def _claim(
    table: Table, round_: Round, version: int, by: User | None, now: datetime, at_table: bool
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
    }
    current = Sheet.objects.filter(table=table, round=round_)
    if version:
        claimable = current.filter(version=version)
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
    touch_where(stages__games__tables=sheet.table_id)
    return sheet


def draw_lot(*, tournament, scope: str, tied: Sequence, by: str, seed: int | None = None) -> Lot:
    """Order a tied group by a recorded, seeded lot (the same seed gives the same order)."""
    seed = secrets.randbelow(2**31) if seed is None else seed
    order = sorted(tied, key=str)
    random.Random(seed).shuffle(order)
    lot = Lot(
        tournament=tournament,
        stage=scope,
        order=order,
        seed=seed,
        drawn_at=timezone.now(),
        drawn_by=by,
    )
    lot.full_clean()
    lot.save()
    return lot


@transaction.atomic
def set_b_final_participation(*, tournament, playing: set[int]) -> None:
    """Who (start numbers) takes part in the B-final; the others do not want to."""
    players = Player.objects.filter(tournament=tournament)
    players.filter(start_number__in=playing).update(plays_b_final=True)
    players.exclude(start_number__in=playing).update(plays_b_final=False)
    touch(tournament.pk)


# Sanctions ------------------------------------------------------------------------------------


class SanctionRefused(Exception):
    """A sanction that cannot be recorded or withdrawn, with the reason in words."""


def sanction_check(*, player: Player, scope: str, game: Game, by: User) -> None:
    """Why a sanction cannot be recorded, raised as ``SanctionRefused``: an expulsion is the
    organiser's (Doping 5); the player must sit at a table of the game; the same sanction
    once; an expelled player sits at no later table."""
    if scope not in SanctionScope.values:
        raise SanctionRefused(_("Choose a disqualification from the game or an expulsion."))
    if scope == SanctionScope.TOURNAMENT and not has_role(by, ORGANISER):
        raise SanctionRefused(
            _("An expulsion from the tournament is decided by the organiser (Doping 5).")
        )
    if game.stage.tournament_id != player.tournament_id:
        raise SanctionRefused(_("The game is not of the player's tournament."))
    if not Seat.objects.filter(game=game, player=player).exists():
        raise SanctionRefused(
            _("Player no. %(number)s does not sit at a table of this game.")
            % {"number": player.start_number}
        )
    if Sanction.objects.filter(
        player=player, game=game, scope=scope, withdrawn_at__isnull=True
    ).exists():
        raise SanctionRefused(_("The player already has this sanction in this game."))
    if scope == SanctionScope.TOURNAMENT:
        later = (
            Seat.objects.filter(player=player)
            .exclude(game=game)
            .filter(
                Q(game__stage=game.stage, game__number__gt=game.number)
                | Q(game__stage__kind__in=STAGES[stage_index(game.stage.kind) + 1 :])
            )
            .select_related("game__stage")
            .first()
        )
        if later is not None:
            raise SanctionRefused(
                _(
                    "Player no. %(number)s already sits at a table of a later game (%(game)s): "
                    "record the expulsion in the latest game the player plays."
                )
                % {"number": player.start_number, "game": later.game}
            )


@transaction.atomic
def record_sanction(*, player: Player, scope: str, game: Game, reason: str, by: User) -> Sanction:
    """Record a disqualification from a game or an expulsion: who decided, when and why."""
    reason = reason.strip()
    if not reason:
        raise SanctionRefused(_("Give the reason of the sanction."))
    Player.objects.select_for_update().filter(pk=player.pk).first()  # one decision at a time
    sanction_check(player=player, scope=scope, game=game, by=by)
    sanction = Sanction(
        tournament_id=player.tournament_id,
        player=player,
        scope=scope,
        game=game,
        reason=reason,
        decided_by=who(by),
        decided_at=timezone.now(),
    )
    sanction._history_user = by
    sanction.full_clean()
    sanction.save()
    return sanction


@transaction.atomic
def withdraw_sanction(*, sanction: Sanction, reason: str, by: User) -> Sanction:
    """Withdraw a sanction (recorded: who, when, why); its effects end, its record stays."""
    if sanction.scope == SanctionScope.TOURNAMENT and not has_role(by, ORGANISER):
        raise SanctionRefused(_("An expulsion is withdrawn by the organiser."))
    reason = reason.strip()
    if not reason:
        raise SanctionRefused(_("Give the reason of the withdrawal."))
    withdrawn = Sanction.objects.filter(pk=sanction.pk, withdrawn_at__isnull=True).update(
        withdrawn_by=who(by), withdrawn_at=timezone.now(), withdrawal_reason=reason
    )
    if not withdrawn:
        raise SanctionRefused(_("The sanction was withdrawn already."))
    sanction.refresh_from_db()
    # An UPDATE sends no signal: record the change in the history and move the stamp.
    sanction._history_user = by
    sanction.save(update_fields=["withdrawn_by", "withdrawn_at", "withdrawal_reason"])
    return sanction


# Ending a final game early ---------------------------------------------------------------------


class EndRefused(Exception):
    """A game that cannot be ended early, with the reason in words."""


def rounds_not_played(game: Game) -> list[Round]:
    """The game's rounds that no table has a sheet of, in playing order."""
    return list(game.rounds.filter(sheets__isnull=True).order_by("position"))


@transaction.atomic
def end_game_early(*, game: Game, by: User) -> Game:
    """The referee ends a final game in time trouble (F): the rounds not played at any table
    are dropped from the game for every table; the game then counts as complete once every
    table's sheets of the rounds kept are in. Recorded: who, when, which rounds."""
    game = Game.objects.select_for_update().select_related("stage").get(pk=game.pk)
    if game.stage.kind not in FINALS:
        raise EndRefused(_("Only a final game can be ended early (rule F)."))
    if game.ended_early_at is not None:
        raise EndRefused(_("The game has been ended early already."))
    if not game.draw_confirmed:
        raise EndRefused(_("The game's draw is not confirmed yet."))
    dropped = rounds_not_played(game)
    kept = game.rounds.count() - len(dropped)
    if not kept:
        raise EndRefused(_("No round of the game has been played yet: nothing to end."))
    if not dropped:
        raise EndRefused(_("Every round of the game has been played at some table already."))
    game.rounds_dropped = [r.number for r in dropped]
    game.ended_early_at = timezone.now()
    game.ended_early_by = who(by)
    Round.objects.filter(pk__in=[r.pk for r in dropped]).delete()
    game.save(update_fields=["rounds_dropped", "ended_early_at", "ended_early_by"])
    return game
