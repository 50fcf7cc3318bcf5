"""Score sheets as a spreadsheet: a game's workbook downloaded, filled in and uploaded, its
warnings accepted."""

import secrets
import time

from django.contrib import messages
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from accounts.access import referee_required
from ui.lookups import game_or_404, tournament_or_404

from .. import excel
from .common import dashboard_url


@referee_required
def workbook(request, slug, stage, number):
    game = game_or_404(tournament_or_404(slug), stage, number)
    content = excel.game_workbook(game)
    response = HttpResponse(content, content_type=excel.CONTENT_TYPE)
    response["Content-Disposition"] = f'attachment; filename="{excel.file_name(game)}"'
    return response


UPLOAD_KEPT_SECONDS = 30 * 60  # how long a checked upload waits for its warnings' acceptance


UPLOAD_SESSION_PREFIX = "desk-upload-"


def _keep_upload(request, game, outcome) -> str:
    """Keep a checked upload in the referee's session under a new token; forget expired ones."""
    now = time.time()
    for key in [k for k in request.session.keys() if k.startswith(UPLOAD_SESSION_PREFIX)]:
        if now - request.session[key].get("at", 0) > UPLOAD_KEPT_SECONDS:
            del request.session[key]
    token = secrets.token_urlsafe(16)
    request.session[UPLOAD_SESSION_PREFIX + token] = {"at": now, **excel.kept(outcome, game)}
    return token


def _kept_upload(request, token: str) -> dict | None:
    data = request.session.pop(UPLOAD_SESSION_PREFIX + token, None) if token else None
    if data is None or time.time() - data.get("at", 0) > UPLOAD_KEPT_SECONDS:
        return None
    return data


def _upload_page(request, tournament, game, outcome, *, token=None, status=200):
    return render(
        request,
        "desk/upload_errors.html",
        {
            "tournament": tournament,
            "game": game,
            "errors": outcome.errors,
            "warnings": outcome.warnings,
            "sheets": len(outcome.pending),
            "token": token,
            "warnings_changed": outcome.warnings_changed,
        },
        status=status,
    )


def _uploaded(request, slug, game, outcome):
    messages.success(
        request,
        _("From the spreadsheet: %(saved)s, %(same)s.")
        % {
            "saved": ngettext("%(count)s sheet saved", "%(count)s sheets saved", outcome.saved)
            % {"count": outcome.saved},
            "same": ngettext("%(count)s unchanged", "%(count)s unchanged", outcome.same)
            % {"count": outcome.same},
        },
    )
    return redirect(dashboard_url(slug, game))


@referee_required
@require_POST
def upload(request, slug, stage, number):
    """Check a filled-in workbook; save it whole when it is clean. Errors are listed to be
    corrected in the file; warnings alone are listed to be accepted on the page (the checked
    sheets wait in the session, the file is not needed again)."""
    tournament = tournament_or_404(slug)
    game = game_or_404(tournament, stage, number)
    upload_ = request.FILES.get("workbook")
    if upload_ is None:
        raise Http404
    outcome = excel.check_upload(game, upload_)
    if outcome.errors:
        return _upload_page(request, tournament, game, outcome, status=422)
    if outcome.warnings:
        token = _keep_upload(request, game, outcome)
        return _upload_page(request, tournament, game, outcome, token=token)
    outcome = excel.save_pending(game, outcome, by=request.user)
    if outcome.errors:
        return _upload_page(request, tournament, game, outcome, status=409)
    return _uploaded(request, slug, game, outcome)


@referee_required
@require_POST
def upload_accept(request, slug, stage, number):
    """Save a checked upload whose listed warnings the referee accepts: checked again first,
    all or nothing."""
    tournament = tournament_or_404(slug)
    game = game_or_404(tournament, stage, number)
    data = _kept_upload(request, request.POST.get("token", ""))
    if data is None:
        messages.error(
            request,
            ngettext(
                "The checked spreadsheet is no longer kept (it was saved already, or it is "
                "older than %(minutes)s minute): upload the file again.",
                "The checked spreadsheet is no longer kept (it was saved already, or it is "
                "older than %(minutes)s minutes): upload the file again.",
                UPLOAD_KEPT_SECONDS // 60,
            )
            % {"minutes": UPLOAD_KEPT_SECONDS // 60},
        )
        return redirect(dashboard_url(slug, game))
    outcome = excel.accept_warnings(game, data, by=request.user)
    if outcome.errors:
        return _upload_page(request, tournament, game, outcome, status=409)
    if outcome.warnings_changed:
        token = _keep_upload(request, game, outcome)
        return _upload_page(request, tournament, game, outcome, token=token, status=409)
    return _uploaded(request, slug, game, outcome)
