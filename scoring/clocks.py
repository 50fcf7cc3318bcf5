"""The move clock at a table (protests 3): the referee may order a table whose game drags on
to play with a clock, a limit on each player's move of at least a minute. The order is kept
per table (and so per game); the table's phone page runs the clock while it is in force, and
the log shows when a table played on the clock and with what limit."""

from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from refusals import Refused
from rules.championship import MOVE_CLOCK_SECONDS_MIN
from tournament.lookups import who
from tournament.models import DrawStatus, Game, Table

from .models import TableClock

SECONDS_FIELD = "seconds_per_move"


class ClockRefused(Refused):
    """A clock that cannot be switched on or off, with the reason and the table in words."""


def _where(table: Table) -> str:
    game = table.game
    return _("Table %(table)s (%(stage)s, game %(game)s)") % {
        "table": table.number,
        "stage": game.stage.get_kind_display(),
        "game": game.number,
    }


# Reads ---------------------------------------------------------------------------------------


def clock_on(table: Table) -> TableClock | None:
    """The table's clock order in force, if any. One query."""
    return TableClock.objects.filter(table=table, switched_off_at__isnull=True).first()


def clocks_on(game: Game) -> dict[int, TableClock]:
    """Table number -> the table's clock in force (tables without one are absent). One query."""
    return {
        clock.table.number: clock
        for clock in TableClock.objects.filter(
            table__game=game, switched_off_at__isnull=True
        ).select_related("table")
    }


# Writes --------------------------------------------------------------------------------------


def order_clock(*, table: Table, seconds_per_move: int, by: User | None) -> TableClock:
    """The referee orders ``table`` to play with a clock of ``seconds_per_move`` a move. A
    clock already on with another limit is switched off and the new limit ordered (the log
    keeps both); the same limit again changes nothing."""
    where = _where(table)
    if seconds_per_move < MOVE_CLOCK_SECONDS_MIN:
        raise ClockRefused(
            _(
                "%(where)s: a limit of %(seconds)s s a move is too short; the regulations "
                "allow no less than %(minimum)s s (protests 3)."
            )
            % {"where": where, "seconds": seconds_per_move, "minimum": MOVE_CLOCK_SECONDS_MIN},
            place=SECONDS_FIELD,
        )
    if table.game.draw_status != DrawStatus.CONFIRMED:
        raise ClockRefused(_("%(where)s: the game's draw is not confirmed yet.") % {"where": where})
    try:
        with transaction.atomic():
            current = (
                TableClock.objects.select_for_update()
                .filter(table=table, switched_off_at__isnull=True)
                .first()
            )
            if current is not None and current.seconds_per_move == seconds_per_move:
                return current
            if current is not None:
                current.switched_off_at = timezone.now()
                current.switched_off_by = who(by)
                current.save(update_fields=["switched_off_at", "switched_off_by"])
            return TableClock.objects.create(
                table=table, seconds_per_move=seconds_per_move, ordered_by=who(by)
            )
    except IntegrityError:  # another referee switched it on meanwhile
        raise ClockRefused(
            _("%(where)s: the clock was switched on meanwhile; look at it again.")
            % {"where": where}
        ) from None


@transaction.atomic
def switch_off_clock(*, table: Table, by: User | None) -> TableClock:
    """The table plays without the clock again."""
    clock = (
        TableClock.objects.select_for_update()
        .filter(table=table, switched_off_at__isnull=True)
        .first()
    )
    if clock is None:
        raise ClockRefused(_("%(where)s: the clock is not on.") % {"where": _where(table)})
    clock.switched_off_at = timezone.now()
    clock.switched_off_by = who(by)
    clock.save(update_fields=["switched_off_at", "switched_off_by"])
    return clock
