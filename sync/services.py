"""Writes of publishing: the tournaments this server receives and their push keys, accepting a
push (the public server), and the venue's record of its own pushes."""

import hashlib
import hmac
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.core.validators import validate_slug
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from interchange.importer import DocumentRejected, import_tournament
from interchange.places import Place, Problem
from refusals import Refused
from scoring.models import Ceremony, Lot, RoundResult, Sheet
from tournament.changes import one_touch
from tournament.lookups import who
from tournament.models import Table, Tournament, TournamentKind, validate_not_staff_address

from .models import AcceptedPush, PushedTournament, PushToken, VenuePush, kind_and_year
from .protocol import UNCONFIRMED_KEYS, document_digest
from .selectors import SHEET_ADDRESS_FIELDS

TOKEN_BYTES = 32  # 256 random bits
HINT_LENGTH = 6
# Compared against when a tournament has no key, so that an unknown tournament and a wrong key
# cost the same and answer the same.
_NO_KEY = hashlib.sha256(b"no key").hexdigest()


def token_digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


YEARS = (1900, 2999)  # the years a tournament may have (``Tournament.year``)


def receive_tournament(
    *, slug: str, kind: str | None = None, year: int | None = None, by: User | None = None
) -> PushedTournament:
    """The tournament ``slug`` as this server receives it: created here once, before any
    key, with the kind and year every push must keep; the one created already (``kind`` and
    ``year``, when given, must be its). Without them, they are those of the tournament of
    this short name on this server. Refused with the reason and the field."""
    try:
        validate_slug(slug)
        validate_not_staff_address(slug)
    except ValidationError as error:
        raise Refused(" ".join(error.messages), place="slug") from error
    if kind is not None and kind not in TournamentKind.values:
        raise Refused(_("Choose the kind of the tournament."), place="kind")
    if year is not None and not YEARS[0] <= year <= YEARS[1]:
        raise Refused(
            _("The year must be from %(first)s to %(last)s.")
            % {"first": YEARS[0], "last": YEARS[1]},
            place="year",
        )
    with transaction.atomic():
        received = PushedTournament.objects.select_for_update().filter(slug=slug).first()
        here = Tournament.objects.filter(slug=slug).values_list("kind", "year").first()
        fixed = (received.kind, received.year) if received else here
        if fixed is not None:
            for field, given, held in (("kind", kind, fixed[0]), ("year", year, fixed[1])):
                if given is not None and given != held:
                    raise Refused(
                        _(
                            "The tournament „%(slug)s“ on this server is a %(what)s; its kind "
                            "and year stay as they are."
                        )
                        % {"slug": slug, "what": kind_and_year(*fixed)},
                        place=field,
                    )
        if received is not None:
            return received
        if fixed is None and (kind is None or year is None):
            raise Refused(
                _(
                    "There is no tournament „%(slug)s“ on this server: give its kind and year "
                    "(a push keeps them)."
                )
                % {"slug": slug},
                place="kind" if kind is None else "year",
            )
        kind, year = fixed or (kind, year)
        return PushedTournament.objects.create(slug=slug, kind=kind, year=year, created_by=who(by))


@transaction.atomic
def create_push_token(
    *, slug: str, kind: str | None = None, year: int | None = None, by: User | None = None
) -> str:
    """A new key for pushing the tournament ``slug`` as this server receives it
    (``receive_tournament``: created now, of ``kind`` and ``year``, when it is not yet), and
    no other; only its digest is kept, so the key returned here is the only copy."""
    received = receive_tournament(slug=slug, kind=kind, year=year, by=by)
    token = secrets.token_urlsafe(TOKEN_BYTES)
    PushToken.objects.create(
        tournament=received,
        digest=token_digest(token),
        hint=token[:HINT_LENGTH],
        created_by=who(by),
    )
    return token


def revoke_push_token(*, slug: str, token_id: int) -> bool:
    """Revoke one of the tournament's keys; False when there was no such valid key."""
    return bool(
        PushToken.objects.filter(
            pk=token_id, tournament__slug=slug, revoked_at__isnull=True
        ).update(revoked_at=timezone.now())
    )


def push_token_for(*, slug: str, token: str) -> PushToken | None:
    """The valid key that ``token`` is, when it is bound to the tournament ``slug``; None
    otherwise (a key of another tournament included). Every valid key of the tournament is
    compared, each in constant time; an unknown tournament costs one comparison as well."""
    offered = token_digest(token)
    found = None
    candidates = list(
        PushToken.objects.filter(tournament__slug=slug, revoked_at__isnull=True).select_related(
            "tournament"
        )
    )
    for candidate in candidates:
        if hmac.compare_digest(candidate.digest, offered):
            found = candidate
    if not candidates:
        hmac.compare_digest(_NO_KEY, offered)
    return found


def kind_and_year_problems(received: PushedTournament, document: object) -> list[Problem]:
    """Why ``document`` is not the tournament ``received`` (of another kind or year, which
    this server's organiser set); nothing when it is, or when the document is too broken to
    tell (its check says why)."""
    info = document.get("tournament") if isinstance(document, dict) else None
    if not isinstance(info, dict):
        return []
    kind = info.get("kind", TournamentKind.CHAMPIONSHIP)  # before version 4: a championship
    year = info.get("year")
    if kind not in TournamentKind.values or not isinstance(year, int) or isinstance(year, bool):
        return []
    if (kind, year) == (received.kind, received.year):
        return []
    return [
        Problem(
            Place(item="tournament.kind" if kind != received.kind else "tournament.year"),
            _(
                "the document is a %(document)s, but this server's organiser created the "
                "tournament „%(slug)s“ as a %(received)s: a key pushes only the tournament it "
                "was made for, and a push changes neither its kind nor its year."
            )
            % {
                "document": kind_and_year(kind, year),
                "slug": received.slug,
                "received": kind_and_year(received.kind, received.year),
            },
        )
    ]


class StaleRevision(Exception):
    """The server holds this revision already, or a newer one."""

    def __init__(self, held: AcceptedPush):
        super().__init__(held.revision)
        self.revision = held.revision
        self.digest = held.digest


@dataclass(frozen=True)
class Accepted:
    revision: int
    digest: str
    warnings: list


def _line_up(slug: str) -> AcceptedPush:
    """The tournament's accepted revision, locked until the transaction ends: pushes of one
    tournament pass one at a time (on SQLite the transaction itself takes the write lock)."""
    held, _created = AcceptedPush.objects.select_for_update().get_or_create(slug=slug)
    return held


def accept_push(
    *,
    slug: str,
    revision: int,
    document: object,
    unconfirmed: list[dict] | None = None,
    ceremony: dict | None = None,
    token: PushToken | None = None,
) -> Accepted:
    """Replace the tournament ``slug`` by ``document`` when ``revision`` is newer than the last
    accepted one: all of it or nothing. Raises ``StaleRevision``, or ``DocumentRejected``
    with every problem (checked exactly as ``import_tournament`` checks a file): also when
    this server's organiser has not created the tournament (``receive_tournament``), or
    created it of another kind or year than the document's.

    ``unconfirmed``: the sheets the venue has not confirmed yet (``protocol.py``); they stay
    unconfirmed here too, so that this server announces nothing the venue has not.
    ``ceremony``: where the venue's announcement of the results stands (``{"shown": N}``), so
    that this server's ceremony page shows the same places (issue 35)."""
    unconfirmed = unconfirmed or []
    received = token.tournament if token is not None else None
    received = received or PushedTournament.objects.filter(slug=slug).first()
    if received is None or received.slug != slug:
        raise DocumentRejected(
            [
                Problem(
                    Place(),
                    _(
                        "this server's organiser has not created the tournament „%(slug)s“ for "
                        "pushes."
                    )
                    % {"slug": slug},
                )
            ]
        )
    problems = kind_and_year_problems(received, document)
    if problems:
        raise DocumentRejected(problems)
    digest = document_digest(document, unconfirmed, ceremony)
    with transaction.atomic():
        held = _line_up(slug)
        if revision <= held.revision:
            raise StaleRevision(held)
        previous = (
            Tournament.objects.select_for_update()
            .filter(slug=slug)
            .values_list("revision", flat=True)
            .first()
        )
        if previous is not None:
            _forget_scores(slug)
        with one_touch():  # the archive's summary and the rating, once all is stored
            tournament, warnings = import_tournament(document, slug=slug, replace=True)
            _leave_unconfirmed(tournament, unconfirmed)
            if ceremony and ceremony.get("shown"):  # the tournament replaced had its own
                Ceremony.objects.create(
                    tournament=tournament, shown=ceremony["shown"], changed_by=_("the venue")
                )
            # The new row's revision carries on from the old one's: it only grows (the touch
            # at the end of ``one_touch`` adds the one).
            Tournament.objects.filter(pk=tournament.pk).update(revision=previous or 0)
        now = timezone.now()
        held.revision, held.digest, held.accepted_at = revision, digest, now
        held.save(update_fields=["revision", "digest", "accepted_at"])
        if token is not None:
            PushToken.objects.filter(pk=token.pk).update(last_used_at=now)
    return Accepted(revision=revision, digest=digest, warnings=[str(w) for w in warnings])


def _leave_unconfirmed(tournament: Tournament, unconfirmed: list[dict]) -> None:
    """Take the confirmation (which an imported sheet gets) from the sheets the venue has not
    confirmed; refuse, with their places, those the document has not entered."""
    if not unconfirmed:
        return
    sheets = {
        row[:-1]: row[-1]
        for row in Sheet.objects.filter(table__game__stage__tournament=tournament).values_list(
            *SHEET_ADDRESS_FIELDS, "pk"
        )
    }
    wanted, problems = [], []
    for entry in unconfirmed:
        key = tuple(entry[name] for name in UNCONFIRMED_KEYS)
        if key in sheets:
            wanted.append(sheets[key])
        else:
            problems.append(
                Problem(
                    Place(*key, item="unconfirmed"),
                    _("the document has no sheet entered for this round at this table."),
                )
            )
    if problems:
        raise DocumentRejected(problems)
    Sheet.objects.filter(pk__in=wanted).update(confirmed_at=None, confirmed_by=None)


def _forget_scores(slug: str) -> None:
    """Delete the old copy's sheets, results and lots by query, before the replacement deletes
    the rest. An ordinary delete would write a "deleted" history row (django-simple-history)
    for every one of them, thousands a push, and take seconds while the push holds the lock; a
    replacement is no sequence of edits, and a result's history lives at the venue."""
    tables = Table.objects.filter(game__stage__tournament__slug=slug)
    for rows in (
        RoundResult.objects.filter(table__in=tables),
        Sheet.objects.filter(table__in=tables),
        Lot.objects.filter(tournament__slug=slug),
    ):
        rows._raw_delete(rows.db)  # Django's own bulk DELETE, without the per-row signals


def record_refusal(*, slug: str, reason: str) -> None:
    """Keep why an authenticated push was refused, for the organiser's page."""
    with transaction.atomic():
        held = _line_up(slug)
        held.refused_at, held.refusal = timezone.now(), reason
        held.save(update_fields=["refused_at", "refusal"])


# The venue's side


def claim_revision(*, slug: str, server: str, marker: str, at_least: int = 0) -> int:
    """The revision to push the venue's state ``marker`` under: the one already taken for
    that state, else the next one (never below ``at_least``). Stored before the push is sent,
    so a number is never given to two states, even if the command restarts."""
    with transaction.atomic():
        state, _created = VenuePush.objects.select_for_update().get_or_create(slug=slug)
        if state.marker != marker or state.revision < at_least or not state.revision:
            state.revision = max(state.revision + 1, at_least)
            state.marker = marker
        if state.server != server:  # another server has accepted nothing of this venue yet
            state.server, state.accepted_marker = server, ""
        state.save(update_fields=["revision", "marker", "server", "accepted_marker"])
    return state.revision


def record_answer(
    *,
    slug: str,
    revision: int,
    marker: str,
    status: int | None,
    answer: str,
    accepted: bool,
    at: datetime,
    reasons: Sequence[str] = (),
) -> VenuePush:
    """The answer to a push. A refusal by the server (it answered and did not take the push)
    is kept with its reasons until a push is accepted: a later try that does not reach the
    server does not hide it."""
    with transaction.atomic():
        state, _created = VenuePush.objects.select_for_update().get_or_create(slug=slug)
        state.attempted_at, state.status, state.answer = at, status, answer
        if accepted:
            state.refused_at, state.refused_revision, state.refusal = None, None, ""
        elif status is not None and 400 <= status < 500:
            state.refused_at, state.refused_revision = at, revision
            state.refusal = "\n".join([answer, *reasons])
        if accepted:
            state.failing_since = None
            state.server_revision, state.server_checked_at = revision, at
            if revision >= state.accepted_revision:
                state.accepted_revision, state.accepted_at = revision, at
                state.accepted_marker = marker
        elif state.failing_since is None:
            state.failing_since = at
        state.save()
    return state


def record_watching(*, slug: str, at: datetime) -> None:
    """The push command is alive and watching (for the organiser's page)."""
    VenuePush.objects.filter(slug=slug).update(watched_at=at)


def record_server_revision(*, slug: str, revision: int, at: datetime) -> None:
    """The revision the public server said it holds (``push --watch`` asks at every
    interval)."""
    VenuePush.objects.filter(slug=slug).update(server_revision=revision, server_checked_at=at)
