"""Results held for the ceremony, per stage, and their release; the ceremony itself, driven
place by place from the organiser's laptop."""

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache

from accounts.access import organiser_required
from rules.stages import STAGES
from scoring import ceremony as ceremony_services
from tournament import services
from tournament.labels import stage_label
from tournament.lookups import tournament_or_404
from tournament.models import Tournament
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
                % {"stage": stage_label(kind)},
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
                    % {"stage": stage_label(kind)},
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


@organiser_required
@never_cache
def ceremony(request, slug):
    """The organiser drives the ceremony from here (a laptop, a presenter's clicker): one
    place revealed at a time on the hall display and the public page; the page shows what is
    on screen and what comes next. Plain forms (static/staff/ceremony.js adds the keys)."""
    tournament = tournament_or_404(slug)
    if request.method == "POST":
        move = CEREMONY_MOVES.get(request.POST.get("action", ""))
        if move is not None:
            try:
                state = move(tournament=tournament, by=request.user)
            except ValidationError as refusal:
                messages.error(request, refusal_text(refusal))
            else:
                messages.success(request, state.status_words)
        return redirect("staff:ceremony", slug=slug)
    return render(
        request,
        "staff/ceremony.html",
        {"tournament": tournament, "state": ceremony_services.ceremony_state(tournament)},
    )
