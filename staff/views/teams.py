"""Teams and their members."""

from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from accounts.access import organiser_required
from rules.championship import TEAM_SIZE_MAX, TEAM_SIZE_MIN
from tournament import services
from tournament.models import Team
from ui.lookups import tournament_or_404
from ui.views import ServiceFormView

from .. import selectors
from ..forms import (
    TeamForm,
    team_initial,
)
from .common import StaffConfirmView


@organiser_required
@require_safe
def teams(request, slug):
    tournament = tournament_or_404(slug)
    return render(
        request,
        "staff/teams.html",
        {
            "tournament": tournament,
            "teams": selectors.team_rows(tournament),
            "frozen": services.roster_freeze_reason(tournament),
            "size_min": TEAM_SIZE_MIN,
            "size_max": TEAM_SIZE_MAX,
        },
    )


class TeamChange(ServiceFormView):
    """A team's name and roster; a new team where the address names none."""

    template_name = "staff/team_form.html"
    form_class = TeamForm
    refusal_aliases = {"members": "member_1"}

    def setup(self, request, *args, **kwargs):
        super().setup(request, *args, **kwargs)
        tournament = self.tournament = tournament_or_404(kwargs["slug"])
        team = self.team = (
            get_object_or_404(Team, tournament=tournament, pk=kwargs["team"])
            if "team" in kwargs
            else None
        )
        self.frozen = services.roster_freeze_reason(tournament)
        members = (
            list(team.members.select_related("player").order_by("player__start_number"))
            if team
            else []
        )
        self.current = [member.player for member in members]

    def get_initial(self):
        return team_initial(self.team.name, self.current) if self.team else {}

    def get_form_kwargs(self):
        return {
            **super().get_form_kwargs(),
            "tournament": self.tournament,
            "players": selectors.players_free_for(self.tournament, self.team),
            "frozen": bool(self.frozen),
            "team": self.team,
        }

    def get_context_data(self, **kwargs):
        return {
            **super().get_context_data(**kwargs),
            "tournament": self.tournament,
            "team": self.team,
            "members": self.current,
            "frozen": self.frozen,
            "size_min": TEAM_SIZE_MIN,
            "size_max": TEAM_SIZE_MAX,
        }

    def perform(self, form):
        return services.save_team(
            tournament=self.tournament,
            team=self.team,
            name=form.cleaned_data["name"],
            members=form.cleaned_data.get("members", self.current),
        )

    def success_message(self, form, result):
        return _("The team „%(name)s“ is saved.") % {"name": result.name}

    def success_url_for(self, form, result):
        return reverse("staff:teams", kwargs={"slug": self.tournament.slug})


team_new = organiser_required(TeamChange.as_view())
team = organiser_required(TeamChange.as_view())


class TeamDelete(StaffConfirmView):
    def get_object(self):
        self.tournament = tournament_or_404(self.kwargs["slug"])
        return get_object_or_404(Team, tournament=self.tournament, pk=self.kwargs["team"])

    def back_url(self):
        return reverse("staff:team", kwargs={"slug": self.tournament.slug, "team": self.object.pk})

    def confirmation(self):
        return {
            "tournament": self.tournament,
            "title": _("Delete the team „%(name)s“?") % {"name": self.object.name},
            "consequence": _(
                "The team and its roster are deleted; its players stay registered. This "
                "cannot be undone."
            ),
            "problem": services.roster_freeze_reason(self.tournament),
            "action": _("Delete the team"),
            "back": self.back_url(),
        }

    def perform(self):
        services.delete_team(team=self.object)

    def success_message(self):
        return _("The team „%(name)s“ is deleted.") % {"name": self.object.name}

    def success_url(self):
        return reverse("staff:teams", kwargs={"slug": self.tournament.slug})


team_delete = organiser_required(TeamDelete.as_view())
