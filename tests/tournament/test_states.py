"""A process keeps a tournament's state (row and revision) for ``STATE_SECONDS`` at most and
forgets it as soon as it writes anything (issue 32, 2): no answer older than a second after a
save, and never an older state than one it has read or written."""

import threading

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tournament import cache
from tournament.cache import STATE_SECONDS, recent, stamp
from tournament.changes import touch
from tournament.models import Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def clock(monkeypatch):
    now = [1000.0]
    monkeypatch.setattr(cache.time, "monotonic", lambda: now[0])
    return now


def test_the_state_is_read_once_in_its_lifetime_and_again_after_it(demo, clock):
    with CaptureQueriesContext(connection) as captured:
        first = stamp(demo.slug)
        clock[0] += STATE_SECONDS / 2
        assert stamp(demo.slug) == first
    assert len(captured) == 1
    Tournament.objects.filter(pk=demo.pk).update(revision=demo.revision + 5)  # no signal
    assert stamp(demo.slug) == first  # another server's write: not seen yet ...
    clock[0] += STATE_SECONDS / 2
    assert stamp(demo.slug) == f"{demo.pk}.{demo.revision + 5}"  # ... after the lifetime
    assert STATE_SECONDS <= 0.5  # with a page's time, no answer older than a second


def test_a_write_of_this_process_is_seen_at_once(demo, clock):
    first = stamp(demo.slug)
    touch(demo.pk)
    assert stamp(demo.slug) == f"{demo.pk}.{demo.revision + 1}" != first
    demo.refresh_from_db()
    demo.name = "Přejmenovaný turnaj"
    demo.save()  # any save: forgotten
    assert stamp(demo.slug) == f"{demo.pk}.{demo.revision + 1}"


def test_a_state_read_before_a_write_or_a_later_read_is_not_kept(clock):
    reading, written = threading.Event(), threading.Event()

    def slow_read():
        reading.set()
        written.wait(5)
        return "before the write"

    thread = threading.Thread(target=lambda: recent("key", slow_read))
    thread.start()
    reading.wait(5)
    cache.forget_states()  # a write while the read was under way
    written.set()
    thread.join(5)
    assert recent("key", lambda: "after the write") == "after the write"

    late = threading.Event()
    started = threading.Event()

    def older_read():
        started.set()
        late.wait(5)
        return "older"

    thread = threading.Thread(target=lambda: recent("other", older_read))
    clock[0] += STATE_SECONDS  # the first read started at this time ...
    thread.start()
    started.wait(5)
    clock[0] += 0.1
    assert recent("other", lambda: "newer") == "newer"  # ... a later one finished first
    late.set()
    thread.join(5)
    assert recent("other", lambda: "read again") == "newer"


def test_a_process_keeps_a_bounded_number_of_states(clock):
    for number in range(cache.STATES_KEPT + 10):
        recent(("tournament", f"slug-{number}"), lambda: None)
    assert len(cache._states) <= cache.STATES_KEPT
