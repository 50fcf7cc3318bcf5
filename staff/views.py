"""The organiser's own pages: the day's steps, a tournament's settings, players, teams, the
staff's accounts and the card table. Thin: reads through ``staff.selectors``, every write
through a service, whose refusal is shown next to the field it is about."""

from urllib.parse import urlencode, urlsplit

from django.contrib import messages
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST, require_safe
from django_tables2 import RequestConfig

from accounts import services as account_services
from accounts.access import organiser_required, referee_required
from rules.championship import TEAM_SIZE_MAX, TEAM_SIZE_MIN
from rules.stages import STAGES
from scoring import ceremony as ceremony_services
from scoring.selectors import quota_warnings
from tournament import registration, services
from tournament.addresses import phones_address, suggested_url
from tournament.labels import stage_label
from tournament.lookups import tournament_or_404
from tournament.models import Card, Player, Team, Tournament
from tournament.words import eligibility_sentence
from ui.refusals import refusal_text, show_refusal
from ui.views import BAD_REQUEST, ConfirmView, ServiceFormView

from . import selectors
from .forms import (
    CONFIRMATION_LABELS,
    AccountChangeForm,
    AccountForm,
    CardForm,
    HoldResultsForm,
    PasswordForm,
    PlayerForm,
    PlayerSearchForm,
    PlayersUploadForm,
    ReplacementForm,
    TeamForm,
    TournamentForm,
    confirmation_words,
    team_initial,
)
from .tables import PlayersTable


def _player_or_404(tournament: Tournament, number: int) -> Player:
    return get_object_or_404(
        Player.objects.select_related("tournament"), tournament=tournament, start_number=number
    )


# --- the day ------------------------------------------------------------------------------


@referee_required
@require_safe
def start(request):
    """Every tournament with the steps of its day; the organiser creates one here."""
    tournaments = [
        {"tournament": tournament, "steps": selectors.day_steps(tournament)}
        for tournament in Tournament.objects.order_by("-start_date", "name")
    ]
    for entry in tournaments:
        entry["current"] = selectors.current_step(entry["steps"])
    return render(request, "staff/start.html", {"tournaments": tournaments})


@referee_required
@require_safe
def day(request, slug):
    """One tournament's day: its steps and what the organiser should check."""
    tournament = tournament_or_404(slug)
    steps = selectors.day_steps(tournament)
    return render(
        request,
        "staff/tournament.html",
        {
            "tournament": tournament,
            "steps": steps,
            "current": selectors.current_step(steps),
            "warnings": quota_warnings(tournament),
        },
    )


# --- settings -----------------------------------------------------------------------------

SECTIONS = [
    (
        "about",
        lambda: _("The tournament"),
        ["name", "slug", "year", "start_date", "end_date", "venue", "organiser"],
    ),
    ("scoring", lambda: _("Scoring"), ["close_bonus", "max_card_value"]),
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


def _shown(tournament: Tournament, name: str) -> str:
    value = getattr(tournament, name)
    if name == "close_bonus" and value is None:
        return _("%(value)s (the rules' value)") % {"value": tournament.close_bonus_in_force()}
    if name == "max_card_value" and value is None:
        return _("%(value)s (the highest value of the card table)") % {
            "value": tournament.scoring_settings().max_card_value
        }
    if value is None or value == "" or value == []:
        return _("empty (the default)")
    if isinstance(value, list):
        return ", ".join(map(str, value))
    return str(value)


def _sections(form: TournamentForm, tournament: Tournament | None, confirmation: dict):
    """The form's fields in sections; a frozen setting as its value with the reason."""
    result = []
    for key, legend, names in SECTIONS:
        items = []
        for name in names:
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
        return {
            **context,
            "tournament": tournament,
            "sections": _sections(context["form"], tournament, self.confirmation),
            "warnings": quota_warnings(tournament) if tournament else [],
            "phones": phones_address(tournament, request.build_absolute_uri("/")),
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

    def success_message(self, form, result):
        return _("The settings are saved.")

    def success_url_for(self, form, result):
        return reverse("staff:settings", kwargs={"slug": self.tournament.slug})


settings = organiser_required(Settings.as_view())


# --- players ------------------------------------------------------------------------------


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
        return services.create_player(tournament=self.tournament, values=form.values())

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
        self.player = _player_or_404(self.tournament, kwargs["number"])

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
        return services.update_player(player=self.player, values=form.values())

    def success_message(self, form, result):
        return _("Saved: %(player)s.") % {"player": result}

    def success_url_for(self, form, result):
        return reverse(
            "staff:player", kwargs={"slug": self.tournament.slug, "number": result.start_number}
        )


player = organiser_required(PlayerChange.as_view())


class StaffConfirmView(ConfirmView):
    template_name = "staff/confirm.html"


class PlayerDelete(StaffConfirmView):
    def get_object(self):
        self.tournament = tournament_or_404(self.kwargs["slug"])
        return _player_or_404(self.tournament, self.kwargs["number"])

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


# --- teams --------------------------------------------------------------------------------


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


# --- replacements in the A-final -----------------------------------------------------------


@organiser_required
def replacements(request, slug):
    """The organiser's replacements in the A-final: an advancing player withdrew and the next
    one moves up; decided before the A-final's draw, with the rules' checks."""
    from scoring import finals as final_services
    from scoring.models import Replacement

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


# --- accounts -----------------------------------------------------------------------------


@organiser_required
@require_safe
def accounts(request):
    return render(request, "staff/accounts.html", {"accounts": selectors.account_rows()})


def _password_shown(request, user, password):
    """A generated password, shown once: the page is not stored anywhere."""
    response = render(request, "staff/password_shown.html", {"account": user, "password": password})
    response["Cache-Control"] = "no-store"
    return response


@never_cache
@organiser_required
def account_new(request):
    form = AccountForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        password = data["password"] or account_services.generate_password()
        try:
            user = account_services.create_staff_account(
                username=data["username"],
                role=data["role"],
                password=password,
                first_name=data["first_name"],
                last_name=data["last_name"],
            )
        except ValidationError as refusal:
            show_refusal(form, refusal)
        else:
            messages.success(
                request, _("The account %(username)s is created.") % {"username": user.username}
            )
            if not data["password"]:
                return _password_shown(request, user, password)
            return redirect("staff:accounts")
    return render(
        request,
        "staff/account_new.html",
        {"form": form},
        status=BAD_REQUEST if form.errors else 200,
    )


def _account_page(request, user, form=None, password_form=None, status=200):
    role = account_services.role_of(user)
    return render(
        request,
        "staff/account.html",
        {
            "account": user,
            "role": role,
            "form": form
            or AccountChangeForm(
                initial={"first_name": user.first_name, "last_name": user.last_name, "role": role}
            ),
            "password_form": password_form or PasswordForm(),
        },
        status=status,
    )


@organiser_required
def account(request, account):
    user = get_object_or_404(User, pk=account)
    if request.method != "POST":
        return _account_page(request, user)
    form = AccountChangeForm(request.POST)
    if form.is_valid():
        data = form.cleaned_data
        try:
            account_services.set_name(
                user=user, first_name=data["first_name"], last_name=data["last_name"]
            )
            account_services.set_role(user=user, role=data["role"], by=request.user)
        except ValidationError as refusal:
            show_refusal(form, refusal)
        else:
            messages.success(
                request, _("The account %(username)s is saved.") % {"username": user.username}
            )
            return redirect("staff:account", account=user.pk)
    user.refresh_from_db()
    return _account_page(request, user, form=form, status=BAD_REQUEST)


@never_cache
@organiser_required
@require_POST
def account_password(request, account):
    user = get_object_or_404(User, pk=account)
    form = PasswordForm(request.POST)
    if form.is_valid():
        typed = form.cleaned_data["password"]
        password = typed or account_services.generate_password()
        try:
            account_services.set_password(user=user, password=password)
        except ValidationError as refusal:
            show_refusal(form, refusal)
        else:
            messages.success(
                request,
                _("The password of %(username)s is changed.") % {"username": user.username},
            )
            if not typed:
                return _password_shown(request, user, password)
            return redirect("staff:account", account=user.pk)
    return _account_page(request, user, password_form=form, status=BAD_REQUEST)


class AccountDeactivate(StaffConfirmView):
    def get_object(self):
        return get_object_or_404(User, pk=self.kwargs["account"])

    def back_url(self):
        return reverse("staff:account", kwargs={"account": self.object.pk})

    def confirmation(self):
        problem = None
        try:
            account_services.deactivation_check(user=self.object, by=self.request.user)
        except ValidationError as refusal:
            problem = refusal_text(refusal)
        return {
            "title": _("Deactivate the account %(username)s?") % {"username": self.object.username},
            "consequence": _(
                "The account can no longer sign in; its name stays on the sheets, draws and "
                "decisions it recorded. An organiser can make it active again."
            ),
            "problem": problem,
            "action": _("Deactivate the account"),
            "back": self.back_url(),
        }

    def perform(self):
        account_services.set_active(user=self.object, active=False, by=self.request.user)

    def success_message(self):
        return _("The account %(username)s is deactivated.") % {"username": self.object.username}


account_deactivate = organiser_required(AccountDeactivate.as_view())


@organiser_required
@require_POST
def account_activate(request, account):
    user = get_object_or_404(User, pk=account)
    account_services.set_active(user=user, active=True, by=request.user)
    messages.success(
        request, _("The account %(username)s is active again.") % {"username": user.username}
    )
    return redirect("staff:account", account=user.pk)


# --- the card table -----------------------------------------------------------------------


def _card_values(form: CardForm) -> dict:
    data = form.cleaned_data
    return {"letters": data["letters"], "value": data["value"], "count": data["count"]}


class Cards(ServiceFormView):
    """The card table with the form of a new card."""

    template_name = "staff/cards.html"
    form_class = CardForm
    prefix = "new"

    def get_context_data(self, **kwargs):
        return {**super().get_context_data(**kwargs), "table": selectors.card_table()}

    def perform(self, form):
        return services.save_card(**_card_values(form))

    def success_message(self, form, result):
        return _("The card %(card)s is added.") % {"card": result}

    def success_url_for(self, form, result):
        return reverse("staff:cards")


cards = organiser_required(Cards.as_view())


class CardChange(Cards):
    template_name = "staff/card.html"
    prefix = None

    def setup(self, request, *args, **kwargs):
        super().setup(request, *args, **kwargs)
        self.card = get_object_or_404(Card, pk=kwargs["card"])

    def get_form_kwargs(self):
        return {**super().get_form_kwargs(), "instance": Card.objects.get(pk=self.card.pk)}

    def get_context_data(self, **kwargs):
        return {**super().get_context_data(**kwargs), "card": self.card}

    def perform(self, form):
        return services.save_card(card=self.card, **_card_values(form))

    def success_message(self, form, result):
        return _("The card %(card)s is saved.") % {"card": result}


card = organiser_required(CardChange.as_view())


class CardDelete(StaffConfirmView):
    def get_object(self):
        return get_object_or_404(Card, pk=self.kwargs["card"])

    def back_url(self):
        return reverse("staff:card", kwargs={"card": self.object.pk})

    def confirmation(self):
        return {
            "title": _("Delete the card %(card)s?") % {"card": self.object},
            "consequence": _(
                "The card is deleted from the table; the card-value bound then comes from the "
                "cards that remain. This cannot be undone."
            ),
            "problem": None,
            "action": _("Delete the card"),
            "back": self.back_url(),
        }

    def perform(self):
        services.delete_card(card=self.object)

    def success_message(self):
        return _("The card %(card)s is deleted.") % {"card": self.object}

    def success_url(self):
        return reverse("staff:cards")


card_delete = organiser_required(CardDelete.as_view())


# --- results held for the ceremony --------------------------------------------------------


def _held_stages(tournament: Tournament, forms_by_kind: dict | None = None) -> list[dict]:
    held = selectors.stages_for_announcement(tournament)
    return [
        {
            **stage,
            "form": (forms_by_kind or {}).get(stage["kind"])
            or HoldResultsForm(
                prefix=stage["kind"], initial={"announcement": stage["announcement"]}
            ),
        }
        for stage in held
    ]


@organiser_required
@never_cache
def announcement(request, slug):
    """Results held for the ceremony (Tabbycat's "release"): per stage, hold its results back
    from the public until the announcement, or release them with one button. The staff's
    pages and printouts show everything meanwhile; the log keeps every hold and release."""
    tournament = tournament_or_404(slug)
    forms_by_kind = {}
    if request.method == "POST":
        kind = request.POST.get("stage", "")
        if kind not in STAGES:
            return redirect("staff:announcement", slug=slug)
        if request.POST.get("action") == "release":
            services.release_results(tournament=tournament, kind=kind)
            messages.success(
                request,
                _("The results of the %(stage)s are released: the public sees them now.")
                % {"stage": stage_label(kind)},
            )
            return redirect("staff:announcement", slug=slug)
        form = HoldResultsForm(request.POST, prefix=kind)
        if form.is_valid():
            try:
                services.hold_results(
                    tournament=tournament,
                    kind=kind,
                    announcement=form.cleaned_data["announcement"],
                )
            except ValidationError as refusal:
                show_refusal(form, refusal)
            else:
                messages.success(
                    request,
                    _("The results of the %(stage)s are held until the announcement.")
                    % {"stage": stage_label(kind)},
                )
                return redirect("staff:announcement", slug=slug)
        forms_by_kind[kind] = form
    return render(
        request,
        "staff/announcement.html",
        {"tournament": tournament, "stages": _held_stages(tournament, forms_by_kind)},
        status=BAD_REQUEST if forms_by_kind else 200,
    )


CEREMONY_MOVES = {
    "next": ceremony_services.show_next,
    "back": ceremony_services.show_previous,
    "restart": ceremony_services.start_over,
}


@organiser_required
@never_cache
def ceremony(request, slug):
    """The organiser drives the ceremony from here (a laptop, a presenter's clicker): one
    place revealed at a time on the hall display and the public page; the page shows what is
    on screen and what comes next. Plain forms (static/staff/ceremony.js adds the keys)."""
    tournament = tournament_or_404(slug)
    if request.method == "POST":
        move = CEREMONY_MOVES.get(request.POST.get("action", ""))
        if move is not None:
            try:
                state = move(tournament=tournament, by=request.user)
            except ValidationError as refusal:
                messages.error(request, refusal_text(refusal))
            else:
                messages.success(request, state.status_words)
        return redirect("staff:ceremony", slug=slug)
    return render(
        request,
        "staff/ceremony.html",
        {"tournament": tournament, "state": ceremony_services.ceremony_state(tournament)},
    )
