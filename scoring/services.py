"""Writes of scoring: a table's score sheet for one round, its confirmation, lots for ties.

``save_sheet`` is the one way results get in (the desk's form, the spreadsheet upload): the
sheet is checked by ``rules.sheet.check_sheet`` and stored whole or not at all; a referee who
saves over a version someone else saved meanwhile is refused, never silently overwritten.
"""

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Count, F, Q, Sum
from django.db.models.signals import post_save
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.roles import ORGANISER, has_role
from rules import sheet as rules_sheet
from rules.championship import deal_size
from rules.commitment import lot_what, new_seed
from rules.draw import lot_order
from rules.finals import contradicting_lots
from rules.stages import FINAL_B, FINALS, STAGES, stage_index
from tournament import commitments
from tournament.changes import one_touch, touch, touch_where
from tournament.lookups import who
from tournament.models import Commitment, Game, Player, Round, Seat, Table

from .messages import sheet_problem_message
from .models import (
    TABLE_SCOREKEEPER,
    Lot,
    Replacement,
    RoundResult,
    Sanction,
    SanctionScope,
    Sheet,
)


@dataclass(frozen=True)
class LineProblem:
    player: int | None  # start number; None: the whole sheet
    field: str | None
    message: str
    warning: bool = False
    code: str = ""  # the rules' problem code (``rules.sheet``), where one applies


@dataclass
class SheetRefused(Exception):
    """Nothing was saved: errors to correct, warnings to confirm, or a newer version."""

    problems: list[LineProblem] = field(default_factory=list)
    stale: Sheet | None = None  # someone saved meanwhile: the sheet as it now is
    needs_reason: bool = False  # a change of a confirmed sheet, sent without its reason

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
        total[1] += deal_size(round_number)
        total[2] += 1
    field_laid = field_dealt = 0
    for round_number, laid, lines in (
        others.order_by()
        .values("round__number")
        .annotate(laid_sum=Sum("laid"), lines=Count("id"))
        .values_list("round__number", "laid_sum", "lines")
    ):
        field_laid += laid
        field_dealt += deal_size(round_number) * lines
    players = {n: (laid / dealt, rounds) for n, (laid, dealt, rounds) in totals.items()}
    return players, field_laid / field_dealt if field_dealt else 0.0


def check_lines(state: SheetState, lines: Sequence[rules_sheet.SheetLine]) -> list[LineProblem]:
    """Every problem of a sheet, worded: one line per seated player, then the rules of
    RULES.md (``rules.sheet.check_sheet``, the one check of every way in)."""
    settings = state.table.game.stage.tournament.scoring_settings()
    averages, field_average = _averages(state.table, state.round)
    return [
        LineProblem(
            problem.player,
            problem.field,
            sheet_problem_message(problem),
            warning=problem.severity == rules_sheet.WARNING,
            code=problem.code,
        )
        for problem in rules_sheet.check_sheet(
            lines,
            round_number=state.round.number,
            seated=[seat.player.start_number for seat in state.seats],
            max_card_value=settings.max_card_value,
            averages=averages,
            field_average=field_average,
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
    correction_reason: str = "",
) -> Sheet:
    """Store a table's round sheet: all of its lines, or nothing.

    ``version`` is the sheet's version the referee started from (0 for a new sheet). Raises
    ``SheetRefused`` with the errors (and with the warnings unless ``confirm_warnings``), or
    with ``stale`` set when someone else saved the sheet meanwhile.

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
    with one_touch():
        return _store_sheet(table, round, state, lines, version, by, at_table, reason)


CORRECTION_REASON_MAX = Sheet._meta.get_field("correction_reason").max_length


def reason_missing_message() -> str:
    return _("The sheet is confirmed: give the reason of the correction. Nothing was saved.")


def reason_too_long_message() -> str:
    return _("The reason is too long: at most %(count)s characters.") % {
        "count": CORRECTION_REASON_MAX
    }


def _store_sheet(table, round_, state, lines, version, by, at_table, reason="") -> Sheet:
    sheet = _claim(table, round_, version, by, timezone.now(), at_table=at_table, reason=reason)
    # The closer last: a new closer is written only once the old one is not one any more, so
    # the database's one-closer constraint holds after every single row.
    for line in sorted(lines, key=lambda line: bool(line.closed)):
        result = state.results.get(line.player)
        if same_as_stored(result, line):
            continue
        if result is None:
            result = RoundResult(
                table=table,
                round=round_,
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


class LotRefused(Exception):
    """A lot that cannot be drawn, with the reason in the interface's language."""


def lot_subject(scope: str, category: str, places: Sequence[int], tied: Sequence) -> dict:
    return {
        "scope": scope,
        "category": category,
        "places": [places[0], places[-1]],
        "tied": sorted(tied, key=str),
    }


@transaction.atomic
def publish_lot_commitment(
    *, tournament, scope: str, category: str, places: Sequence[int], tied: Sequence, by: str
) -> Commitment:
    """Publish the commitment of the lot for a tie (its secret seed fixed), before the lot is
    drawn; an open commitment for the same places and other players (the standings changed)
    is abandoned."""
    what = lot_what(tournament.slug, scope, category, (places[0], places[-1]))
    subject = lot_subject(scope, category, places, tied)
    existing = commitments.open_commitment(tournament=tournament, what=what)
    if existing is not None and existing.subject.get("tied") != subject["tied"]:
        commitments.abandon(existing, by=by, why=_("the tied group changed"))
    return commitments.publish(
        tournament=tournament, kind=Commitment.Kind.LOT, what=what, subject=subject, by=by
    )


@transaction.atomic
def draw_lot(
    *,
    tournament,
    scope: str,
    tied: Sequence,
    by: str,
    seed=None,
    commitment: Commitment | None = None,
) -> Lot:
    """Order a tied group by a recorded, seeded lot (the same seed gives the same order):
    with ``commitment`` (the desk) the published seed, for exactly its tied group; an explicit
    ``seed`` (tests, import) draws without a commitment."""
    if commitment is not None:
        if seed is not None:
            raise ValueError("a committed lot takes its seed from the commitment")
        commitment = commitments.locked(commitment)  # two lots at once: the second sees it used
        if not commitment.open or commitment.kind != Commitment.Kind.LOT:
            raise LotRefused(_("This commitment was used or abandoned already: publish a new one."))
        if commitment.tournament_id != tournament.pk or commitment.subject.get("tied") != sorted(
            tied, key=str
        ):
            raise LotRefused(_("This commitment is for another tie: publish a new one."))
        seed = commitment.seed
    elif seed is None:
        seed = new_seed()
    now = timezone.now()
    lot = Lot(
        tournament=tournament,
        stage=scope,
        order=lot_order(tied, seed),
        seed=seed,
        drawn_at=now,
        drawn_by=by,
        commitment=commitment,
    )
    earlier = list(
        Lot.objects.filter(tournament=tournament, stage=scope)
        .order_by("id")
        .values_list("order", flat=True)
    )
    if any(contradicting_lots([order, lot.order]) for order in earlier):  # issue 22
        raise LotRefused(
            _(
                "A lot of this stage orders some of these players the other way already: "
                "the tie is decided."
            )
        )
    lot.full_clean()
    lot.save()
    if commitment is not None:
        commitments.use(commitment, at=now)
    return lot


@transaction.atomic
def set_b_final_participation(
    *, tournament, playing: set[int], among: set[int] | None = None
) -> None:
    """Who (start numbers) takes part in the B-final; the others of ``among`` (the players the
    referee was asked about; everybody when None) do not want to. Players outside ``among``
    keep their answer."""
    players = Player.objects.filter(tournament=tournament)
    if among is not None:
        players = players.filter(start_number__in=among)
        playing = playing & among
    seated = sorted(
        players.exclude(start_number__in=playing)
        .filter(seats__game__stage__kind=FINAL_B)
        .values_list("start_number", flat=True)
        .distinct()
    )
    if seated:
        raise ValidationError(
            _("Players %(numbers)s are drawn in the B-final already: they take part in it (M).")
            % {"numbers": ", ".join(map(str, seated))}
        )
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


def early_end_refusal(game: Game) -> str:
    """Why ``game`` cannot be ended early now, in words; empty when it can (the one rule for
    the desk's offer and for ``end_game_early``): a final game, drawn, not ended yet, with a
    round played at some table and a round played at none."""
    if game.stage.kind not in FINALS:
        return _("Only a final game can be ended early (rule F).")
    if game.ended_early_at is not None:
        return _("The game has been ended early already.")
    if not game.draw_confirmed:
        return _("The game's draw is not confirmed yet.")
    dropped = rounds_not_played(game)
    if len(dropped) == game.rounds.count():
        return _("No round of the game has been played yet: nothing to end.")
    if not dropped:
        return _("Every round of the game has been played at some table already.")
    return ""


@transaction.atomic
def end_game_early(*, game: Game, by: User, reason: str) -> Game:
    """The referee ends a final game in time trouble (F): the rounds not played at any table
    are dropped from the game for every table; the game then counts as complete once every
    table's sheets of the rounds kept are in. Recorded: who, when, why, which rounds."""
    reason = reason.strip()
    if not reason:
        raise EndRefused(_("Say why the game is ended early."))
    game = Game.objects.select_for_update().select_related("stage").get(pk=game.pk)
    refusal = early_end_refusal(game)
    if refusal:
        raise EndRefused(refusal)
    dropped = rounds_not_played(game)
    game.rounds_dropped = [r.number for r in dropped]
    game.ended_early_at = timezone.now()
    game.ended_early_by = who(by)
    game.ended_early_reason = reason
    Round.objects.filter(pk__in=[r.pk for r in dropped]).delete()
    game.save(
        update_fields=["rounds_dropped", "ended_early_at", "ended_early_by", "ended_early_reason"]
    )
    return game


def early_end_undo_refusal(game: Game) -> str:
    """Why the early end of ``game`` cannot be undone, in words; empty when it can. It can
    until another sheet of that game is saved after the end (the one rule for the desk's page
    and for ``undo_early_end``)."""
    if game.ended_early_at is None:
        return _("The game has not been ended early.")
    if Sheet.objects.filter(table__game=game, entered_at__gt=game.ended_early_at).exists():
        return _(
            "A sheet of the game has been saved since it was ended early: "
            "the early end can no longer be undone."
        )
    return ""


def can_undo_early_end(game: Game) -> bool:
    return not early_end_undo_refusal(game)


@transaction.atomic
def undo_early_end(*, game: Game, by: User) -> Game:
    """Take back an early end while no sheet of the game has been saved since: the dropped
    rounds return in their places of the playing order. The history keeps the end (who,
    when, why) and who undid it."""
    game = Game.objects.select_for_update().get(pk=game.pk)
    refusal = early_end_undo_refusal(game)
    if refusal:
        raise EndRefused(refusal)
    taken = set(game.rounds.values_list("position", flat=True))
    free = sorted(set(range(len(taken) + len(game.rounds_dropped))) - taken)
    if len(free) != len(game.rounds_dropped):  # the positions were not 0, 1, 2, …
        start = max(taken, default=-1) + 1
        free = list(range(start, start + len(game.rounds_dropped)))
    Round.objects.bulk_create(
        Round(game=game, number=number, position=position)
        for number, position in zip(game.rounds_dropped, free, strict=True)
    )
    game.rounds_dropped = []
    game.ended_early_at = None
    game.ended_early_by = ""
    game.ended_early_reason = ""
    game._history_user = by
    game.save(
        update_fields=["rounds_dropped", "ended_early_at", "ended_early_by", "ended_early_reason"]
    )
    return game


# Replacements in the A-final ------------------------------------------------------------------


@dataclass(frozen=True)
class ReplacementChoice:
    """Who may withdraw from the A-final (its players now) and who may move up (the
    qualifier's players who did not advance, wait for no lot and are not expelled), each
    in start-number order; ``problem`` says why no replacement can be recorded now."""

    field: list[Player]
    candidates: list[Player]
    problem: str | None


def replacement_choice(tournament) -> ReplacementChoice:
    from .selectors import tournament_data
    from .standings import final_fields

    data = tournament_data(tournament)
    players = {p.start_number: p for p in Player.objects.filter(tournament=tournament)}
    problem = None
    if Seat.objects.filter(
        game__stage__tournament=tournament, game__stage__kind=FINALS[0]
    ).exists():
        problem = _("The A-final is drawn already: a replacement is decided before its draw.")
    elif not data.stages.get(STAGES[0]) or not data.stage_over(STAGES[0]):
        problem = _("The qualifier is not over yet: nobody has advanced.")
    fields = final_fields(data)
    if problem is None and fields.unresolved:
        problem = _("A tie at the qualifier cut waits for a lot: draw it first.")
    return ReplacementChoice(
        [players[n] for n in sorted(fields.a_final) if n in players],
        [players[n] for n in sorted(fields.b_final) if n in players],
        problem,
    )


@transaction.atomic
def record_replacement(
    *, tournament, withdrawn: int, replacement: int, reason: str, by: User
) -> Replacement:
    """The organiser's decision that ``replacement`` (start number) plays the A-final in place
    of ``withdrawn``, with the rules' checks (``rules.finals.replacement_problems``): before
    the A-final is drawn, after the qualifier, a player of the same category who did not
    advance. Raises ``ValidationError`` with the reasons."""
    from rules.categories import category_of
    from rules.finals import Replacement as Decision
    from rules.finals import replacement_problems

    from .messages import replacement_message
    from .selectors import tournament_data
    from .standings import final_fields

    type(tournament).objects.select_for_update().get(pk=tournament.pk)  # one decision at a time
    choice = replacement_choice(tournament)
    if choice.problem:
        raise ValidationError(choice.problem)
    data = tournament_data(tournament)
    fields = final_fields(data, with_replacements=False)
    decisions = [*data.replacements, Decision(withdrawn, replacement)]
    category = {
        number: category_of(sight)
        for number, sight in Player.objects.filter(tournament=tournament).values_list(
            "start_number", "sight_class"
        )
    }
    problems = [
        replacement_message(problem)
        for index, problem in replacement_problems(
            decisions, advancing=fields.a_final, candidates=fields.b_final, category=category
        )
        if index == len(decisions) - 1
    ]
    if Seat.objects.filter(
        game__stage__tournament=tournament,
        game__stage__kind=FINAL_B,
        player__start_number=replacement,
    ).exists():
        problems.append(_("The player is drawn in the B-final already."))
    if problems:
        raise ValidationError(problems)
    players = {
        p.start_number: p
        for p in Player.objects.filter(
            tournament=tournament, start_number__in=(withdrawn, replacement)
        )
    }
    made = Replacement.objects.create(
        tournament=tournament,
        withdrawn=players[withdrawn],
        replacement=players[replacement],
        reason=reason.strip(),
        decided_by=who(by),
        decided_at=timezone.now(),
    )
    touch(tournament.pk)
    return made
