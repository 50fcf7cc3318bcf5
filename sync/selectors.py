"""Reads of publishing: the venue's state to push, and what the organiser's page shows."""

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db import connection, transaction

from interchange.exporter import export_tournament
from tournament.models import Tournament

from .models import AcceptedPush, PushToken, VenuePush

# Pushes that keep failing this long, or changes that nobody is pushing, are a warning.
PATIENCE = timedelta(minutes=2)


def marker_of(tournament_id: int, revision: int) -> str:
    """One state of the venue's data: a replaced tournament is a new row, a change adds one
    to the revision."""
    return f"{tournament_id}.{revision}"


def venue_marker(slug: str) -> str | None:
    """The state of the venue's tournament, in one small query (the push command polls it)."""
    found = Tournament.objects.filter(slug=slug).values_list("pk", "revision").first()
    return None if found is None else marker_of(*found)


def accepted_marker(*, slug: str, server: str) -> str:
    """The venue's state that ``server`` accepted last ("" if none)."""
    push = VenuePush.objects.filter(slug=slug, server=server).first()
    return push.accepted_marker if push else ""


@contextmanager
def _snapshot() -> Iterator[None]:
    """One consistent view of the data while the document is written: PostgreSQL's repeatable
    read; SQLite's transaction holds the database's lock until it ends. (Inside a transaction
    that is already open, such as a test's, that transaction's view serves.)"""
    outermost = not connection.in_atomic_block
    with transaction.atomic():
        if outermost and connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY")
        yield


def venue_document(slug: str) -> tuple[str, dict] | None:
    """The venue's tournament as a syllabatim-tournament document, and the state it shows;
    None when there is no such tournament."""
    with _snapshot():
        tournament = Tournament.objects.filter(slug=slug).first()
        if tournament is None:
            return None
        return marker_of(tournament.pk, tournament.revision), export_tournament(tournament)


@dataclass(frozen=True)
class VenueStatus:
    push: VenuePush | None
    pending: bool  # the venue has changes that the server has not accepted yet
    failing_too_long: bool
    not_watched: bool  # changes wait, and no push command has watched for a while


@dataclass(frozen=True)
class ServerStatus:
    accepted: AcceptedPush | None
    tokens: list[PushToken]


def venue_status(*, slug: str, now: datetime) -> VenueStatus:
    push = VenuePush.objects.filter(slug=slug).first()
    if push is None:
        return VenueStatus(None, pending=False, failing_too_long=False, not_watched=False)
    pending = venue_marker(slug) not in (None, push.accepted_marker)
    last_seen = max(
        (moment for moment in (push.watched_at, push.attempted_at) if moment), default=None
    )
    return VenueStatus(
        push,
        pending=pending,
        failing_too_long=push.failing_since is not None and now - push.failing_since > PATIENCE,
        not_watched=pending and (last_seen is None or now - last_seen > PATIENCE),
    )


def server_status(*, slug: str) -> ServerStatus:
    return ServerStatus(
        accepted=AcceptedPush.objects.filter(slug=slug).first(),
        tokens=list(PushToken.objects.filter(slug=slug)),
    )
