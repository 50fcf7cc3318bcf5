"""Ending a final game early in time trouble (F), and undoing it while no sheet has been saved
since."""

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from refusals import Refused
from rules.stages import FINALS
from tournament.changes import one_touch
from tournament.lookups import who
from tournament.models import Game, Round

from .models import (
    Sheet,
)


class EndRefused(Refused):
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
@one_touch()  # the archive's summary and the rating brought up to date with the end
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
@one_touch()
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
