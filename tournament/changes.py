"""Every change of a tournament's data moves its ``changed_at`` and adds one to its
``revision``: the public pages are cached under the revision, so that no reader sees stale
standings after a save, and the venue's push notices the change.

Saves and deletions of the models reach here through signals; services that write with
bulk operations or ``QuerySet.update`` call ``touch`` themselves. Models of the apps above
(score sheets, lots, sanctions) are registered by those apps when they are ready, with the way
from one of their rows to its tournament: this app knows nothing of them.
"""

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from django.db import transaction
from django.db.models import F
from django.db.models.signals import post_delete, post_save
from django.utils import timezone

from .cache import forget_states
from .models import Game, Player, Round, Seat, Stage, Table, Team, TeamMember, Tournament

# model -> the lookup that finds a row's tournament in one UPDATE
_LOOKUPS: dict[type, Callable[[object], dict]] = {}


def _moved() -> dict:
    return {"changed_at": timezone.now(), "revision": F("revision") + 1}


# The lookups of the touches held back by ``one_touch`` (None when none is open).
_held: ContextVar[dict | None] = ContextVar("held_touches", default=None)


def touch(tournament_id: int | None) -> None:
    if tournament_id is not None:
        touch_where(pk=tournament_id)


def touch_where(**lookup) -> None:
    """Touch the tournament found by a lookup, in one UPDATE (no query to find it first)."""
    held = _held.get()
    if held is not None:
        held[tuple(sorted(lookup.items(), key=repr))] = lookup
        return
    Tournament.objects.filter(**lookup).update(**_moved())
    _forget_now_and_on_commit()


def _forget_now_and_on_commit(**_signal) -> None:
    """This process reads every state again (``tournament.cache.recent``): now, and once the
    write is committed (a request reading meanwhile got the state before it)."""
    forget_states()
    transaction.on_commit(forget_states)


@contextmanager
def one_touch() -> Iterator[None]:
    """Touch each tournament once for all the rows a write saves (a sheet's seven lines and
    the sheet: one UPDATE, not eight), when the write is done. Open it inside the write's
    transaction: if the write fails, the touches are dropped with the rolled-back rows."""
    if _held.get() is not None:  # inside another one: that one touches
        yield
        return
    token = _held.set({})
    try:
        yield
        held = _held.get()
    finally:
        _held.reset(token)
    for lookup in held.values():
        touch_where(**lookup)


def _changed(sender, instance, origin=None, **kwargs) -> None:
    if isinstance(origin, Tournament) or getattr(origin, "model", None) is Tournament:
        return  # the whole tournament is being deleted (a replacement): nothing to mark
    lookup = _LOOKUPS[sender](instance)
    if lookup and all(value is not None for value in lookup.values()):
        touch_where(**lookup)


def register(model: type, lookup: Callable[[object], dict]) -> None:
    """Move the tournament's stamp whenever a row of ``model`` is saved or deleted."""
    _LOOKUPS[model] = lookup
    post_save.connect(_changed, sender=model, dispatch_uid=f"touch-{model.__name__}")
    post_delete.connect(_changed, sender=model, dispatch_uid=f"untouch-{model.__name__}")


def by_tournament(instance) -> dict:
    return {"pk": instance.tournament_id}


def by_game(instance) -> dict:
    return {"stages__games": instance.game_id}


def by_table(instance) -> dict:
    return {"stages__games__tables": instance.table_id}


def _tournament_saved(sender, instance, created, raw=False, **kwargs) -> None:
    """The tournament's own fields (its settings, such as the quota) are data too."""
    if not created and not raw:
        touch(instance.pk)


def connect() -> None:
    # any row written (a person's, their history's, a tournament's): the states read again
    post_save.connect(_forget_now_and_on_commit, dispatch_uid="forget-states-saved")
    post_delete.connect(_forget_now_and_on_commit, dispatch_uid="forget-states-deleted")
    post_save.connect(_tournament_saved, sender=Tournament, dispatch_uid="touch-Tournament")
    for model in (Player, Team, Stage):
        register(model, by_tournament)
    register(TeamMember, lambda member: {"teams": member.team_id})
    register(Game, lambda game: {"stages": game.stage_id})
    for model in (Round, Table, Seat):
        register(model, by_game)
