"""The one way into the cache: Django's default cache (Redis shared by the app servers, a
folder shared by ``make serve``'s workers, or each process's memory), guarded so that a cache
that fails degrades a page, it never stops one.

Every part of the project that keeps something in the cache (the public pages,
``ui.page_cache`` and ``tournament.cache``; the live refresh, ``public.live``; the table links'
wrong guesses, ``accounts.guesses``) calls the functions here, never Django's cache itself.
When the shared cache raises or does not answer in time (Redis stopped, restarting, or
accepting and never answering: the settings give its sockets a short timeout), the call is made
on a cache of this process instead, as if no shared cache were configured: a page is computed
and kept in the process, a guess is counted in the process. The shared cache is then not asked
again for ``RETRY_SECONDS``, so a cache that hangs costs one timeout a process, not one a call;
after that one call tries it again while the others keep to the process's cache.

The outage is logged when it starts (with the error's traceback), then one line a minute at
most while it lasts, and once when the cache answers again. ``/zdravi/`` names it (``state``).

Nothing kept is stale when the shared cache comes back: the keys of what is kept name the
state of the data it was computed from (``tournament.cache``).

A value that never changes under its key (a page whose key names the state of the data, issue
32, 2) is kept with ``set_lasting`` and read with ``get_lasting``: in this process too, in a
store bounded in bytes (``settings.PROCESS_CACHE_BYTES``, least recently used out first) asked
before the shared cache, so that a page read again costs no round trip to Redis. It is kept
pickled, as the shared cache keeps it: each reader gets its own copy (a response's headers are
set by each request's middleware).
"""

import logging
import pickle
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from cachetools import LRUCache
from django.conf import settings
from django.core.cache import cache as _shared
from django.core.cache.backends.locmem import LocMemCache

log = logging.getLogger(__name__)

RETRY_SECONDS = 10
LOG_EVERY_SECONDS = 60

# As many entries as a process keeps without a shared cache (settings.CACHES).
_local = LocMemCache("while-the-shared-cache-is-down", {"OPTIONS": {"MAX_ENTRIES": 5000}})


@dataclass
class Outage:
    since: float | None = None  # time.time() of the first failure; None: the cache answers
    retry_at: float = 0.0  # time.monotonic() before which the shared cache is not asked
    logged_at: float = 0.0  # time.monotonic() of the last line logged
    failures: int = 0


_outage = Outage()
_lock = threading.Lock()


def _shared_is_asked() -> bool:
    """True unless the shared cache is marked down; once its pause is over, True for the one
    caller that tries it again (the pause starts anew for the others)."""
    if _outage.since is None:
        return True
    now = time.monotonic()
    if now < _outage.retry_at:
        return False
    with _lock:
        if _outage.since is None:
            return True
        if now < _outage.retry_at:
            return False
        _outage.retry_at = now + RETRY_SECONDS
        return True


def _failed(error: Exception) -> None:
    now = time.monotonic()
    with _lock:
        first = _outage.since is None
        if first:
            _outage.since = time.time()
        _outage.failures += 1
        _outage.retry_at = now + RETRY_SECONDS
        if not first and now - _outage.logged_at < LOG_EVERY_SECONDS:
            return
        _outage.logged_at = now
    if first:
        log.warning(
            "the shared cache does not answer (%s): pages are computed and kept, and wrong "
            "table-link guesses counted, in each process until it answers again",
            type(error).__name__,
            exc_info=error,
        )
    else:
        log.warning(
            "the shared cache still does not answer (%s: %s; %d failures so far)",
            type(error).__name__,
            error,
            _outage.failures,
        )


def _answered() -> None:
    if _outage.since is None:
        return
    with _lock:
        if _outage.since is None:
            return
        since, _outage.since, _outage.failures = _outage.since, None, 0
    log.warning("the shared cache answers again after %.0f s", time.time() - since)


def _call(operation: Callable[[Any], Any], *, expected: tuple[type[Exception], ...] = ()):
    """``operation(cache)`` on the shared cache, or on this process's while it fails. The
    ``expected`` errors are answers (``incr`` of a missing key), not failures."""
    if _shared_is_asked():
        try:
            result = operation(_shared)
        except expected:
            _answered()
            raise
        except Exception as error:  # each backend has its own errors for "not reachable"
            _failed(error)
        else:
            _answered()
            return result
    return operation(_local)


def get(key: str, default: Any = None) -> Any:
    return _call(lambda store: store.get(key, default))


def set(key: str, value: Any, timeout: float | None) -> None:
    _call(lambda store: store.set(key, value, timeout))


def add(key: str, value: Any, timeout: float | None) -> bool:
    """Keep ``value`` unless the key holds one: True when it was kept."""
    return _call(lambda store: store.add(key, value, timeout))


def delete(key: str) -> None:
    _call(lambda store: store.delete(key))


def incr(key: str) -> int:
    """One more under ``key``; ValueError when it holds nothing (as Django's caches)."""
    return _call(lambda store: store.incr(key), expected=(ValueError,))


# Made at first use, not at import: the server imports this module before Django is set up.
_lasting: LRUCache | None = None
_lasting_lock = threading.Lock()


def _lasting_store() -> LRUCache:
    global _lasting
    if _lasting is None:
        _lasting = LRUCache(maxsize=settings.PROCESS_CACHE_BYTES, getsizeof=len)
    return _lasting


def get_lasting(key: str) -> Any:
    """What ``set_lasting`` kept under ``key``: from this process's store, else from the
    shared cache (then kept in the process too); None when neither holds it."""
    with _lasting_lock:
        kept = _lasting_store().get(key)
    if kept is not None:
        return pickle.loads(kept)
    value = get(key)
    if value is not None:
        _keep_here(key, value)
    return value


def set_lasting(key: str, value: Any, timeout: float | None) -> None:
    """Keep ``value`` under a key that names it for good (it never holds another value):
    in the shared cache and in this process."""
    set(key, value, timeout)
    _keep_here(key, value)


def _keep_here(key: str, value: Any) -> None:
    kept = pickle.dumps(value, pickle.HIGHEST_PROTOCOL)
    with _lasting_lock:
        store = _lasting_store()
        if len(kept) > store.maxsize:
            return  # larger than the whole store: in the shared cache only
        store[key] = kept


def lasting_bytes() -> int:
    """The bytes this process keeps of lasting values (at most PROCESS_CACHE_BYTES)."""
    return _lasting_store().currsize


def state() -> str | None:
    """None when the shared cache answers; else since when it does not (local time, ISO).
    Asks it unless it is marked down."""
    get("health-probe")
    since = _outage.since
    if since is None:
        return None
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.localtime(since))


def clear() -> None:
    """Everything kept, shared and in this process, gone (the tests start from nothing)."""
    _call(lambda store: store.clear())
    _local.clear()
    with _lasting_lock:
        _lasting_store().clear()


def forget_outage() -> None:
    """For tests: the shared cache is asked again at once, as after a start."""
    with _lock:
        _outage.since, _outage.failures, _outage.retry_at, _outage.logged_at = None, 0, 0.0, 0.0
    _local.clear()


def not_cached_whole(reason: str):
    """Declares a public view that ``ui.page_cache.cached_page`` does not cache, and why
    (what it answers from instead): every public view is one or the other
    (``tests/public/test_caching.py``). Here, where every app may import it (accounts too)."""

    def decorator(view):
        view.not_cached_whole = reason
        return view

    return decorator
