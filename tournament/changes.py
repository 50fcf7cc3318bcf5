"""Every change of a tournament's data moves its ``changed_at`` and adds one to its
``revision``: the public pages are cached under the revision, so that no reader sees stale
standings after a save, and the venue's push notices the change.

Saves and deletions of the models reach here through signals; services that write with
bulk operations or ``QuerySet.update`` call ``touch`` themselves. Models of the apps above
(score sheets, lots, sanctions) are registered by those apps when they are ready, with the way
from one of their rows to its tournament: this app knows nothing of them.

What a tournament's data brings up to date (the archive's summary and the rating, which
``season`` registers: ``registry.register_on_change``) is brought up to date here, from the
stamp, once a write is done, so that no write can forget it and no reader pays for it (issue
35): at the end of a ``one_touch`` (the results' services open one inside their transaction:
the summary and the rating are written with the results, or not at all), else once the
transaction that moved the stamp commits (at once without a transaction).
"""

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from django.db import transaction
from django.db.models import F
from django.db.models.signals import post_delete, post_save
from django.utils import timezone

from . import registry
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


def _key(lookup: dict) -> tuple:
    return tuple(sorted(((name, repr(value)) for name, value in lookup.items())))


def touch_where(**lookup) -> None:
    """Touch the tournament found by a lookup, in one UPDATE (no query to find it first)."""
    held = _held.get()
    if held is not None:
        held[_key(lookup)] = lookup
        return
    _move(lookup)
    _up_to_date_on_commit(lookup)


def _move(lookup: dict) -> None:
    Tournament.objects.filter(**lookup).update(**_moved())
    _forget_now_and_on_commit()


class _BringUpToDate:
    """What depends on the tournaments of a lookup, brought up to date once the transaction
    commits: the callbacks of one lookup in one transaction share their ``done`` (a draw's
    seventy seats bring it up to date once, by the first of them to run)."""

    def __init__(self, lookup: dict, done: list[bool]):
        self.lookup, self.key, self.done = lookup, _key(lookup), done

    def __call__(self) -> None:
        if not self.done[0]:
            self.done[0] = True
            bring_up_to_date([self.lookup])


def _up_to_date_on_commit(lookup: dict) -> None:
    connection = transaction.get_connection()
    if not connection.in_atomic_block:
        bring_up_to_date([lookup])
        return
    key = _key(lookup)
    done = next(
        (
            entry[1].done
            for entry in connection.run_on_commit
            if isinstance(entry[1], _BringUpToDate) and entry[1].key == key and not entry[1].done[0]
        ),
        [False],
    )
    transaction.on_commit(_BringUpToDate(lookup, done))


# Set while the dependants are being brought up to date: their own writes touch nothing.
_bringing: ContextVar[bool] = ContextVar("bringing_up_to_date", default=False)


def bring_up_to_date(lookups: list[dict]) -> None:
    """Bring what depends on the tournaments of ``lookups`` up to date (``registry``): the
    tournaments found (one query a lookup that names no tournament's id), then every
    registered callback once with all of them."""
    if not _bringing.get():
        _bring_up_to_date(tournaments_of(lookups))


def tournaments_of(lookups: list[dict]) -> set[int]:
    """The ids of the tournaments the lookups find (a query a lookup that names no id)."""
    ids: set[int] = set()
    for lookup in lookups:
        if set(lookup) == {"pk"}:
            ids.add(lookup["pk"])
        else:
            ids.update(Tournament.objects.filter(**lookup).values_list("pk", flat=True))
    return ids


def _bring_up_to_date(ids: set[int]) -> None:
    if _bringing.get() or not ids:
        return
    token = _bringing.set(True)
    try:
        registry.bring_up_to_date(ids)
    finally:
        _bringing.reset(token)


def _forget_now_and_on_commit(**_signal) -> None:
    """This process reads every state again (``tournament.cache.recent``): now, and once the
    write is committed (a request reading meanwhile got the state before it)."""
    forget_states()
    transaction.on_commit(forget_states)


@contextmanager
def one_touch() -> Iterator[None]:
    """Touch each tournament once for all the rows a write saves (a sheet's seven lines and
    the sheet: one UPDATE, not eight), when the write is done, and bring what depends on them
    up to date then (``bring_up_to_date``). Open it inside the write's transaction (or use it
    as the decorator under ``transaction.atomic``): if the write fails, the touches are
    dropped with the rolled-back rows."""
    if _held.get() is not None:  # inside another one: that one touches
        yield
        return
    token = _held.set({})
    try:
        yield
        held = _held.get()
    finally:
        _held.reset(token)
    ids = tournaments_of(list(held.values()))
    if ids:
        Tournament.objects.filter(pk__in=ids).update(**_moved())
        _forget_now_and_on_commit()
        _bring_up_to_date(ids)


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
