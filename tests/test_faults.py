"""What a request does when the database or the disk fails under it (``ui.faults``,
``tournament.disk``): one more try after a lost connection where nothing can be stored twice,
and a full disk said in words, on ``/zdravi/`` and on the staff's pages. The real faults
(a killed worker, a restarted PostgreSQL, a filled disk) are ``tests/faults/``."""

import errno
import logging

import pytest
from django.contrib.auth.models import User
from django.db import InterfaceError, OperationalError, connection
from django.http import HttpResponse
from django.test import Client, RequestFactory

from tests.conftest import client_of
from tournament import disk
from ui.faults import FaultsMiddleware

pytestmark = pytest.mark.django_db

FULL_SQLITE = OperationalError("database or disk is full")


def flaky(error, *, write_first=False, times=1):
    """A view that fails ``times`` times with ``error`` (after writing a row, when asked),
    then answers; ``calls`` counts its calls."""

    def view(request):
        view.calls += 1
        if view.calls <= times:
            if write_first:
                User.objects.create(username=f"written-{view.calls}")
            raise error
        return HttpResponse("done")

    view.calls = 0
    return view


def through_middleware(view, method="get"):
    request = getattr(RequestFactory(), method)("/somewhere/")
    return FaultsMiddleware(lambda r: None).process_view(request, view, (), {})


def test_a_request_that_meets_a_lost_connection_is_tried_once_more(caplog):
    view = flaky(InterfaceError("connection already closed"))
    with caplog.at_level(logging.WARNING, logger="syllabatim.faults"):
        response = through_middleware(view)
    assert response.content == b"done" and view.calls == 2
    assert [r.getMessage().split(":")[0] for r in caplog.records] == [
        "Retried GET /somewhere/ once after a lost database connection"
    ]
    again = flaky(InterfaceError("connection already closed"), times=2)
    down = through_middleware(again)  # once, not more: then the person is told
    assert again.calls == 2 and down.status_code == 503
    page = down.content.decode()
    assert "Databáze neodpovídá: nic nebylo uloženo" in page
    assert "počkejte několik sekund a uložte znovu" in page


@pytest.mark.django_db(transaction=True)  # a commit is what it watches
def test_a_post_is_tried_again_only_when_nothing_was_committed():
    view = flaky(InterfaceError("connection already closed"), write_first=False)
    assert through_middleware(view, "post").content == b"done" and view.calls == 2
    committed = flaky(InterfaceError("connection already closed"), write_first=True)
    with pytest.raises(InterfaceError):
        through_middleware(committed, "post")
    assert committed.calls == 1 and User.objects.filter(username="written-1").exists()


@pytest.mark.django_db(transaction=True)
def test_a_write_rolled_back_is_not_a_commit():
    from django.db import transaction

    def view(request):
        view.calls += 1
        if view.calls == 1:
            with transaction.atomic():
                User.objects.create(username="rolled-back")
                raise InterfaceError("connection already closed")
        return HttpResponse("done")

    view.calls = 0
    assert through_middleware(view, "post").content == b"done" and view.calls == 2
    assert not User.objects.filter(username="rolled-back").exists()


def test_an_error_of_a_working_connection_is_not_tried_again(monkeypatch):
    monkeypatch.setattr(connection, "is_usable", lambda: True)
    connection.ensure_connection()
    view = flaky(OperationalError("database is locked"))
    with pytest.raises(OperationalError):
        through_middleware(view)
    assert view.calls == 1


@pytest.mark.parametrize(
    "error",
    [
        FULL_SQLITE,
        OSError(errno.ENOSPC, "No space left on device"),
        OperationalError('could not extend file "base/16384/2619": No space left on device'),
    ],
)
def test_disk_full_errors_are_recognised(error):
    assert disk.is_disk_full(error)
    wrapped = OperationalError("while saving")
    wrapped.__cause__ = error
    assert disk.is_disk_full(wrapped)
    assert not disk.is_disk_full(OperationalError("database is locked"))


@pytest.mark.django_db(transaction=True)  # the mark goes with a save committed
def test_a_full_disk_is_said_in_words_on_zdravi_and_on_the_staffs_pages(referees):
    response = through_middleware(flaky(FULL_SQLITE, times=5), "post")
    assert response.status_code == 507
    page = response.content.decode()
    assert "Disk je plný: nic nebylo uloženo" in page
    assert "Uvolněte místo na disku serveru a pak uložte znovu." in page
    health = Client().get("/zdravi/").content.decode()
    assert health.startswith("disk full\ncache: ok\ndisk: full since ")
    assert "nothing can be saved" in health
    start = client_of(referees[0]).get("/sprava/").content.decode()
    assert "Disk je plný: nelze nic uložit" in start
    assert through_middleware(flaky(FULL_SQLITE, times=0), "post").content == b"done"
    assert disk.state().full  # nothing was written: still full

    def writes(request):
        User.objects.create(username="saved-again")
        return HttpResponse("saved")

    assert through_middleware(writes, "post").content == b"saved"
    assert not disk.state().full
    assert Client().get("/zdravi/").content.decode().startswith("ok\ncache: ok\ndisk: ok, ")
    assert "Disk je plný" not in client_of(referees[0]).get("/sprava/").content.decode()


@pytest.mark.django_db(transaction=True)
def test_a_full_disk_after_a_commit_is_not_called_nothing_saved():
    with pytest.raises(OperationalError):
        through_middleware(flaky(FULL_SQLITE, write_first=True), "post")
    assert disk.state().full  # remembered all the same


def test_the_organiser_is_warned_while_free_space_is_low(settings, referees):
    settings.DISK_LOW_BYTES = 10**18
    start = client_of(referees[0]).get("/sprava/").content.decode()
    assert "Disk je téměř plný" in start
    assert Client().get("/zdravi/").content.decode().startswith("ok\ncache: ok\ndisk: low, ")
    settings.DISK_LOW_BYTES = 0
    assert "Disk je téměř plný" not in client_of(referees[0]).get("/sprava/").content.decode()


def test_the_disk_full_mark_goes_when_room_is_freed(monkeypatch):
    free = {"now": 50_000}
    monkeypatch.setattr(disk, "free_bytes", lambda folder=None: free["now"])
    disk.record_full()
    assert disk.state().full
    free["now"] = 50_000 + disk.ROOM_AGAIN
    assert not disk.state().full
