"""The disk the data lives on: a save refused because it is full, and free space running low.

A full disk makes every write fail whole (a sheet is saved in one transaction, so nothing is
half-saved), but the error is the database's: SQLite's "database or disk is full" (about
96 KiB before ``df`` shows the disk full), PostgreSQL's ``DiskFull`` (SQLSTATE 53100), or an
``OSError`` of ``ENOSPC``. ``is_disk_full`` recognises them; the web layer then tells the
person that nothing was saved and why (``ui.faults``), and ``record_full`` remembers it for
``/zdravi/`` and the staff's start page (``state``), shared by the worker processes through
the cache, until a save succeeds again (``record_write``) or the disk has room again.

While the free space of the watched folder (the SQLite database's, else the project's, or
``DJANGO_DISK_PATH``) is under ``DJANGO_DISK_LOW_MIB`` (200 MiB) the organiser is warned.
"""

import errno
import shutil
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from django.conf import settings
from django.utils import timezone

import sharedcache

FULL_KEY = "disk:full"  # in the shared cache: {"at": time.time(), "free": bytes free then}
REMEMBERED_SECONDS = 24 * 60 * 60
ROOM_AGAIN = 1024 * 1024  # this much more free than at the failure: there is room again
FULL_ERRNOS = {errno.ENOSPC, errno.EDQUOT, errno.EFBIG}
FULL_SQLSTATE = "53100"  # PostgreSQL's disk_full


def is_disk_full(error: BaseException | None) -> bool:
    """Whether ``error`` (or an error it was raised from) says that the disk is full."""
    seen = set()
    while error is not None and id(error) not in seen:
        seen.add(id(error))
        if isinstance(error, OSError) and error.errno in FULL_ERRNOS:
            return True
        if getattr(error, "sqlstate", None) == FULL_SQLSTATE:  # psycopg 3
            return True
        if getattr(error, "pgcode", None) == FULL_SQLSTATE:  # psycopg 2
            return True
        text = str(error).lower()
        if "database or disk is full" in text or "no space left on device" in text:
            return True
        error = error.__cause__ or error.__context__
    return False


def watched_folder() -> Path:
    """The folder whose disk is watched: the SQLite database's, else ``DJANGO_DISK_PATH`` or
    the project's (a PostgreSQL server's disk is its own machine's)."""
    if getattr(settings, "DISK_PATH", ""):
        return Path(settings.DISK_PATH)
    database = settings.DATABASES["default"]
    if database["ENGINE"].endswith("sqlite3") and database["NAME"] not in ("", ":memory:"):
        return Path(database["NAME"]).parent
    return Path(settings.BASE_DIR)


def free_bytes(folder: Path | None = None) -> int | None:
    try:
        return shutil.disk_usage(folder or watched_folder()).free
    except OSError:
        return None


@dataclass(frozen=True)
class DiskState:
    free: int | None  # bytes free on the watched folder's disk (None: unknown)
    low: bool  # under the warning threshold
    full_since: float | None  # time.time() of a save refused for a full disk, still so

    @property
    def full(self) -> bool:
        return self.full_since is not None

    @property
    def full_since_local(self):
        """When the first save failed, as an aware time for the pages."""
        if self.full_since is None:
            return None
        return timezone.localtime(datetime.fromtimestamp(self.full_since, tz=UTC))

    @property
    def free_mib(self) -> int | None:
        return None if self.free is None else self.free // (1024 * 1024)


def record_full() -> None:
    """A write failed for a full disk: remembered for every worker until a write succeeds."""
    if sharedcache.get(FULL_KEY) is None:
        sharedcache.set(FULL_KEY, {"at": time.time(), "free": free_bytes()}, REMEMBERED_SECONDS)


def record_write() -> None:
    """A write succeeded: the disk has room again."""
    if sharedcache.get(FULL_KEY) is not None:
        sharedcache.delete(FULL_KEY)


def state() -> DiskState:
    free = free_bytes()
    low = free is not None and free < settings.DISK_LOW_BYTES
    full = sharedcache.get(FULL_KEY)
    full_since = None
    if full is not None:
        was = full.get("free")
        if free is not None and was is not None and free >= was + ROOM_AGAIN:
            sharedcache.delete(FULL_KEY)  # room again: freed by someone
        else:
            full_since = full["at"]
    return DiskState(free=free, low=low, full_since=full_since)
