"""Ending a final game early in time trouble (rule F) and undoing it while no sheet of the
game has been saved since. Thin views over ``scoring.early_end``."""

from django.contrib import messages
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from accounts.access import referee_required
from scoring import early_end as early_end_services
from ui.lookups import game_or_404, tournament_or_404
from ui.refusals import refusal_text, show_refusal

from ..forms import EarlyEndForm
from .common import dashboard_url


@referee_required
def end_game(request, slug, stage, number):
    """End a final game early in time trouble (F), after confirmation and with a reason: the
    rounds not played at any table are dropped for every table. Until another sheet of the
    game is saved, the page offers to undo it."""
    tournament = tournament_or_404(slug)
    game = game_or_404(tournament, stage, number)
    problem = None
    form = EarlyEndForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            ended = early_end_services.end_game_early(
                game=game, by=request.user, reason=form.cleaned_data["reason"]
            )
        except early_end_services.EndRefused as refused:
            problem = refusal_text(refused)
        else:
            messages.success(
                request,
                _("The game is ended early; rounds dropped: %(rounds)s.")
                % {"rounds": ", ".join(map(str, ended.rounds_dropped))},
            )
            return redirect(dashboard_url(slug, game))
    return render(
        request,
        "desk/end_game.html",
        {
            "tournament": tournament,
            "game": game,
            "form": form,
            "dropped": early_end_services.rounds_not_played(game),
            "kept": list(game.rounds.order_by("position")),
            "problem": problem,
            "undo_refusal": early_end_services.early_end_undo_refusal(game)
            if game.ended_early_at
            else "",
        },
        status=400 if problem or form.errors else 200,
    )


@referee_required
@require_POST
def undo_end_game(request, slug, stage, number):
    """Undo an early end while no sheet of the game has been saved since."""
    tournament = tournament_or_404(slug)
    game = game_or_404(tournament, stage, number)
    try:
        early_end_services.undo_early_end(game=game, by=request.user)
    except early_end_services.EndRefused as refused:
        show_refusal(request, refused)
        return redirect("desk:end_game", slug=slug, stage=stage, number=number)
    messages.success(request, _("The early end is undone: the game's rounds are back."))
    return redirect(dashboard_url(slug, game))
