"""The referee's decisions beyond a round: sanctions (record, with what they change; withdraw).
Thin views over ``scoring.sanctions``; ending a game early is in ``early_end``."""

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from django.views.decorators.http import require_http_methods

from accounts.access import referee_required
from accounts.roles import ORGANISER, has_role
from rules.sanctions import Sanction as SanctionData
from scoring import sanctions as sanction_services
from scoring.effects import sanction_effects
from scoring.models import Sanction
from scoring.selectors import sanction_rows, tournament_data
from tournament.models import Gender, Player
from ui.lookups import tournament_or_404
from ui.refusals import show_refusal

from ..forms import SanctionForm, WithdrawalForm


def _form(request, tournament, data=None, initial=None) -> SanctionForm:
    return SanctionForm(
        data,
        initial=initial,
        tournament=tournament,
        may_expel=has_role(request.user, ORGANISER),
    )


def _list(request, tournament, form, status=200):
    return render(
        request,
        "desk/sanctions.html",
        {
            "tournament": tournament,
            "form": form,
            "sanctions": sanction_rows(tournament, withdrawn=True),
        },
        status=status,
    )


@referee_required
def sanctions(request, slug):
    """Every sanction of the tournament (withdrawn ones too), and the form for a new one;
    ``?hrac=7&partie=qualifier-2`` fills it in (from a score sheet)."""
    tournament = tournament_or_404(slug)
    initial = {"player": request.GET.get("hrac"), "game": request.GET.get("partie")}
    return _list(request, tournament, _form(request, tournament, initial=initial))


def _checked(request, tournament):
    """The form and, when it is valid and the sanction may be recorded, its player and game;
    otherwise the form carries the reasons."""
    form = _form(request, tournament, request.POST)
    if not form.is_valid():
        return form, None, None
    player = get_object_or_404(
        Player, tournament=tournament, start_number=form.cleaned_data["player"]
    )
    game = form.chosen_game()
    try:
        sanction_services.sanction_check(
            player=player, scope=form.cleaned_data["scope"], game=game, by=request.user
        )
    except sanction_services.SanctionRefused as refused:
        show_refusal(form, refused)
        return form, None, None
    return form, player, game


@referee_required
@require_http_methods(["GET", "HEAD", "POST"])
def sanction_preview(request, slug):
    """What the sanction will change, to be confirmed before anything is stored. Asked for
    without the form (the language switch's link to this page): the list and its form."""
    if request.method != "POST":
        return redirect("desk:sanctions", slug=slug)
    tournament = tournament_or_404(slug)
    form, player, game = _checked(request, tournament)
    if player is None:
        return _list(request, tournament, form, status=400)
    registered = Player.objects.filter(tournament=tournament).values_list(
        "start_number", "name", "gender"
    )
    names = {number: name for number, name, _gender in registered}
    women = {number for number, _name, gender in registered if gender == Gender.FEMININE}
    effects = sanction_effects(
        tournament_data(tournament),
        SanctionData(player.start_number, form.cleaned_data["scope"], game.stage.kind, game.number),
        names,
        feminine=player.feminine,
        women=women,
    )
    return render(
        request,
        "desk/sanction_confirm.html",
        {
            "tournament": tournament,
            "form": form,
            "player": player,
            "game": game,
            "scope": Sanction.Scope(form.cleaned_data["scope"]),
            "effects": effects,
        },
    )


@referee_required
@require_http_methods(["GET", "HEAD", "POST"])
def sanction_record(request, slug):
    if request.method != "POST":  # a refused form's page in another language: the list
        return redirect("desk:sanctions", slug=slug)
    tournament = tournament_or_404(slug)
    form, player, game = _checked(request, tournament)
    if player is None:
        return _list(request, tournament, form, status=400)
    try:
        sanction = sanction_services.record_sanction(
            player=player,
            scope=form.cleaned_data["scope"],
            game=game,
            reason=form.cleaned_data["reason"],
            by=request.user,
        )
    except sanction_services.SanctionRefused as refused:
        show_refusal(form, refused)
        return _list(request, tournament, form, status=400)
    messages.success(
        request,
        (
            pgettext("feminine", "Recorded: player no. %(number)s, %(what)s.")
            if player.feminine
            else _("Recorded: player no. %(number)s, %(what)s.")
        )
        % {"number": player.start_number, "what": sanction.get_scope_display()},
    )
    return redirect("desk:sanctions", slug=slug)


@referee_required
def sanction_withdraw(request, slug, sanction):
    """Withdraw a sanction after confirmation, with the reason; its record stays."""
    tournament = tournament_or_404(slug)
    found = get_object_or_404(
        Sanction.objects.select_related("player", "game__stage"), tournament=tournament, pk=sanction
    )
    form = WithdrawalForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            sanction_services.withdraw_sanction(
                sanction=found, reason=form.cleaned_data["reason"], by=request.user
            )
        except sanction_services.SanctionRefused as refused:
            show_refusal(form, refused)
        else:
            messages.success(request, _("The sanction is withdrawn."))
            return redirect("desk:sanctions", slug=slug)
    row = next(row for row in sanction_rows(tournament, withdrawn=True) if row.pk == found.pk)
    return render(
        request,
        "desk/sanction_withdraw.html",
        {"tournament": tournament, "sanction": row, "form": form},
        status=400 if form.errors else 200,
    )
