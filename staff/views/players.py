"""Players: search, filters, presence and fees ticked at once, the registration upload, one
player's form."""

from urllib.parse import urlencode

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST
from django_tables2 import RequestConfig

from accounts.access import organiser_required
from tournament import registration, services
from tournament.models import Player
from tournament.words import eligibility_sentence
from ui.lookups import tournament_or_404
from ui.refusals import show_refusal
from ui.views import BAD_REQUEST, ServiceFormView

from .. import selectors
from ..forms import (
    PlayerForm,
    PlayerSearchForm,
    PlayersUploadForm,
)
from ..tables import PlayersTable
from .common import StaffConfirmView, player_or_404


@organiser_required
def players(request, slug):
    """The players' table with search and filters; presence and the entry fee ticked for
    every player shown at once."""
    tournament = tournament_or_404(slug)
    search = PlayerSearchForm(request.GET or None)
    if request.method == "POST":
        shown = _numbers(request.POST.getlist("shown"))
        try:
            changed = services.set_presence_and_payment(
                tournament=tournament,
                shown=shown,
                present=_numbers(request.POST.getlist("present")),
                paid=_numbers(request.POST.getlist("paid")),
            )
        except ValidationError as refusal:
            show_refusal(request, refusal)
        else:
            messages.success(
                request,
                _("Presence and entry fees saved for %(shown)s players (%(changed)s changed).")
                % {"shown": len(shown), "changed": changed},
            )
        query = request.GET.urlencode()
        return redirect(
            reverse("staff:players", kwargs={"slug": slug}) + (f"?{query}" if query else "")
        )
    return _players_page(request, tournament, search)


def _players_page(request, tournament, search, upload_form=None, upload_errors=(), status=200):
    rows = selectors.player_rows(tournament, **search.criteria())
    table = PlayersTable(rows, caption=_("Players of the tournament"), slug=tournament.slug)
    RequestConfig(request, paginate=False).configure(table)
    return render(
        request,
        "staff/players.html",
        {
            "tournament": tournament,
            "search": search,
            "table": table,
            "rows": rows,
            "filtered": any(search.criteria().values()),
            "upload_form": upload_form or PlayersUploadForm(),
            "upload_errors": upload_errors,
        },
        status=status,
    )


@organiser_required
@require_POST
def players_upload(request, slug):
    """Register players and teams from the filled-in registration sheet: all rows, or
    nothing and every error with its cell."""
    tournament = tournament_or_404(slug)
    form = PlayersUploadForm(request.POST, request.FILES)
    errors = []
    if form.is_valid():
        outcome = registration.import_players(tournament, form.cleaned_data["file"])
        errors = outcome.errors
        if not errors:
            messages.success(request, outcome.summary())
            return redirect("staff:players", slug=slug)
    return _players_page(request, tournament, PlayerSearchForm(), form, errors, status=BAD_REQUEST)


def _numbers(values) -> set[int]:
    return {int(value) for value in values if value.isdigit()}


class PlayerNew(ServiceFormView):
    template_name = "staff/player_form.html"
    form_class = PlayerForm

    def setup(self, request, *args, **kwargs):
        super().setup(request, *args, **kwargs)
        self.tournament = tournament_or_404(kwargs["slug"])

    def get_initial(self):
        return {"start_number": services.next_start_number(self.tournament)}

    def get_form_kwargs(self):
        return {**super().get_form_kwargs(), "tournament": self.tournament}

    def get_context_data(self, **kwargs):
        return {**super().get_context_data(**kwargs), "tournament": self.tournament, "player": None}

    def perform(self, form):
        return services.create_player(
            tournament=self.tournament, values=form.values(), person=form.person_choice()
        )

    def success_message(self, form, result):
        return _("Registered: %(player)s.") % {"player": result}

    def success_url_for(self, form, result):
        name = "staff:player_new" if "another" in self.request.POST else "staff:players"
        return reverse(name, kwargs={"slug": self.tournament.slug})


player_new = organiser_required(PlayerNew.as_view())


class PlayerChange(PlayerNew):
    """A player's registration (to correct), eligibility, games and sanctions."""

    def setup(self, request, *args, **kwargs):
        super().setup(request, *args, **kwargs)
        self.player = player_or_404(self.tournament, kwargs["number"])

    def get_initial(self):
        return {}

    def get_form_kwargs(self):
        return {
            **super().get_form_kwargs(),
            "instance": Player.objects.select_related("tournament").get(pk=self.player.pk),
        }

    def get_context_data(self, **kwargs):
        found = self.player
        games = selectors.played_games(found)
        latest = games[-1] if games else None
        return {
            **super().get_context_data(**kwargs),
            "player": found,
            "eligibility": eligibility_sentence(found),
            "local_source": selectors.local_source(found),
            "games": games,
            "team": selectors.team_of(found),
            "sanctions": selectors.player_sanctions(found),
            "sanction_url": reverse("desk:sanctions", kwargs={"slug": self.tournament.slug})
            + "?"
            + urlencode(
                {
                    "hrac": found.start_number,
                    **({"partie": f"{latest.stage}-{latest.game}"} if latest else {}),
                }
            ),
            "removal_problem": services.player_removal_problem(found),
        }

    def perform(self, form):
        return services.update_player(
            player=self.player, values=form.values(), person=form.person_choice()
        )

    def success_message(self, form, result):
        return _("Saved: %(player)s.") % {"player": result}

    def success_url_for(self, form, result):
        return reverse(
            "staff:player", kwargs={"slug": self.tournament.slug, "number": result.start_number}
        )


player = organiser_required(PlayerChange.as_view())


class PlayerDelete(StaffConfirmView):
    def get_object(self):
        self.tournament = tournament_or_404(self.kwargs["slug"])
        return player_or_404(self.tournament, self.kwargs["number"])

    def back_url(self):
        return reverse("staff:player", kwargs=self.kwargs)

    def confirmation(self):
        return {
            "tournament": self.tournament,
            "title": _("Remove from the tournament: %(player)s?") % {"player": self.object},
            "consequence": _(
                "The player's registration is deleted. This cannot be undone: to register the "
                "player again, enter everything anew."
            ),
            "problem": services.player_removal_problem(self.object),
            "action": _("Remove the player"),
            "back": self.back_url(),
        }

    def perform(self):
        services.delete_player(player=self.object)

    def success_message(self):
        return _("Removed from the tournament: %(player)s.") % {"player": self.object}

    def success_url(self):
        return reverse("staff:players", kwargs={"slug": self.tournament.slug})


player_delete = organiser_required(PlayerDelete.as_view())
