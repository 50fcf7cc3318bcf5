"""Results held for the ceremony, per stage, and their release; the ceremony itself, driven
place by place from the organiser's laptop."""

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import JsonResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache

from accounts.access import organiser_required
from rules.stages import STAGES
from scoring import ceremony as ceremony_services
from tournament import services
from tournament.labels import stage_label
from tournament.models import Tournament
from ui.lookups import tournament_or_404
from ui.refusals import refusal_text, show_refusal
from ui.views import BAD_REQUEST

from .. import selectors
from ..forms import (
    HoldResultsForm,
)


def _held_stages(tournament: Tournament, forms_by_kind: dict | None = None) -> list[dict]:
    held = selectors.stages_for_announcement(tournament)
    return [
        {
            **stage,
            "form": (forms_by_kind or {}).get(stage["kind"])
            or HoldResultsForm(
                prefix=stage["kind"], initial={"announcement": stage["announcement"]}
            ),
        }
        for stage in held
    ]


@organiser_required
@never_cache
def announcement(request, slug):
    """Results held for the ceremony (Tabbycat's "release"): per stage, hold its results back
    from the public until the announcement, or release them with one button. The staff's
    pages and printouts show everything meanwhile; the log keeps every hold and release."""
    tournament = tournament_or_404(slug)
    forms_by_kind = {}
    if request.method == "POST":
        kind = request.POST.get("stage", "")
        if kind not in STAGES:
            return redirect("staff:announcement", slug=slug)
        if request.POST.get("action") == "release":
            services.release_results(tournament=tournament, kind=kind)
            messages.success(
                request,
                _("The results of the %(stage)s are released: the public sees them now.")
                % {"stage": stage_label(kind, tournament)},
            )
            return redirect("staff:announcement", slug=slug)
        form = HoldResultsForm(request.POST, prefix=kind)
        if form.is_valid():
            try:
                services.hold_results(
                    tournament=tournament,
                    kind=kind,
                    announcement=form.cleaned_data["announcement"],
                )
            except ValidationError as refusal:
                show_refusal(form, refusal)
            else:
                messages.success(
                    request,
                    _("The results of the %(stage)s are held until the announcement.")
                    % {"stage": stage_label(kind, tournament)},
                )
                return redirect("staff:announcement", slug=slug)
        forms_by_kind[kind] = form
    return render(
        request,
        "staff/announcement.html",
        {"tournament": tournament, "stages": _held_stages(tournament, forms_by_kind)},
        status=BAD_REQUEST if forms_by_kind else 200,
    )


CEREMONY_MOVES = {
    "next": ceremony_services.show_next,
    "back": ceremony_services.show_previous,
    "restart": ceremony_services.start_over,
}


def _ceremony_said(state) -> str:
    """What a move says: what is on screen now, and which place comes next."""
    said = state.status_words
    if state.next is not None:
        said += " " + _("Next: %(reveal)s") % {"reveal": state.next.sentence}
    return said


@organiser_required
@never_cache
def ceremony(request, slug):
    """The organiser drives the ceremony from here (a laptop, a presenter's clicker): one
    place revealed at a time on the hall display and the public page; the page shows what is
    on screen and what comes next. Plain forms (static/staff/ceremony.js adds the keys)."""
    tournament = tournament_or_404(slug)
    if request.method == "POST":
        in_place = request.headers.get("X-Ceremony-Move") == "1"  # ceremony.js: no reload
        move = CEREMONY_MOVES.get(request.POST.get("action", ""))
        said, refused = "", False
        if move is not None:
            try:
                state = move(tournament=tournament, by=request.user)
            except ceremony_services.CeremonyRefused as refusal:  # what a move refuses
                said, refused = refusal_text(refusal), True
            else:
                said = _ceremony_said(state)
        if in_place:
            state = ceremony_services.ceremony_state(tournament)
            html = render_to_string(
                "staff/_ceremony_state.html",
                {"tournament": tournament, "state": state},
                request=request,
            )
            return JsonResponse(
                {"html": html, "said": said, "refused": refused},
                status=BAD_REQUEST if refused else 200,
            )
        if said:
            (messages.error if refused else messages.success)(request, said)
        return redirect("staff:ceremony", slug=slug)
    return render(
        request,
        "staff/ceremony.html",
        {"tournament": tournament, "state": ceremony_services.ceremony_state(tournament)},
    )
