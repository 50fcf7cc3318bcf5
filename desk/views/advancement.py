"""The qualifier's advancement with the cut and the ties waiting for lots, a lot's record, B-final
participation."""

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from accounts.access import referee_required
from scoring import finals as final_services
from scoring import pages
from scoring.models import Lot
from scoring.selectors import quota_warnings, tournament_data
from scoring.standings import (
    QUALIFIER,
    final_fields,
)
from tournament.labels import single_stage
from tournament.models import Player
from ui.lookups import tournament_or_404
from ui.refusals import show_refusal

from ..selectors import (
    open_ties,
)
from . import lots


@referee_required
def advancement(request, slug):
    """The qualifier's advancement per category with the cut (provisional until it is over),
    and every tie that waits for a lot."""
    tournament = tournament_or_404(slug)
    page = pages.stage_page(tournament, QUALIFIER, provisional_cut=True, staff=True)
    return render(
        request,
        "desk/advancement.html",
        {
            "tournament": tournament,
            "page": page,
            "ties": [
                (tie, ", ".join(lots.named(tournament, tie.tie.keys)))
                for tie in lots.with_commitments(tournament, open_ties(tournament))
            ],
            "lots": Lot.objects.filter(tournament=tournament).order_by("-id"),
            "warnings": quota_warnings(tournament),
            "single_stage": single_stage(tournament),  # a club's one stage: "turnaj"
        },
    )


@referee_required
def lot(request, slug, lot):
    tournament = tournament_or_404(slug)
    drawn = get_object_or_404(
        Lot.objects.select_related("commitment"), tournament=tournament, pk=lot
    )
    names = dict(Player.objects.filter(tournament=tournament).values_list("start_number", "name"))
    order = [
        {"place": i, "key": key, "name": names.get(key, key)}
        for i, key in enumerate(drawn.order, start=1)
    ]
    return render(
        request, "desk/lot.html", {"tournament": tournament, "lot": drawn, "order": order}
    )


@referee_required
def b_final(request, slug):
    """Who takes part in the B-final (taking part is voluntary, M): only the qualifier's
    participants who do not advance to the A-final, and the players of a tie at the cut until
    its lot decides."""
    tournament = tournament_or_404(slug)
    fields = final_fields(tournament_data(tournament))
    among = set(fields.b_final | fields.undecided)
    players = list(tournament.players.filter(start_number__in=among).order_by("start_number"))
    if request.method == "POST":
        playing = {int(v) for v in request.POST.getlist("plays") if v.isdigit()}
        try:
            final_services.set_b_final_participation(
                tournament=tournament, playing=playing, among=among
            )
        except ValidationError as refusal:
            show_refusal(request, refusal)
            return redirect("desk:b_final", slug=slug)
        messages.success(request, _("Saved who plays the B-final."))
        return redirect("desk:dashboard", slug=slug)
    return render(
        request,
        "desk/b_final.html",
        {"tournament": tournament, "players": players, "undecided": fields.undecided},
    )
