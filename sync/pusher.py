"""The venue's side of the push: send the current state, or keep sending every new state.

Every push sends the latest state (never a queue of older ones) under a revision that only
grows (``services.claim_revision``); a failed push is retried with growing pauses, and the
retry sends whatever is latest by then.
"""

import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

import httpx
from django.db import DatabaseError, Error, connection
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from . import selectors, services
from .protocol import document_digest, encode_body, push_url

TIMEOUT = httpx.Timeout(60.0, connect=10.0)
CHECK_TIMEOUT = httpx.Timeout(10.0, connect=5.0)  # asking the server's revision
HEARTBEAT = 30.0  # seconds between the "still watching" notes for the organiser's page
SHOWN_ERRORS = 3  # errors of a refused document quoted in the answer line


class NoTournament(Exception):
    pass


def _drop_connection() -> None:
    """After a database error: the next query opens a new connection."""
    try:
        connection.close()
    except Error:
        connection.connection = None


@dataclass(frozen=True)
class Answer:
    revision: int
    marker: str
    status: int | None  # None: no answer from the server
    text: str
    accepted: bool
    at: datetime
    reasons: tuple[str, ...] = ()  # the server's reasons for a refused document, every one
    refused_before: int | None = None  # not reached: the revision the server refused last


def _json(response: httpx.Response) -> dict:
    try:
        data = response.json()
    except ValueError:
        return {}
    return data if isinstance(data, dict) else {}


def _errors(data: dict) -> list[str]:
    errors = data.get("errors")
    return [str(e) for e in errors] if isinstance(errors, list) else []


def describe(response: httpx.Response, revision: int, digest: str) -> tuple[str, bool]:
    """The server's answer in words, and whether the server now holds this push."""
    data = _json(response)
    status = response.status_code
    if status == 200:
        return _("accepted"), True
    if status == 409:
        held = data.get("revision")
        if held == revision and data.get("digest") == digest:
            return _("the server had it already"), True
        return (
            _(
                "refused: the server holds revision %(held)s already (pushed from another copy "
                "of the venue's data?); to overrule it, push with --next-revision above it"
            )
            % {"held": held},
            False,
        )
    if status == 401:
        return (
            _(
                "refused: the server does not accept the key (wrong, revoked, or for another "
                "tournament)"
            ),
            False,
        )
    if status == 413:
        return _("refused: the document is larger than the server allows"), False
    if status == 400:
        errors = _errors(data)
        shown = "; ".join(errors[:SHOWN_ERRORS])
        if len(errors) > SHOWN_ERRORS:
            shown += " …"
        return (
            ngettext(
                "refused, %(count)s error: %(errors)s",
                "refused, %(count)s errors: %(errors)s",
                len(errors),
            )
            % {"count": len(errors), "errors": shown},
            False,
        )
    return _("the server answered %(status)s") % {"status": status}, False


class Pusher:
    def __init__(
        self,
        *,
        slug: str,
        server: str,
        token: str,
        next_revision: int = 0,
        transport: httpx.BaseTransport | None = None,
    ):
        self.slug = slug
        self.server = server
        self.url = push_url(server, slug)
        self.next_revision = next_revision
        self.client = httpx.Client(
            transport=transport,
            timeout=TIMEOUT,
            headers={"Authorization": f"Bearer {token}", "User-Agent": "syllabatim-push"},
        )

    def close(self) -> None:
        self.client.close()

    def push(self) -> Answer:
        """Send the venue's current state once, and record the answer."""
        state = selectors.venue_document(self.slug)
        if state is None:
            raise NoTournament(self.slug)
        marker = state.marker
        revision = services.claim_revision(
            slug=self.slug, server=self.server, marker=marker, at_least=self.next_revision
        )
        digest = document_digest(state.document, state.unconfirmed, state.ceremony)
        try:
            response = self.client.put(
                self.url,
                content=encode_body(revision, state.document, state.unconfirmed, state.ceremony),
                headers={"Content-Type": "application/json", "Content-Encoding": "gzip"},
            )
        except httpx.HTTPError as error:
            status, accepted = None, False
            text = _("the server cannot be reached (%(error)s)") % {
                "error": str(error) or type(error).__name__
            }
        else:
            status = response.status_code
            text, accepted = describe(response, revision, digest)
        reasons = () if status != 400 or accepted else tuple(_errors(_json(response)))
        at = timezone.now()
        state = services.record_answer(
            slug=self.slug,
            revision=revision,
            marker=marker,
            status=status,
            answer=text,
            accepted=accepted,
            at=at,
            reasons=reasons,
        )
        refused_before = state.refused_revision if status is None else None
        return Answer(revision, marker, status, text, accepted, at, reasons, refused_before)

    def server_revision(self) -> int | None:
        """The revision the public server holds (GET with the key), recorded for the
        organiser's page; None when the server cannot be reached or does not say."""
        try:
            response = self.client.get(self.url, timeout=CHECK_TIMEOUT)
        except httpx.HTTPError:
            return None
        held = _json(response).get("revision") if response.status_code == 200 else None
        if not isinstance(held, int) or isinstance(held, bool) or held < 0:
            return None
        services.record_server_revision(slug=self.slug, revision=held, at=timezone.now())
        return held

    def watch(
        self,
        *,
        report: Callable[[Answer, float | None], None],
        interval: float = 1.0,
        max_backoff: float = 10.0,
        sleep: Callable[[float], None] = time.sleep,
        clock: Callable[[], float] = time.monotonic,
        stop: Callable[[], bool] = lambda: False,
        missing: Callable[[], None] = lambda: None,
        behind: Callable[[int, int], None] = lambda held, accepted: None,
        failed: Callable[[Exception, float], None] = lambda error, retry_in: None,
    ) -> None:
        """Push whenever the venue's data changed (polled every ``interval`` seconds), or
        whenever the public server holds another revision than the last it accepted from
        here (asked at every interval: a server restored from an older backup, say; ``behind``
        gets the two revisions first); after a failure wait 1, 2, 4 … up to ``max_backoff``
        seconds and push the latest state again. An error of the venue's own database (its
        disk full, say) goes to ``failed`` with the pause, and the watch goes on. ``report``
        gets every answer and the pause before the next try (None after a success)."""
        pushed = selectors.accepted_marker(slug=self.slug, server=self.server)
        backoff = 0.0
        noted = None

        def step() -> float:
            """One look (and push); the pause before the next."""
            nonlocal pushed, backoff, noted
            now = clock()
            if noted is None or now - noted >= HEARTBEAT:
                services.record_watching(slug=self.slug, at=timezone.now())
                noted = now
            marker = selectors.venue_marker(self.slug)
            if marker is None:
                missing()
                return interval
            if marker == pushed and not backoff:
                held = self.server_revision()
                accepted = selectors.accepted_revision(slug=self.slug, server=self.server)
                if held is None or held == accepted:
                    return interval
                if held < accepted:
                    behind(held, accepted)
            try:
                answer = self.push()
            except NoTournament:
                return 0.0
            if answer.accepted:
                pushed, backoff = answer.marker, 0.0
                report(answer, None)
                return interval
            backoff = min(max(1.0, backoff * 2), max_backoff)
            report(answer, backoff)
            return backoff

        while not stop():
            try:
                pause = step()
            except DatabaseError as error:
                # The venue's own database failed (its disk full, a lost connection): the
                # watch says so and tries again, it does not stop (issue 38).
                backoff = min(max(1.0, backoff * 2), max_backoff)
                failed(error, backoff)
                _drop_connection()
                pause = backoff
            if pause:
                sleep(pause)
