"""Drawing a stage's next game: the commitment published first, then the draw with it."""

from django.contrib import messages
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from accounts.access import organiser_required
from tournament.models import RuleSetChoice
from ui.lookups import tournament_or_404
from ui.refusals import show_refusal

from .. import services
from ..forms import DrawForm, round_initial
from .common import stage_summary


def option_lines(commitment) -> list[str]:
    """A draw commitment's options in words, as the organiser chose them."""
    subject = commitment.subject
    lines = []
    if subject.get("tables"):
        lines.append(
            ngettext("%(count)s table, chosen", "%(count)s tables, chosen", subject["tables"])
            % {"count": subject["tables"]}
        )
    if subject.get("rounds"):
        lines.append(
            _("Rounds typed in: %(rounds)s") % {"rounds": ", ".join(map(str, subject["rounds"]))}
        )
    elif subject.get("round_range"):
        least, most = subject["round_range"]
        lines.append(
            _("Rounds drawn from the same seed: %(least)s to %(most)s rounds")
            % {"least": least, "most": most}
        )
    names = {
        "sighted_at_every_table": _("A sighted or low-vision player at every table"),
        "teammates_apart": _("Members of one team at different tables"),
        "fewest_repeats": _("Few repeated meetings with earlier games"),
    }
    for key, held in subject.get("preferences", {}).items():
        if not held:
            lines.append(_("Switched off: %(preference)s") % {"preference": names[key]})
    return lines


def _draw_page(request, tournament, summary, form, status=200):
    commitment = services.open_draw_commitment(tournament, summary["kind"], summary["next"])
    return render(
        request,
        "draws/draw.html",
        {
            "tournament": tournament,
            "stage": summary,
            "form": form,
            "commitment": commitment,
            "options": option_lines(commitment) if commitment else [],
        },
        status=status,
    )


@organiser_required
def draw_new(request, slug, stage):
    """Draw the stage's next game in two steps: publish the commitment (the options and the
    secret seed fixed, the commitment shown on the public draw page), then draw with it."""
    tournament = tournament_or_404(slug)
    summary = stage_summary(tournament, stage)
    if request.method != "POST":
        return _draw_page(
            request,
            tournament,
            summary,
            DrawForm(
                initial=round_initial(tournament, stage),
                kind=stage,
                poker=tournament.rule_set == RuleSetChoice.WORD_POKER,
                scrabble=tournament.rule_set == RuleSetChoice.SCRABBLE,
            ),
        )
    action = request.POST.get("action", "publish")
    number = summary["next"]
    if action in ("draw", "abandon"):
        commitment = services.open_draw_commitment(tournament, stage, number)
        if commitment is None or str(commitment.pk) != request.POST.get("commitment"):
            messages.error(request, _("The commitment changed meanwhile: check it again."))
            return redirect("draws:draw", slug=slug, stage=stage)
        try:
            if action == "abandon":
                services.abandon_draw_commitment(commitment=commitment, by=request.user)
                messages.success(request, _("The commitment is abandoned; it stays on record."))
                return redirect("draws:draw", slug=slug, stage=stage)
            game = services.draw_game(
                tournament=tournament,
                kind=stage,
                number=number,
                by=request.user,
                commitment=commitment,
            )
        except services.DrawnMeanwhile as drawn:
            show_refusal(request, drawn)
            return redirect("draws:game", slug=slug, stage=stage, number=drawn.game.number)
        except services.DrawRefused as refused:
            show_refusal(request, refused)
            return redirect("draws:draw", slug=slug, stage=stage)
        messages.success(
            request,
            _("Game %(number)s drawn (draft) with the published seed. Check it and confirm.")
            % {"number": game.number},
        )
        return redirect("draws:game", slug=slug, stage=stage, number=game.number)
    form = DrawForm(
        request.POST,
        kind=stage,
        poker=tournament.rule_set == RuleSetChoice.WORD_POKER,
        scrabble=tournament.rule_set == RuleSetChoice.SCRABBLE,
    )
    if form.is_valid():
        try:
            services.publish_draw_commitment(
                tournament=tournament,
                kind=stage,
                number=number,
                by=request.user,
                tables=form.cleaned_data.get("tables"),
                rounds=form.typed_rounds(),
                round_range=form.round_range(),
                preferences=form.preferences(),
            )
        except services.DrawRefused as refused:
            show_refusal(form, refused)
        else:
            messages.success(
                request,
                _(
                    "The commitment is published (also on the public draw page). Draw when "
                    "everybody can see it."
                ),
            )
            return redirect("draws:draw", slug=slug, stage=stage)
    return _draw_page(request, tournament, summary, form)
