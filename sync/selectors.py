"""Reads of publishing: the venue's state to push, and what the organiser's page shows."""

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db import connection, transaction

from interchange.exporter import export_tournament
from rules.stages import stage_index
from scoring.models import Ceremony, Sheet
from tournament.cache import state_of
from tournament.models import Tournament

from .models import AcceptedPush, PushedTournament, PushToken, VenuePush
from .protocol import UNCONFIRMED_KEYS

# Pushes that keep failing this long, or changes that nobody is pushing, are a warning.
PATIENCE = timedelta(minutes=2)


def marker_of(tournament_id: int, revision: int) -> str:
    """One state of the venue's data: a replaced tournament is a new row, a change adds one
    to the revision."""
    return f"{tournament_id}.{revision}"


def venue_marker(slug: str) -> str | None:
    """The state of the venue's tournament, in one small query (the push command polls it)."""
    found = state_of(slug)
    return None if found is None else marker_of(*found)


def accepted_marker(*, slug: str, server: str) -> str:
    """The venue's state that ``server`` accepted last ("" if none)."""
    push = VenuePush.objects.filter(slug=slug, server=server).first()
    return push.accepted_marker if push else ""


def accepted_revision(*, slug: str, server: str) -> int:
    """The last revision ``server`` accepted from this computer (0 if none)."""
    push = VenuePush.objects.filter(slug=slug, server=server).first()
    return push.accepted_revision if push else 0


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


@dataclass(frozen=True)
class VenueState:
    marker: str
    document: dict  # the syllabatim-tournament document
    unconfirmed: list[dict]  # the sheets entered and not yet confirmed (protocol.py)
    ceremony: dict | None = None  # {"shown": N} once a place is revealed (protocol.py)


# Where a sheet's address (the protocol's UNCONFIRMED_KEYS, in their order) is in the database.
SHEET_ADDRESS_FIELDS = (
    "table__game__stage__kind",
    "table__game__number",
    "table__number",
    "round__number",
)


def unconfirmed_sheet_addresses(tournament: Tournament) -> list[dict]:
    """The tournament's sheets that wait for a referee's confirmation, in the protocol's
    words, stage by stage, game, round and table."""
    rows = (
        Sheet.objects.filter(table__game__stage__tournament=tournament, confirmed_at__isnull=True)
        .values_list(*SHEET_ADDRESS_FIELDS)
        .order_by()
    )
    return [
        dict(zip(UNCONFIRMED_KEYS, row, strict=True))
        for row in sorted(rows, key=lambda row: (stage_index(row[0]), row[1], row[3], row[2]))
    ]


def venue_document(slug: str) -> VenueState | None:
    """The venue's tournament as a syllabatim-tournament document, with the state it shows
    and its unconfirmed sheets, in one consistent view; None when there is no such
    tournament."""
    with _snapshot():
        tournament = Tournament.objects.filter(slug=slug).first()
        if tournament is None:
            return None
        return VenueState(
            marker_of(tournament.pk, tournament.revision),
            export_tournament(tournament),
            unconfirmed_sheet_addresses(tournament),
            ceremony_of(tournament),
        )


def ceremony_of(tournament: Tournament) -> dict | None:
    """Where the venue's ceremony stands, in the protocol's words: ``{"shown": N}`` once a
    place is revealed; None before (or once started over)."""
    shown = Ceremony.objects.filter(tournament=tournament).values_list("shown", flat=True).first()
    return {"shown": shown} if shown else None


@dataclass(frozen=True)
class VenueStatus:
    push: VenuePush | None
    pending: bool  # the venue has changes that the server has not accepted yet
    failing_too_long: bool
    not_watched: bool  # changes wait, and no push command has watched for a while
    # The public server holds less than it accepted from here (restored from an older
    # backup): it does not show the current results until the next push.
    server_behind: bool = False


@dataclass(frozen=True)
class ServerStatus:
    received: PushedTournament | None  # as this server's organiser created it for pushes
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
        server_behind=server_behind(push),
    )


def server_behind(push: VenuePush | None) -> bool:
    """Whether the public server, when last asked, held an older revision than the last one
    it accepted from this computer (or none at all)."""
    return (
        push is not None
        and push.server_revision is not None
        and push.server_revision < push.accepted_revision
    )


def server_status(*, slug: str) -> ServerStatus:
    return ServerStatus(
        received=PushedTournament.objects.filter(slug=slug).first(),
        accepted=AcceptedPush.objects.filter(slug=slug).first(),
        tokens=list(PushToken.objects.filter(tournament__slug=slug)),
    )


@dataclass(frozen=True)
class Held:
    revision: int  # 0: nothing accepted yet
    digest: str


def held_revision(*, slug: str) -> Held:
    """The revision (and its document's digest) this server holds for the tournament."""
    found = AcceptedPush.objects.filter(slug=slug).values_list("revision", "digest").first()
    return Held(*found) if found else Held(0, "")
