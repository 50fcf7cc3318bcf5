"""A tournament's draws at a glance, the qualifier's plan and who is present."""

from django.contrib import messages
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from accounts.access import organiser_required
from scoring.selectors import quota_warnings
from tournament import services as tournament_services
from tournament.labels import single_stage
from tournament.models import Stage, Tournament
from ui.lookups import tournament_or_404
from ui.refusals import show_refusal

from .. import services
from ..forms import QualifierPlanForm
from .common import stage_summary


def _plan_form(tournament: Tournament, data=None) -> QualifierPlanForm:
    return QualifierPlanForm(
        data,
        initial={"games": tournament.qualifier_games, "seating": tournament.qualifier_seating},
        single_stage=single_stage(tournament),
    )


def _overview(request, tournament: Tournament, plan_form: QualifierPlanForm, status: int = 200):
    return render(
        request,
        "draws/overview.html",
        {
            "tournament": tournament,
            # a local qualifier or club tournament without finals draws its one stage only
            "stages": [
                stage_summary(tournament, kind)
                for kind in Stage.Kind.values
                if kind == Stage.Kind.QUALIFIER or tournament.has_finals()
            ],
            "plan_form": plan_form,
            "single_stage": single_stage(tournament),
            "warnings": quota_warnings(tournament),
        },
        status=status,
    )


@organiser_required
def overview(request, slug):
    tournament = tournament_or_404(slug)
    return _overview(request, tournament, _plan_form(tournament))


@organiser_required
@require_POST
def qualifier_plan(request, slug):
    tournament = tournament_or_404(slug)
    form = _plan_form(tournament, request.POST)
    if form.is_valid():
        try:
            services.set_qualifier_plan(
                tournament=tournament,
                games=form.cleaned_data["games"],
                seating=form.cleaned_data["seating"],
            )
        except services.DrawRefused as refused:
            show_refusal(form, refused, about="games")
        else:
            messages.success(
                request,
                ngettext(
                    "The qualifier has %(games)s game.",
                    "The qualifier has %(games)s games.",
                    tournament.qualifier_games,
                )
                % {"games": tournament.qualifier_games},
            )
            return redirect("draws:overview", slug=slug)
    return _overview(request, tournament, form, status=400)


@organiser_required
def presence(request, slug):
    tournament = tournament_or_404(slug)
    players = list(tournament.players.order_by("start_number"))
    if request.method == "POST":
        chosen = set()
        for value in request.POST.getlist("present"):
            if not value.isdigit():
                raise Http404
            chosen.add(int(value))
        tournament_services.set_presence(tournament=tournament, present=chosen)
        present = sum(1 for p in players if p.start_number in chosen)
        messages.success(
            request,
            _("Presence saved: %(present)s, %(absent)s.")
            % {
                "present": ngettext("%(count)s present", "%(count)s present", present)
                % {"count": present},
                "absent": ngettext("%(count)s absent", "%(count)s absent", len(players) - present)
                % {"count": len(players) - present},
            },
        )
        return redirect("draws:overview", slug=slug)
    return render(request, "draws/presence.html", {"tournament": tournament, "players": players})
