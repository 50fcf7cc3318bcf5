"""Writes of sanctions: a disqualification from a game or an expulsion, recorded with its
reason after the preview of what it changes, and withdrawn."""

from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.roles import ORGANISER, has_role
from refusals import Refused
from rules.stages import STAGES, stage_index
from tournament.changes import one_touch
from tournament.lookups import who
from tournament.models import Game, Player, Seat

from .models import (
    Sanction,
    SanctionScope,
)


class SanctionRefused(Refused):
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
@one_touch()  # the archive's summary and the rating brought up to date with the sanction
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
@one_touch()
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
