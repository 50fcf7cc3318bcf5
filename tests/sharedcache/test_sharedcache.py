"""The one way into the cache (sharedcache): a shared cache that refuses or hangs costs one
short timeout a process, then the process keeps its own values until it answers again; the
outage is logged when it starts, once a minute while it lasts and when it ends."""

import threading
import time

import pytest

import sharedcache
from tournament.cache import computed_once

pytestmark = pytest.mark.django_db


@pytest.fixture
def clock(monkeypatch):
    """sharedcache's monotonic clock, moved by hand."""
    now = [1000.0]
    monkeypatch.setattr(sharedcache.time, "monotonic", lambda: now[0])
    return now


def test_a_stopped_cache_is_logged_when_the_outage_starts_once_a_minute_and_when_it_ends(
    redis_at, closed_port, clock, caplog, settings
):
    working = settings.CACHES
    redis_at(closed_port)
    with caplog.at_level("WARNING", logger="sharedcache"):
        for _request in range(50):
            assert computed_once("key", lambda: "computed") == "computed"
        assert len(caplog.records) == 1 and caplog.records[0].exc_info is not None
        assert "does not answer" in caplog.records[0].getMessage()
        clock[0] += sharedcache.RETRY_SECONDS  # asked again, fails again: not logged again
        assert sharedcache.get("key") == "computed"  # kept in the process meanwhile
        assert len(caplog.records) == 1
        clock[0] += sharedcache.LOG_EVERY_SECONDS
        sharedcache.get("key")
        assert len(caplog.records) == 2 and caplog.records[1].exc_info is None
        assert "still does not answer" in caplog.records[1].getMessage()
        assert sharedcache.state() is not None
        settings.CACHES = working
        clock[0] += sharedcache.RETRY_SECONDS
        sharedcache.set("key", "kept", 60)
        assert computed_once("key", lambda: "computed") == "kept"
        assert "answers again" in caplog.records[-1].getMessage()
        assert len(caplog.records) == 3
    assert sharedcache.state() is None


def test_a_hanging_cache_costs_one_short_timeout_then_is_left_alone_for_a_while(
    redis_at, silent_server, clock, settings
):
    timeout = settings.REDIS_CACHE_OPTIONS["socket_timeout"]
    assert timeout <= 0.25 and settings.REDIS_CACHE_OPTIONS["socket_connect_timeout"] <= 0.25
    redis_at(silent_server.port)
    started = time.perf_counter()
    for number in range(100):
        sharedcache.set(f"k{number}", number, 60)
        assert sharedcache.get(f"k{number}") == number  # kept in the process
    took = time.perf_counter() - started
    assert timeout <= took < 3 * timeout, took
    assert len(silent_server.taken) == 1
    clock[0] += sharedcache.RETRY_SECONDS - 1
    sharedcache.get("k1")
    assert len(silent_server.taken) == 1  # still left alone
    clock[0] += 1
    started = time.perf_counter()
    assert sharedcache.get("k1") == 1  # tried again, in vain: the process's value
    assert time.perf_counter() - started >= timeout
    assert len(silent_server.taken) == 2


def test_after_the_pause_one_request_tries_the_cache_again_and_the_others_do_not_wait(
    redis_at, silent_server, clock, settings
):
    redis_at(silent_server.port)
    sharedcache.get("first")
    assert len(silent_server.taken) == 1
    clock[0] += sharedcache.RETRY_SECONDS
    took, start = [], threading.Barrier(8)

    def request():
        start.wait()
        began = time.perf_counter()
        sharedcache.get("again")
        took.append(time.perf_counter() - began)

    threads = [threading.Thread(target=request) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(10)
    timeout = settings.REDIS_CACHE_OPTIONS["socket_timeout"]
    assert len(silent_server.taken) == 2  # one more connection: one request tried
    assert sum(1 for seconds in took if seconds >= timeout) == 1, took


def test_an_increment_of_nothing_is_an_answer_not_an_outage(caplog):
    with pytest.raises(ValueError), caplog.at_level("WARNING", logger="sharedcache"):
        sharedcache.incr("never-set")
    assert caplog.records == [] and sharedcache.state() is None
    assert sharedcache.add("counted", 1, 60) and not sharedcache.add("counted", 5, 60)
    assert sharedcache.incr("counted") == 2


def test_the_shared_cache_is_used_again_once_it_answers(redis_at, closed_port, clock, settings):
    working = settings.CACHES
    redis_at(closed_port)
    sharedcache.set("page", "in the process", 60)
    settings.CACHES = working
    assert sharedcache.get("page") == "in the process"  # not asked yet: the pause lasts
    clock[0] += sharedcache.RETRY_SECONDS
    assert sharedcache.get("page") is None  # the shared cache, which kept nothing then
    sharedcache.set("page", "shared", 60)
    from django.core.cache import cache

    assert cache.get("page") == "shared"


def project_modules():
    """Every module of the project's packages (import-linter's root packages), imported."""
    import importlib
    import pkgutil
    import tomllib

    from django.conf import settings

    config = tomllib.loads((settings.BASE_DIR / "pyproject.toml").read_text(encoding="utf-8"))
    for name in config["tool"]["importlinter"]["root_packages"]:
        package = importlib.import_module(name)
        yield package
        for found in pkgutil.walk_packages(package.__path__, f"{name}."):
            yield importlib.import_module(found.name)


def test_no_module_but_sharedcache_holds_djangos_cache():
    """Django's cache, its handler, a cache of its own or Django's caching decorator and
    middleware in a module's names: that module could reach a cache past the guard."""
    import django.core.cache
    from django.conf import settings
    from django.core.cache.backends.base import BaseCache
    from django.middleware import cache as cache_middleware
    from django.views.decorators.cache import cache_page

    forbidden = [django.core.cache, django.core.cache.cache, django.core.cache.caches, cache_page]
    forbidden += [cache_middleware.CacheMiddleware, cache_middleware.UpdateCacheMiddleware]
    holding = {}
    modules = list(project_modules())
    for module in modules:
        if module.__name__ == "sharedcache":
            continue
        names = [
            name
            for name, value in vars(module).items()
            if any(value is thing for thing in forbidden) or isinstance(value, BaseCache)
        ]
        if names:
            holding[module.__name__] = names
    assert len(modules) > 100
    assert holding == {}
    assert not any(".cache." in middleware for middleware in settings.MIDDLEWARE)


def test_lasting_values_are_kept_in_the_process_within_a_bound_in_bytes(monkeypatch):
    """Kept in the process beside the shared cache (issue 32, 2), the least recently used
    leaving first once the store holds its bytes; each reader gets its own copy."""
    from cachetools import LRUCache
    from django.core.cache import cache

    bound = 10_000
    monkeypatch.setattr(sharedcache, "_lasting", LRUCache(maxsize=bound, getsizeof=len))
    for number in range(100):
        sharedcache.set_lasting(f"page-{number}", {"body": "x" * 1000, "n": number}, 60)
        assert 0 < sharedcache.lasting_bytes() <= bound
    kept = [key for key in (f"page-{n}" for n in range(100)) if key in sharedcache._lasting]
    assert 5 <= len(kept) < 10 and kept == [f"page-{n}" for n in range(100 - len(kept), 100)]
    assert cache.get("page-0")["n"] == 0  # gone from the process, still shared
    assert sharedcache.get_lasting("page-0")["n"] == 0  # read from the shared cache ...
    assert "page-0" in sharedcache._lasting  # ... and kept in the process again
    cache.delete("page-99")
    first = sharedcache.get_lasting("page-99")  # from the process, not asking the shared one
    first["body"] = "changed by one request"
    assert sharedcache.get_lasting("page-99")["body"] == "x" * 1000
    sharedcache.set_lasting("huge", "y" * (2 * bound), 60)  # larger than the whole store
    assert "huge" not in sharedcache._lasting and sharedcache.get("huge") == "y" * (2 * bound)
    sharedcache.clear()
    assert sharedcache.lasting_bytes() == 0 and sharedcache.get_lasting("page-99") is None
