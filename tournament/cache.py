"""The state of a tournament's data, which public pages are cached under: its row and revision.

Any change of its data (see ``tournament.changes``) adds one to the revision, and a tournament
replaced by a push from the venue is a new row (a larger id: ids are never reused, SQLite's
AUTOINCREMENT and PostgreSQL's sequences) whose revision carries on from the old one's. So
every state of the data has its own key, read from the one database (at most
``STATE_SECONDS`` before, see below) before the cache is looked in: no kept page is ever
stale, and the servers can share one cache (Redis) or each keep their own.

The page itself, keyed by its path and the query parameters it uses, is the web layer's
(``ui.page_cache``). A value computed from one state of the data (the standings of a stage,
say) is kept with ``computed_once``: the first request after a change computes it, the
others wait for it or find it stored. Pages about persons across tournaments (the archive, a
person's page, the rating) are of ``persons_state`` instead of one tournament's.

Everything is kept through ``sharedcache``: when the shared cache fails, each process keeps
its own, and every page still answers.

Several app servers (issue 32, 2): asking the database for the state on every request cost
more than the rest of a cached page. Each process keeps the state it read for
``STATE_SECONDS`` (``recent``), and forgets every state it keeps as soon as it writes anything
(any model saved or deleted, any tournament touched, and again when the write's transaction
commits). So the server that saved a sheet shows the new standings at once, another within
``STATE_SECONDS`` (no answer older than a second after a save), and neither shows the old
after it has shown the new. A notification (Redis's publish, PostgreSQL's LISTEN) would
shorten the other servers' half second, but needs a listening thread in every process, its
reconnection, and the same reading of the database when the listener is down (SQLite has
none): more code and more ways to fail for a wait already within the one second asked.
"""

import threading
import time
import weakref
from collections.abc import Callable

from django.conf import settings
from django.db import connection
from django.db.models import Count, Max, Sum

import sharedcache

from .models import Person, Tournament

TIMEOUT = 600  # seconds; the key changes with every change of the data anyway


# How long a process keeps a state it read (see above): settings.PUBLIC_STATE_SECONDS.
STATE_SECONDS = settings.PUBLIC_STATE_SECONDS
STATES_KEPT = 1000  # states a process keeps at most (each slug asked for is one)

# What ``recent`` keeps: its key -> (time.monotonic() before it was read, the value read).
_states: dict[object, tuple[float, object]] = {}
_states_lock = threading.Lock()
_forgotten = [0]  # how many times the states were forgotten


def recent(key: object, read: Callable[[], object]) -> object:
    """``read()``, as this process read it at most ``STATE_SECONDS`` ago. A value read
    before the process wrote something, or before a value read later, is not kept: no
    request gets an older state than one this process has written or served."""
    now = time.monotonic()
    found = _states.get(key)
    if found is not None and now - found[0] < STATE_SECONDS:
        return found[1]
    forgotten = _forgotten[0]
    value = read()
    with _states_lock:
        if forgotten == _forgotten[0]:
            kept = _states.get(key)
            if kept is None or kept[0] < now:
                if len(_states) >= STATES_KEPT:
                    _states.clear()
                _states[key] = (now, value)
    return value


def forget_states(**_signal) -> None:
    """Every state this process keeps read again by the next request (after a write)."""
    with _states_lock:
        _forgotten[0] += 1
        _states.clear()


def stamp(slug: str | None) -> str | None:
    """The state of the tournament ``slug``'s data as text (``None``: there is no such
    tournament); without a slug, of the list of tournaments."""
    if slug is None:  # the list of tournaments: one more, one fewer, or one of them changed
        return recent(None, _list_stamp)
    found = recent(("tournament", slug), lambda: state_of(slug))
    if found is None:
        return None
    return "{}.{}".format(*found)


def _list_stamp() -> str:
    found = Tournament.objects.aggregate(
        count=Count("pk"), latest=Max("pk"), revisions=Sum("revision")
    )
    return "{count}.{latest}.{revisions}".format(**found)


def state_of(slug: str) -> tuple[int, int] | None:
    """The tournament's row id and revision: together they name one state of its data (a
    replaced tournament is a new row, a change adds one to the revision); None when there is
    no such tournament, read now (the pages read it through ``stamp``, at most
    ``STATE_SECONDS`` old). Plain SQL, because building the same one-row query through the
    ORM cost more than the rest of a cached request (bench public)."""
    with connection.cursor() as cursor:
        cursor.execute(_STATE_SQL, [slug])
        return cursor.fetchone()


_STATE_SQL = "SELECT {pk}, {revision} FROM {table} WHERE {slug} = %s".format(
    table=connection.ops.quote_name(Tournament._meta.db_table),
    pk=connection.ops.quote_name(Tournament._meta.pk.column),
    revision=connection.ops.quote_name(Tournament._meta.get_field("revision").column),
    slug=connection.ops.quote_name(Tournament._meta.get_field("slug").column),
)


def persons_state(kwargs: dict | None = None) -> str:
    """The state the pages about persons across tournaments are of (a person's page, the
    archive, the rating): every tournament's, as ``stamp(None)``, and the persons' last
    recorded change (each save of a person, a merge of two, adds a row to their history),
    since a person's name or club is no tournament's data. One query, plain SQL, at most
    once in ``STATE_SECONDS`` a process."""
    return recent("persons", _persons_state)


def _persons_state() -> str:
    with connection.cursor() as cursor:
        cursor.execute(_PERSONS_SQL)
        return "{}.{}.{}.{}".format(*cursor.fetchone())


_PERSONS_SQL = (
    "SELECT COUNT({pk}), MAX({pk}), SUM({revision}), (SELECT MAX({change}) FROM {history}) "
    "FROM {table}"
).format(
    table=connection.ops.quote_name(Tournament._meta.db_table),
    pk=connection.ops.quote_name(Tournament._meta.pk.column),
    revision=connection.ops.quote_name(Tournament._meta.get_field("revision").column),
    history=connection.ops.quote_name(Person.history.model._meta.db_table),
    change=connection.ops.quote_name(Person.history.model._meta.pk.column),
)


# One lock per key being computed in this process; gone when nobody holds it.
_computing: weakref.WeakValueDictionary[str, threading.Lock] = weakref.WeakValueDictionary()
_computing_guard = threading.Lock()


def _lock_of(key: str) -> threading.Lock:
    with _computing_guard:
        lock = _computing.get(key)
        if lock is None:
            lock = _computing[key] = threading.Lock()
        return lock


def computed_once(key: str, compute: Callable[[], object], timeout: int = TIMEOUT):
    """The value kept under ``key``, else ``compute()`` kept there. Requests of this process
    asking for the same key meanwhile wait for that one computation (a crowd polling right
    after a change computes it once); ``key`` must name the state of the data it is
    computed from (a revision), so that a kept value is never stale."""
    value = sharedcache.get(key)
    if value is not None:
        return value
    lock = _lock_of(key)
    with lock:
        value = sharedcache.get(key)
        if value is None:
            value = compute()
            sharedcache.set(key, value, timeout)
    return value
