"""Replacements in the A-final (rule K)."""

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from accounts.access import organiser_required
from scoring import finals as final_services
from scoring.models import Replacement
from ui.lookups import tournament_or_404
from ui.refusals import show_refusal

from ..forms import (
    ReplacementForm,
)


@organiser_required
def replacements(request, slug):
    """The organiser's replacements in the A-final: an advancing player withdrew and the next
    one moves up; decided before the A-final's draw, with the rules' checks."""
    tournament = tournament_or_404(slug)
    choice = final_services.replacement_choice(tournament)
    form = ReplacementForm(request.POST or None, field=choice.field, candidates=choice.candidates)
    if request.method == "POST" and form.is_valid():
        try:
            made = final_services.record_replacement(
                tournament=tournament,
                withdrawn=form.cleaned_data["withdrawn"],
                replacement=form.cleaned_data["replacement"],
                reason=form.cleaned_data["reason"],
                by=request.user,
            )
        except ValidationError as refusal:
            show_refusal(form, refusal)
        else:
            messages.success(
                request,
                _("Recorded: %(replacement)s plays the A-final in place of %(withdrawn)s.")
                % {"replacement": made.replacement, "withdrawn": made.withdrawn},
            )
            return redirect("staff:replacements", slug=slug)
    decided = Replacement.objects.filter(tournament=tournament).select_related(
        "withdrawn", "replacement"
    )
    return render(
        request,
        "staff/replacements.html",
        {"tournament": tournament, "form": form, "choice": choice, "decided": decided},
    )
