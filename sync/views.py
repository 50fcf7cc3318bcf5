"""The push API (for the venue's ``push`` command) and the organiser's publishing page."""

import zlib

from django.conf import settings
from django.contrib import messages
from django.http import JsonResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST

from accounts.access import organiser_required, token_required
from interchange.importer import DocumentRejected
from interchange.jsontext import JsonRefused, load_json
from refusals import Refused
from rules.stages import STAGES
from tournament.models import Tournament
from ui.refusals import show_refusal

from . import selectors, services
from .forms import ReceiveForm
from .models import kind_and_year
from .protocol import UNCONFIRMED_KEYS, TooLarge, decompress

LARGEST_NUMBER = 2**63 - 1  # what the database's big integer holds


def _answer(status: int, **content) -> JsonResponse:
    response = JsonResponse(content, status=status, json_dumps_params={"ensure_ascii": False})
    response["Cache-Control"] = "no-store"
    return response


def _too_large() -> JsonResponse:
    message = _("The push is larger than the server allows (%(limit)s bytes).")
    return _answer(413, errors=[message % {"limit": settings.PUSH_MAX_BYTES}])


def _refused(slug: str, errors: list[str]) -> JsonResponse:
    services.record_refusal(slug=slug, reason="\n".join(errors))
    return _answer(400, errors=errors)


def _bearer(request) -> str:
    scheme, _space, token = request.headers.get("Authorization", "").partition(" ")
    return token.strip() if scheme.lower() == "bearer" else ""


# The most reveals a ceremony's state may say (the column holds a small positive integer).
CEREMONY_MOST = 32767


def _shape_problems(content: object) -> list[str]:
    if not isinstance(content, dict):
        return [_("The body must be a JSON object with „revision“ and „tournament“.")]
    problems = []
    if not _whole_number(content.get("revision")):
        problems.append(_("„revision“ must be a whole number, 1 or more."))
    if "tournament" not in content:
        problems.append(_("„tournament“ is missing: the syllabatim-tournament document."))
    ceremony = content.get("ceremony")
    if ceremony is not None and not (
        isinstance(ceremony, dict)
        and set(ceremony) == {"shown"}
        and isinstance(ceremony["shown"], int)
        and not isinstance(ceremony["shown"], bool)
        and 0 <= ceremony["shown"] <= CEREMONY_MOST
    ):
        problems.append(
            _(
                "„ceremony“ must be an object with exactly „shown“: how many places are "
                "revealed, a whole number from 0 to %(most)s."
            )
            % {"most": CEREMONY_MOST}
        )
    unconfirmed = content.get("unconfirmed", [])
    if not isinstance(unconfirmed, list):
        problems.append(_("„unconfirmed“ must be a list of sheets."))
        return problems
    for number, entry in enumerate(unconfirmed, start=1):
        if not _is_sheet_address(entry):
            problems.append(
                _(
                    "„unconfirmed“, sheet %(number)s: give exactly „stage“ (qualifier, final_a "
                    "or final_b), „game“, „table“ and „round“ (whole numbers, 1 or more)."
                )
                % {"number": number}
            )
    return problems


def _whole_number(value: object) -> bool:
    """A JSON whole number from 1 to what the database's big integer holds (not true/false)."""
    return isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= LARGEST_NUMBER


def _is_sheet_address(entry: object) -> bool:
    if not isinstance(entry, dict) or set(entry) != set(UNCONFIRMED_KEYS):
        return False
    return entry["stage"] in STAGES and all(
        _whole_number(entry[key]) for key in UNCONFIRMED_KEYS[1:]
    )


def _body(request, limit: int) -> bytes | None:
    """At most ``limit + 1`` bytes of the body. A chunked body has no Content-Length, and
    Django reads such a body as empty: it is read from the server's stream when the server
    marks that stream as ending with the body (``wsgi.input_terminated``, as gunicorn does);
    None when it cannot be read safely (a server that does not, such as runserver)."""
    if request.META.get("CONTENT_LENGTH"):
        return request.read(limit + 1)
    if "chunked" in request.headers.get("Transfer-Encoding", "").lower() or request.META.get(
        "wsgi.input_terminated"
    ):
        if not request.META.get("wsgi.input_terminated"):
            return None
        stream = request.META["wsgi.input"]
        parts, size = [], 0
        while size <= limit:
            part = stream.read(min(64 * 1024, limit + 1 - size))
            if not part:
                break
            parts.append(part)
            size += len(part)
        return b"".join(parts)
    return b""


def _unauthorised() -> JsonResponse:
    response = _answer(401, errors=[_("A valid push key is needed.")])
    response["WWW-Authenticate"] = 'Bearer realm="syllabatim"'
    return response


def _held(request, slug: str) -> JsonResponse:
    if services.push_token_for(slug=slug, token=_bearer(request)) is None:
        return _unauthorised()
    held = selectors.held_revision(slug=slug)
    return _answer(200, revision=held.revision, digest=held.digest)


@token_required
@csrf_exempt
def push(request, slug):
    """Replace the tournament by the venue's document: 200, or 400 with every error, 401 for
    any key problem (an unknown tournament alike), 409 for a revision that is not newer, 413
    for a body over ``PUSH_MAX_BYTES``. GET with the key answers the revision this server
    holds (``{"revision", "digest"}``; 0 before any push): the venue's ``push --watch`` asks
    it at every interval, and pushes again to a server restored from an older backup."""
    if request.method == "GET":
        return _held(request, slug)
    if request.method != "PUT":
        response = _answer(405, errors=[_("Send the tournament with PUT.")])
        response["Allow"] = "GET, PUT"
        return response
    limit = settings.PUSH_MAX_BYTES
    try:
        declared = int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        declared = 0
    if declared > limit:  # refused before anything is read
        return _too_large()
    token = services.push_token_for(slug=slug, token=_bearer(request))
    if token is None:
        return _unauthorised()
    body = _body(request, limit)
    if body is None:
        response = _answer(411, errors=[_("Send the push with a Content-Length header.")])
        return response
    if len(body) > limit:
        return _too_large()
    if request.headers.get("Content-Encoding", "").strip().lower() == "gzip":
        try:
            body = decompress(body, limit)
        except TooLarge:
            return _too_large()
        except zlib.error:
            return _refused(slug, [_("The body is not valid gzip.")])
    try:
        content = load_json(body)
    except JsonRefused as refused:
        return _refused(slug, [_("The body: %(problem)s") % {"problem": refused}])
    problems = _shape_problems(content)
    if problems:
        return _refused(slug, problems)
    try:
        accepted = services.accept_push(
            slug=slug,
            revision=content["revision"],
            document=content["tournament"],
            unconfirmed=content.get("unconfirmed"),
            ceremony=content.get("ceremony"),
            token=token,
        )
    except services.StaleRevision as stale:
        reason = _(
            "Revision %(revision)s is not newer than revision %(held)s, which the server holds."
        ) % {"revision": content["revision"], "held": stale.revision}
        services.record_refusal(slug=slug, reason=reason)
        return _answer(409, errors=[reason], revision=stale.revision, digest=stale.digest)
    except DocumentRejected as rejected:
        return _refused(slug, [str(problem) for problem in rejected.problems])
    return _answer(
        200, revision=accepted.revision, digest=accepted.digest, warnings=accepted.warnings
    )


def _page(request, slug: str, *, new_token: str | None = None, form: ReceiveForm | None = None):
    now = timezone.now()
    tournament = Tournament.objects.filter(slug=slug).first()
    server = selectors.server_status(slug=slug)
    if form is None and server.received is None and tournament is None:
        form = ReceiveForm()  # the first key creates the tournament here: its kind and year
    response = render(
        request,
        "sync/publication.html",
        {
            "slug": slug,
            "tournament": tournament,
            "venue": selectors.venue_status(slug=slug, now=now),
            "server": server,
            "receive_form": form,
            "tournament_kind_and_year": kind_and_year(tournament.kind, tournament.year)
            if tournament
            else "",
            "new_token": new_token,
            "this_server": request.build_absolute_uri("/").rstrip("/"),
            "patience_minutes": int(selectors.PATIENCE.total_seconds() // 60),
        },
    )
    response["Cache-Control"] = "no-store"
    return response


@organiser_required
def publication(request, slug):
    """The venue's last push, and this server's keys and last accepted push."""
    return _page(request, slug)


@organiser_required
@require_POST
def create_token(request, slug):
    """A new key, shown on this answer only (it is not stored, only its digest). The first
    key of a tournament this server has not got creates it for pushes, of the kind and year
    the form gives."""
    form = ReceiveForm(request.POST)
    asked = "kind" in request.POST or "year" in request.POST
    if asked and not form.is_valid():
        return _page(request, slug, form=form)
    values = form.cleaned_data if asked else {}
    try:
        token = services.create_push_token(
            slug=slug, kind=values.get("kind"), year=values.get("year"), by=request.user
        )
    except Refused as refused:
        if not asked:  # the page asks for the kind and year where it needs them
            show_refusal(request, refused)
            return redirect("sync:publication", slug=slug)
        show_refusal(form, refused)
        return _page(request, slug, form=form)
    return _page(request, slug, new_token=token)


@organiser_required
@require_POST
def revoke_token(request, slug):
    try:
        token_id = int(request.POST.get("token", ""))
    except ValueError:
        token_id = 0
    if services.revoke_push_token(slug=slug, token_id=token_id):
        messages.success(request, _("The key was revoked: pushes with it are refused."))
    else:
        messages.error(request, _("There is no such valid key."))
    return redirect("sync:publication", slug=slug)
