"""The championship's log for the organiser and the referee (``/sprava/<slug>/zaznam/``):
every decision and change, from ``scoring.log``."""

from django.shortcuts import render

from accounts.access import referee_required
from scoring.log import log_page
from ui.lookups import tournament_or_404


@referee_required
def staff_log(request, slug):
    tournament = tournament_or_404(slug)
    return render(
        request,
        "desk/log.html",
        {"tournament": tournament, **log_page(request.GET, tournament, public=False)},
    )
