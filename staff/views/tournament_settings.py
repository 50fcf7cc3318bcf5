"""A new tournament and its settings, those the rules have frozen shown with the reason."""

from urllib.parse import urlsplit

from django.conf import settings as django_settings
from django.contrib import messages
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.access import organiser_required
from rules.stages import STAGES
from scoring.selectors import quota_warnings
from tournament import services
from tournament.addresses import (
    check_phones_address,
    listens_on_loopback_only,
    phones_address,
    phones_address_reached,
    suggested_url,
)
from tournament.models import Tournament, TournamentKind
from ui.lookups import tournament_or_404
from ui.views import ServiceFormView

from ..forms import (
    CONFIRMATION_LABELS,
    TournamentForm,
    confirmation_words,
    poker_order_words,
)

SECTIONS = [
    (
        "about",
        lambda: _("The tournament"),
        ["name", "slug", "year", "start_date", "end_date", "venue", "organiser"],
    ),
    ("kind", lambda: _("Kind of tournament and its rules"), ["kind", "rule_set", "plays_finals"]),
    ("scoring", lambda: _("Scoring"), ["close_bonus", "max_card_value"]),
    (
        "poker",
        lambda: _("Slovní poker (only when the tournament plays it)"),
        [
            "poker_game_end",
            "poker_deal_wins",
            "poker_points_limit",
            "poker_deals_limit",
            "poker_standings",
        ],
    ),
    (
        "scrabble",
        lambda: _("Scrabble (only when the tournament plays it)"),
        list(services.SCRABBLE_SETTINGS),
    ),
    (
        "qualifier",
        lambda: _("The qualifier"),
        [
            "qualifier_games",
            "qualifier_seating",
            "qualifier_rounds_min",
            "qualifier_rounds_max",
            "qualifier_rounds",
        ],
    ),
    ("quota", lambda: _("Places in the A-final (rules C and K)"), ["quota_b1", "quota_vs"]),
    ("phones", lambda: _("Phones at the tables"), ["phones_url"]),
    (
        "confirmation",
        lambda: _("Confirmation of score sheets"),
        [services.confirmation_field(kind) for kind in STAGES],
    ),
]


# Sections left out when none of their settings applies to the tournament's rule set.
NOT_APPLICABLE_SECTIONS = ("scoring",)


def _shown(tournament: Tournament, name: str) -> str:
    value = getattr(tournament, name)
    if name == "close_bonus" and value is None:
        return _("%(value)s (the rules' value)") % {"value": tournament.close_bonus_in_force()}
    if name == "max_card_value" and value is None:
        return _("%(value)s (the highest value of the card table)") % {
            "value": tournament.scoring_settings().max_card_value
        }
    if name == "poker_standings":
        return poker_order_words(value)
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if value is None or value == "" or value == []:
        return _("empty (the default)")
    if isinstance(value, list):
        return ", ".join(map(str, value))
    return str(value)


def _sections(form: TournamentForm, tournament: Tournament | None, confirmation: dict):
    """The form's fields in sections; a frozen setting as its value with the reason."""
    result = []
    for key, legend, names in SECTIONS:
        championship = tournament is not None and tournament.kind == TournamentKind.CHAMPIONSHIP
        if key == "scrabble" and championship:
            continue  # the championship's settings page stays as it was
        items = []
        for name in names:
            if name in form.not_applicable:
                continue
            if name in form.fields:
                items.append({"field": form[name]})
            elif name in form.frozen and tournament is not None:
                kind = name.removeprefix("confirmation_")
                if kind in STAGES:
                    label = CONFIRMATION_LABELS[kind]
                    value = confirmation_words(kind, confirmation.get(kind))
                else:
                    model_field = Tournament._meta.get_field(name)
                    label = model_field.verbose_name
                    value = (
                        getattr(tournament, f"get_{name}_display")()
                        if model_field.choices
                        else _shown(tournament, name)
                    )
                items.append(
                    {
                        "frozen": True,
                        "name": name,
                        "label": label,
                        "value": value,
                        "reason": form.frozen[name],
                    }
                )
        if items or key not in NOT_APPLICABLE_SECTIONS:
            result.append({"key": key, "legend": legend(), "items": items})
    return result


class TournamentNew(ServiceFormView):
    """A new tournament's settings (``tournament`` is None) or a tournament's (``Settings``)."""

    template_name = "staff/settings.html"
    form_class = TournamentForm
    tournament = None
    confirmation: dict = {}

    def get_initial(self):
        return {"year": _this_year()}

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        request, tournament = self.request, self.tournament
        phones = phones_address(tournament, request.build_absolute_uri("/"))
        return {
            **context,
            "tournament": tournament,
            "sections": _sections(context["form"], tournament, self.confirmation),
            "warnings": quota_warnings(tournament) if tournament else [],
            "phones": phones,
            "phones_checked": phones.configured
            and not phones.loopback
            and phones_address_reached(phones.url),
            "loopback_server": listens_on_loopback_only(),
            "phones_suggestion": suggested_url(urlsplit("//" + request.get_host()).port),
        }

    def perform(self, form):
        return services.create_tournament(values=form.values(), confirmation=form.confirmation())

    def success_message(self, form, result):
        return _("The tournament „%(name)s“ is created. Next: register its players.") % {
            "name": result.name
        }

    def success_url_for(self, form, result):
        return reverse("staff:tournament", kwargs={"slug": result.slug})


tournament_new = organiser_required(TournamentNew.as_view())


def _this_year() -> int:
    return timezone.localdate().year


class Settings(TournamentNew):
    def setup(self, request, *args, **kwargs):
        super().setup(request, *args, **kwargs)
        self.tournament = tournament_or_404(kwargs["slug"])
        self.confirmation = services.confirmation_settings(self.tournament)

    def get_initial(self):
        return {}

    def get_form_kwargs(self):
        return {
            **super().get_form_kwargs(),
            # the form's own copy to check
            "instance": Tournament.objects.get(pk=self.tournament.pk),
            "frozen": services.frozen_settings(self.tournament),
            "confirmation": self.confirmation,
        }

    def perform(self, form):
        services.update_tournament(
            tournament=self.tournament, values=form.values(), confirmation=form.confirmation()
        )
        self._check_phones()

    def _check_phones(self) -> None:
        """Saved, the phones' address is asked from this server: does it reach this one?"""
        phones = phones_address(Tournament.objects.get(pk=self.tournament.pk))
        if not phones.configured or phones.loopback:
            return
        # this process reads the names it answers to again at once (syllabatim/hosts.py)
        forget = getattr(django_settings.ALLOWED_HOSTS, "forget", None)
        if forget is not None:
            forget()
        problem = check_phones_address(phones.url)
        if problem:
            messages.warning(
                self.request,
                _("The phones' address does not reach this server yet: %(problem)s")
                % {"problem": problem},
            )

    def success_message(self, form, result):
        return _("The settings are saved.")

    def success_url_for(self, form, result):
        return reverse("staff:settings", kwargs={"slug": self.tournament.slug})


settings = organiser_required(Settings.as_view())
