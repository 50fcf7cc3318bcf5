"""What a request does when the database or the disk fails under it (issue 38).

``FaultsMiddleware`` is the last middleware: every other one has looked at the request
(the CSRF check among them), and it calls the view itself.

- **A lost database connection** (the database restarted, a connection cut): the request is
  tried once more on a new connection, when that cannot store anything twice: a safe request
  (GET, HEAD, OPTIONS) always; any other only when nothing was committed before the error
  (every statement that writes is watched, and counts once its transaction commits; a sheet
  is saved in one transaction, so a save that failed committed nothing). Connections kept
  between requests are checked before use (``CONN_HEALTH_CHECKS``), so this is for a
  connection lost while the request runs. Each retry is logged (``syllabatim.faults``).
  When the new connection fails too (the database is down), the person is told that nothing
  was saved and to save again in a moment (503), instead of the generic server error.
- **A full disk**: the person is told that the disk is full, that nothing was saved, and to
  free space and save again (507), instead of the generic server error (which stays where
  the request had committed something before: it says to check what was saved);
  ``tournament.disk`` remembers it for ``/zdravi/`` and the staff's pages until a save
  succeeds again.

A template response is rendered here (no middleware of the project has
``process_template_response``), so that what its rendering reads is tried again too.
"""

import logging

from django.db import (
    Error,
    InterfaceError,
    OperationalError,
    connection,
    transaction,
)
from django.http import HttpResponse
from django.template.loader import get_template

from tournament import disk

log = logging.getLogger("syllabatim.faults")

SAFE_METHODS = ("GET", "HEAD", "OPTIONS")
WRITES = ("insert", "update", "delete", "replace", "create", "drop", "alter")


class CommitWatch:
    """An execute wrapper: ``committed`` once a statement that writes has been committed
    (at once outside a transaction, else when its transaction commits)."""

    def __init__(self):
        self.committed = False

    def _commit_seen(self):
        self.committed = True

    def __call__(self, execute, sql, params, many, context):
        result = execute(sql, params, many, context)
        if str(sql).lstrip().lower().startswith(WRITES):
            transaction.on_commit(self._commit_seen)
        return result


def connection_lost(error: BaseException) -> bool:
    """Whether the error came from a database connection that does not work any more (not a
    refused statement, a lock or a constraint)."""
    if isinstance(error, InterfaceError):
        return True
    if not isinstance(error, OperationalError):
        return False
    if connection.connection is None:  # it could not even connect
        return True
    try:
        return not connection.is_usable()
    except Error:
        return True


def _close_connection() -> None:
    """Drop the lost connection: the next query opens a new one. (Inside a transaction, a
    test's, it is left to the transaction's owner.)"""
    if connection.in_atomic_block:
        return
    try:
        connection.close()
    except Error:
        connection.connection = None


def disk_full_answer(request):
    """507 with the page that says so; rendered without the context processors (they read
    the database)."""
    disk.record_full()
    page = get_template("disk_full.html").render({"again": request.get_full_path()})
    response = HttpResponse(page, status=507)
    response["Cache-Control"] = "no-store"
    return response


def database_down_answer(request):
    """503 when the database does not answer even on a new connection, and nothing was
    committed: the person is told that nothing was saved and to save again in a moment."""
    page = get_template("database_down.html").render({"again": request.get_full_path()})
    response = HttpResponse(page, status=503)
    response["Cache-Control"] = "no-store"
    response["Retry-After"] = "5"
    return response


def _first_line(error: BaseException) -> str:
    text = str(error).strip()
    return text.splitlines()[0] if text else type(error).__name__


class FaultsMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_view(self, request, view, args, kwargs):
        tried = 0
        while True:
            watch = CommitWatch()
            try:
                with connection.execute_wrapper(watch):
                    response = view(request, *args, **kwargs)
                    if callable(getattr(response, "render", None)) and not getattr(
                        response, "is_rendered", True
                    ):
                        response = response.render()
            except (Error, OSError) as error:
                if disk.is_disk_full(error):
                    if watch.committed:  # "nothing was saved" would not be true: the error
                        disk.record_full()
                        raise
                    log.error("The disk is full: %s %s saved nothing", request.method, request.path)
                    return disk_full_answer(request)
                safe = request.method in SAFE_METHODS or not watch.committed
                if not safe or not connection_lost(error):
                    raise
                if tried:
                    log.error(
                        "The database does not answer: %s %s saved nothing (%s)",
                        request.method,
                        request.path,
                        _first_line(error),
                    )
                    return database_down_answer(request)
                tried += 1
                log.warning(
                    "Retried %s %s once after a lost database connection: %s",
                    request.method,
                    request.path,
                    _first_line(error),
                )
                _close_connection()
                continue
            if watch.committed:
                disk.record_write()
            return response
