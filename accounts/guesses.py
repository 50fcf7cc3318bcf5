"""Counting wrong table-link guesses per client in the shared cache (Redis on the public
servers), and going on when that cache does not answer.

A cache outage degrades, it does not fail: a table link must keep working for the
scorekeepers while Redis restarts. When the shared cache raises, the count goes to a counter
of this process (as without Redis), the shared cache is not asked again for
``RETRY_SECONDS`` (so a cache that hangs costs one timeout, not one per request), and the
outage is logged once, then every ``LOG_EVERY_SECONDS`` while it lasts, and once more when
the cache answers again: one line each, no traceback.
"""

import logging
import threading
import time
from dataclasses import dataclass

from django.core.cache import cache
from django.core.cache.backends.locmem import LocMemCache

log = logging.getLogger(__name__)

RETRY_SECONDS = 30
LOG_EVERY_SECONDS = 300

_local = LocMemCache("guesses-while-the-cache-is-down", {"OPTIONS": {"MAX_ENTRIES": 10_000}})


@dataclass
class Outage:
    since: float | None = None  # time.time() of the first failure, None: the cache answers
    retry_at: float = 0.0  # time.monotonic() before which the shared cache is not asked
    logged_at: float = 0.0
    failures: int = 0


_outage = Outage()
_lock = threading.Lock()


def _failed(error: Exception) -> None:
    now = time.monotonic()
    with _lock:
        first = _outage.since is None
        if first:
            _outage.since = time.time()
        _outage.failures += 1
        _outage.retry_at = now + RETRY_SECONDS
        if first or now - _outage.logged_at >= LOG_EVERY_SECONDS:
            _outage.logged_at = now
            log.warning(
                "the shared cache does not answer (%s: %s; %d failures so far): wrong "
                "table-link guesses are counted in each process until it answers again",
                type(error).__name__,
                error,
                _outage.failures,
            )


def _answered() -> None:
    if _outage.since is None:
        return
    with _lock:
        if _outage.since is not None:
            log.warning("the shared cache answers again after %.0f s", time.time() - _outage.since)
            _outage.since, _outage.failures = None, 0


_UNANSWERED = object()


def _shared(operation):
    """``operation(cache)`` on the shared cache, or ``_UNANSWERED`` while it does not answer."""
    if _outage.since is not None and time.monotonic() < _outage.retry_at:
        return _UNANSWERED
    try:
        result = operation(cache)
    except Exception as error:  # every backend has its own errors for "not reachable"
        _failed(error)
        return _UNANSWERED
    _answered()
    return result


def count(key: str) -> int:
    found = _shared(lambda shared: shared.get(key, 0))
    return _local.get(key, 0) if found is _UNANSWERED else found


def add_one(key: str, window: int) -> None:
    def increment(store):
        if not store.add(key, 1, window):
            try:
                store.incr(key)
            except ValueError:  # expired between the two calls
                store.add(key, 1, window)

    if _shared(increment) is _UNANSWERED:
        increment(_local)


def cache_state() -> str | None:
    """None when the shared cache answers; else since when it does not (local time, ISO)."""
    probe = _shared(lambda shared: shared.get("health-probe"))
    if probe is _UNANSWERED and _outage.since is not None:
        return time.strftime("%Y-%m-%dT%H:%M:%S", time.localtime(_outage.since))
    return None


def forget_outage() -> None:
    """For tests: the cache answers, nothing counted locally."""
    with _lock:
        _outage.since, _outage.failures, _outage.retry_at, _outage.logged_at = None, 0, 0.0, 0.0
    _local.clear()
