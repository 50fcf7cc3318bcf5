"""Lots for ties at the desk, committed first: the referee publishes the commitment of the
tie's lot (its secret seed fixed, its SHA-256 shown on the public pages), then draws it with
exactly that seed. Thin views over ``scoring.lots``."""

from dataclasses import dataclass

from django.contrib import messages
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from accounts.access import referee_required
from rules.commitment import lot_what
from scoring import lots as lot_services
from tournament.models import Commitment, Player, Tournament
from ui.lookups import tournament_or_404
from ui.refusals import show_refusal

from ..selectors import OpenTie, open_ties


@dataclass(frozen=True)
class TieToDraw:
    """An open tie with the name of its lot and the commitment published for it, if any."""

    scope: str
    category: str
    tie: object
    decides: str
    what: str
    commitment: Commitment | None


def tie_what(tournament: Tournament, tie: OpenTie) -> str:
    places = tie.tie.places
    return lot_what(tournament.slug, tie.scope, tie.category, (places[0], places[-1]))


def with_commitments(tournament: Tournament, ties: list[OpenTie]) -> list[TieToDraw]:
    """The open ties, each with its published commitment (one query)."""
    published = {
        c.what: c
        for c in Commitment.objects.filter(
            tournament=tournament,
            kind=Commitment.Kind.LOT,
            used_at__isnull=True,
            abandoned_at__isnull=True,
        )
    }
    found = []
    for tie in ties:
        what = tie_what(tournament, tie)
        commitment = published.get(what)
        if commitment is not None and commitment.subject.get("tied") != sorted(
            tie.tie.keys, key=str
        ):
            commitment = None  # published for another group: publishing again abandons it
        found.append(TieToDraw(tie.scope, tie.category, tie.tie, tie.decides, what, commitment))
    return found


def named(tournament: Tournament, keys) -> list[str]:
    """The tied as the desk names players ("11. Zdeněk Kříž"); a team by its name."""
    names = dict(
        Player.objects.filter(
            tournament=tournament, start_number__in=[k for k in keys if isinstance(k, int)]
        ).values_list("start_number", "name")
    )
    return [f"{key}. {names[key]}" if key in names else str(key) for key in keys]


def _chosen_tie(request, tournament: Tournament) -> TieToDraw | None:
    scope = request.POST.get("scope", "")
    keys = sorted(request.POST.getlist("keys"))
    return next(
        (
            t
            for t in with_commitments(tournament, open_ties(tournament))
            if t.scope == scope and sorted(map(str, t.tie.keys)) == keys
        ),
        None,
    )


def _gone(request, slug):
    messages.error(
        request, _("This tie is no longer open: the standings changed or a lot decided it.")
    )
    return redirect("desk:advancement", slug=slug)


@referee_required
@require_POST
def publish_lot(request, slug):
    tournament = tournament_or_404(slug)
    chosen = _chosen_tie(request, tournament)
    if chosen is None:
        return _gone(request, slug)
    lot_services.publish_lot_commitment(
        tournament=tournament,
        scope=chosen.scope,
        category=chosen.category,
        places=chosen.tie.places,
        tied=list(chosen.tie.keys),
        by=request.user,
    )
    messages.success(
        request,
        _("The commitment of the lot is published (also on the public pages). Draw when ready."),
    )
    return redirect("desk:advancement", slug=slug)


@referee_required
@require_POST
def draw_lot(request, slug):
    tournament = tournament_or_404(slug)
    chosen = _chosen_tie(request, tournament)
    if chosen is None:
        return _gone(request, slug)
    if chosen.commitment is None or str(chosen.commitment.pk) != request.POST.get("commitment"):
        messages.error(request, _("Publish the commitment of this lot first."))
        return redirect("desk:advancement", slug=slug)
    try:
        lot = lot_services.draw_lot(
            tournament=tournament,
            scope=chosen.scope,
            tied=list(chosen.tie.keys),
            by=request.user,
            commitment=chosen.commitment,
        )
    except lot_services.LotRefused as refused:
        show_refusal(request, refused)
        return redirect("desk:advancement", slug=slug)
    places = sorted(chosen.tie.places)
    messages.success(
        request,
        _("The lot decided: %(order)s.")
        % {
            "order": "; ".join(
                _("place %(place)s: %(who)s") % {"place": place, "who": who}
                for place, who in zip(places, named(tournament, lot.order), strict=False)
            )
        },
    )
    return redirect("desk:lot", slug=slug, lot=lot.pk)
