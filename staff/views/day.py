"""The staff's start and a tournament's day: its steps and their state."""

from django.shortcuts import render
from django.views.decorators.http import require_safe

from accounts.access import referee_required
from scoring.selectors import quota_warnings
from tournament.models import Tournament
from ui.lookups import tournament_or_404

from .. import selectors


@referee_required
@require_safe
def start(request):
    """Every tournament with the steps of its day; the organiser creates one here."""
    tournaments = [
        {"tournament": tournament, "steps": selectors.day_steps(tournament)}
        for tournament in Tournament.objects.order_by("-start_date", "name")
    ]
    for entry in tournaments:
        entry["current"] = selectors.current_step(entry["steps"])
    return render(request, "staff/start.html", {"tournaments": tournaments})


@referee_required
@require_safe
def day(request, slug):
    """One tournament's day: its steps and what the organiser should check."""
    tournament = tournament_or_404(slug)
    steps = selectors.day_steps(tournament)
    return render(
        request,
        "staff/tournament.html",
        {
            "tournament": tournament,
            "steps": steps,
            "current": selectors.current_step(steps),
            "warnings": quota_warnings(tournament),
        },
    )
