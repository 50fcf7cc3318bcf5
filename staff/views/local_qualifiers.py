"""Local qualifiers feed the championship (A): a local qualifier's announcement and, once it
is over, its qualified players recorded; a championship's players qualified locally, with the
source, and the organiser's tick by hand with a reason."""

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from accounts.access import organiser_required
from season import local_qualifiers as local_services
from tournament import local_qualifiers as local_rules
from tournament.models import TournamentKind
from ui.lookups import tournament_or_404
from ui.refusals import show_refusal

from ..forms import LocalAnnouncementForm, LocalTickForm
from ..selectors import locally_qualified


@organiser_required
def local_qualifier(request, slug):
    """The local qualifier's announcement (frozen from its first confirmed draw) and, once it
    is over, who qualifies, with the button that records it."""
    tournament = tournament_or_404(slug)
    outcome = local_services.outcome(tournament)
    announcement = outcome.announcement
    frozen = local_rules.announcement_frozen(tournament)
    initial = (
        {
            "championship_year": announcement.championship_year,
            "places": announcement.places,
            "per_category": announcement.per_category,
        }
        if announcement
        else {"championship_year": tournament.year}
    )
    form = LocalAnnouncementForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        try:
            local_rules.announce(tournament=tournament, by=request.user, **form.cleaned_data)
        except ValidationError as refusal:
            show_refusal(form, refusal)
        else:
            messages.success(request, _("The local qualifier's places are announced."))
            return redirect("staff:local_qualifier", slug=slug)
    return render(
        request,
        "staff/local_qualifier.html",
        {
            "tournament": tournament,
            "form": form,
            "outcome": outcome,
            "frozen": frozen,
            "frozen_message": local_rules.announcement_frozen_message() if frozen else "",
            "is_local": tournament.kind == TournamentKind.LOCAL_QUALIFIER,
        },
        status=400 if form.errors else 200,
    )


@organiser_required
@require_POST
def local_qualifier_mark(request, slug):
    """Record the qualified persons for the announced championship year."""
    tournament = tournament_or_404(slug)
    try:
        made = local_services.mark_qualified(tournament=tournament, by=request.user)
    except ValidationError as refusal:
        show_refusal(request, refusal)
    else:
        messages.success(
            request,
            ngettext(
                "Recorded: %(count)s person qualified.",
                "Recorded: %(count)s persons qualified.",
                len(made),
            )
            % {"count": len(made)},
        )
    return redirect("staff:local_qualifier", slug=slug)


@organiser_required
def players_qualified_locally(request, slug):
    """A championship's players qualified locally, each with its source or the organiser's
    reason; the organiser's tick (or untick) by hand."""
    tournament = tournament_or_404(slug)
    players = list(tournament.players.order_by("start_number"))
    form = LocalTickForm(request.POST or None, players=players)
    if request.method == "POST" and form.is_valid():
        chosen = next(p for p in players if p.start_number == form.cleaned_data["player"])
        try:
            local_rules.tick_by_hand(
                player=chosen,
                qualified=form.cleaned_data["qualified"],
                reason=form.cleaned_data["reason"],
            )
        except ValidationError as refusal:
            show_refusal(form, refusal)
        else:
            messages.success(
                request,
                (
                    _("%(player)s: qualified locally.")
                    if form.cleaned_data["qualified"]
                    else _("%(player)s: no longer qualified locally.")
                )
                % {"player": chosen},
            )
            return redirect("staff:players_qualified_locally", slug=slug)
    return render(
        request,
        "staff/players_qualified_locally.html",
        {"tournament": tournament, "form": form, "rows": locally_qualified(tournament)},
        status=400 if form.errors else 200,
    )
