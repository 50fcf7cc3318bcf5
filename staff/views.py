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
from scoring.selectors import quota_warnings
from tournament import registration, services
from tournament.addresses import phones_address, suggested_url
from tournament.labels import stage_label
from tournament.lookups import tournament_or_404
from tournament.models import Card, Player, Team, Tournament
from tournament.words import eligibility_sentence

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
    show_refusal,
    team_initial,
)
from .tables import PlayersTable

BAD_REQUEST = 400  # a form refused: the page again, with the reasons


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


def _settings_page(request, form, tournament, confirmation, status=200):
    suggestion = suggested_url(urlsplit("//" + request.get_host()).port)
    return render(
        request,
        "staff/settings.html",
        {
            "form": form,
            "tournament": tournament,
            "sections": _sections(form, tournament, confirmation),
            "warnings": quota_warnings(tournament) if tournament else [],
            "phones": phones_address(tournament, request.build_absolute_uri("/")),
            "phones_suggestion": suggestion,
        },
        status=status,
    )


@organiser_required
def tournament_new(request):
    form = TournamentForm(request.POST or None, initial={"year": _this_year()})
    if request.method == "POST" and form.is_valid():
        try:
            created = services.create_tournament(
                values=form.values(), confirmation=form.confirmation()
            )
        except ValidationError as refusal:
            show_refusal(form, refusal)
        else:
            messages.success(
                request,
                _("The tournament „%(name)s“ is created. Next: register its players.")
                % {"name": created.name},
            )
            return redirect("staff:tournament", slug=created.slug)
    status = BAD_REQUEST if form.errors else 200
    return _settings_page(request, form, None, {}, status)


def _this_year() -> int:
    return timezone.localdate().year


@organiser_required
def settings(request, slug):
    tournament = tournament_or_404(slug)
    confirmation = services.confirmation_settings(tournament)
    frozen = services.frozen_settings(tournament)
    form = TournamentForm(
        request.POST or None,
        instance=Tournament.objects.get(pk=tournament.pk),  # the form's own copy to check
        frozen=frozen,
        confirmation=confirmation,
    )
    if request.method == "POST" and form.is_valid():
        try:
            services.update_tournament(
                tournament=tournament, values=form.values(), confirmation=form.confirmation()
            )
        except ValidationError as refusal:
            show_refusal(form, refusal)
        else:
            messages.success(request, _("The settings are saved."))
            return redirect("staff:settings", slug=slug)
    status = BAD_REQUEST if form.errors else 200
    return _settings_page(request, form, tournament, confirmation, status)


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
            messages.error(request, " ".join(refusal.messages))
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


@organiser_required
def player_new(request, slug):
    tournament = tournament_or_404(slug)
    form = PlayerForm(
        request.POST or None,
        tournament=tournament,
        initial={"start_number": services.next_start_number(tournament)},
    )
    if request.method == "POST" and form.is_valid():
        try:
            player = services.create_player(tournament=tournament, values=form.values())
        except ValidationError as refusal:
            show_refusal(form, refusal)
        else:
            messages.success(request, _("Registered: %(player)s.") % {"player": player})
            if "another" in request.POST:
                return redirect("staff:player_new", slug=slug)
            return redirect("staff:players", slug=slug)
    return render(
        request,
        "staff/player_form.html",
        {"tournament": tournament, "form": form, "player": None},
        status=BAD_REQUEST if form.errors else 200,
    )


@organiser_required
def player(request, slug, number):
    """A player's registration (to correct), eligibility, games and sanctions."""
    tournament = tournament_or_404(slug)
    found = _player_or_404(tournament, number)
    form = PlayerForm(
        request.POST or None,
        instance=Player.objects.select_related("tournament").get(pk=found.pk),
        tournament=tournament,
    )
    if request.method == "POST" and form.is_valid():
        try:
            saved = services.update_player(player=found, values=form.values())
        except ValidationError as refusal:
            show_refusal(form, refusal)
        else:
            messages.success(request, _("Saved: %(player)s.") % {"player": saved})
            return redirect("staff:player", slug=slug, number=saved.start_number)
    games = selectors.played_games(found)
    latest = games[-1] if games else None
    team = selectors.team_of(found)
    return render(
        request,
        "staff/player_form.html",
        {
            "tournament": tournament,
            "form": form,
            "player": found,
            "eligibility": eligibility_sentence(found),
            "games": games,
            "team": team,
            "sanctions": selectors.player_sanctions(found),
            "sanction_url": reverse("desk:sanctions", kwargs={"slug": slug})
            + "?"
            + urlencode(
                {
                    "hrac": found.start_number,
                    **({"partie": f"{latest.stage}-{latest.game}"} if latest else {}),
                }
            ),
            "removal_problem": services.player_removal_problem(found),
        },
        status=BAD_REQUEST if form.errors else 200,
    )


@organiser_required
def player_delete(request, slug, number):
    tournament = tournament_or_404(slug)
    found = _player_or_404(tournament, number)
    back = reverse("staff:player", kwargs={"slug": slug, "number": number})
    if request.method == "POST":
        try:
            services.delete_player(player=found)
        except ValidationError as refusal:
            messages.error(request, " ".join(refusal.messages))
            return redirect(back)
        messages.success(request, _("Removed from the tournament: %(player)s.") % {"player": found})
        return redirect("staff:players", slug=slug)
    return render(
        request,
        "staff/confirm.html",
        {
            "tournament": tournament,
            "title": _("Remove from the tournament: %(player)s?") % {"player": found},
            "consequence": _(
                "The player's registration is deleted. This cannot be undone: to register the "
                "player again, enter everything anew."
            ),
            "problem": services.player_removal_problem(found),
            "action": _("Remove the player"),
            "back": back,
        },
    )


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


def _team_page(request, tournament, team):
    frozen = services.roster_freeze_reason(tournament)
    members = (
        list(team.members.select_related("player").order_by("player__start_number")) if team else []
    )
    current = [member.player for member in members]
    form = TeamForm(
        request.POST or None,
        tournament=tournament,
        players=selectors.players_free_for(tournament, team),
        frozen=bool(frozen),
        team=team,
        initial=team_initial(team.name, current) if team else None,
    )
    if request.method == "POST" and form.is_valid():
        chosen = form.cleaned_data.get("members", current)
        try:
            saved = services.save_team(
                tournament=tournament, team=team, name=form.cleaned_data["name"], members=chosen
            )
        except ValidationError as refusal:
            show_refusal(form, refusal, aliases={"members": "member_1"})
        else:
            messages.success(request, _("The team „%(name)s“ is saved.") % {"name": saved.name})
            return redirect("staff:teams", slug=tournament.slug)
    return render(
        request,
        "staff/team_form.html",
        {
            "tournament": tournament,
            "team": team,
            "form": form,
            "members": current,
            "frozen": frozen,
            "size_min": TEAM_SIZE_MIN,
            "size_max": TEAM_SIZE_MAX,
        },
        status=BAD_REQUEST if form.errors else 200,
    )


@organiser_required
def team_new(request, slug):
    return _team_page(request, tournament_or_404(slug), None)


@organiser_required
def team(request, slug, team):
    tournament = tournament_or_404(slug)
    return _team_page(request, tournament, get_object_or_404(Team, tournament=tournament, pk=team))


@organiser_required
def team_delete(request, slug, team):
    tournament = tournament_or_404(slug)
    found = get_object_or_404(Team, tournament=tournament, pk=team)
    back = reverse("staff:team", kwargs={"slug": slug, "team": found.pk})
    if request.method == "POST":
        try:
            services.delete_team(team=found)
        except ValidationError as refusal:
            messages.error(request, " ".join(refusal.messages))
            return redirect(back)
        messages.success(request, _("The team „%(name)s“ is deleted.") % {"name": found.name})
        return redirect("staff:teams", slug=slug)
    return render(
        request,
        "staff/confirm.html",
        {
            "tournament": tournament,
            "title": _("Delete the team „%(name)s“?") % {"name": found.name},
            "consequence": _(
                "The team and its roster are deleted; its players stay registered. This "
                "cannot be undone."
            ),
            "problem": services.roster_freeze_reason(tournament),
            "action": _("Delete the team"),
            "back": back,
        },
    )


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
            for message in refusal.messages:
                form.add_error(None, message)
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


@organiser_required
def account_deactivate(request, account):
    user = get_object_or_404(User, pk=account)
    back = reverse("staff:account", kwargs={"account": user.pk})
    if request.method == "POST":
        try:
            account_services.set_active(user=user, active=False, by=request.user)
        except ValidationError as refusal:
            messages.error(request, " ".join(refusal.messages))
        else:
            messages.success(
                request,
                _("The account %(username)s is deactivated.") % {"username": user.username},
            )
        return redirect(back)
    problem = None
    try:
        account_services.deactivation_check(user=user, by=request.user)
    except ValidationError as refusal:
        problem = " ".join(refusal.messages)
    return render(
        request,
        "staff/confirm.html",
        {
            "title": _("Deactivate the account %(username)s?") % {"username": user.username},
            "consequence": _(
                "The account can no longer sign in; its name stays on the sheets, draws and "
                "decisions it recorded. An organiser can make it active again."
            ),
            "problem": problem,
            "action": _("Deactivate the account"),
            "back": back,
        },
    )


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


@organiser_required
def cards(request):
    form = CardForm(request.POST or None, prefix="new")
    if request.method == "POST" and form.is_valid():
        try:
            card = services.save_card(**_card_values(form))
        except ValidationError as refusal:
            show_refusal(form, refusal)
        else:
            messages.success(request, _("The card %(card)s is added.") % {"card": card})
            return redirect("staff:cards")
    return render(
        request,
        "staff/cards.html",
        {"form": form, "table": selectors.card_table()},
        status=BAD_REQUEST if form.errors else 200,
    )


@organiser_required
def card(request, card):
    found = get_object_or_404(Card, pk=card)
    form = CardForm(request.POST or None, instance=Card.objects.get(pk=found.pk))
    if request.method == "POST" and form.is_valid():
        try:
            saved = services.save_card(card=found, **_card_values(form))
        except ValidationError as refusal:
            show_refusal(form, refusal)
        else:
            messages.success(request, _("The card %(card)s is saved.") % {"card": saved})
            return redirect("staff:cards")
    return render(
        request,
        "staff/card.html",
        {"form": form, "card": found, "table": selectors.card_table()},
        status=BAD_REQUEST if form.errors else 200,
    )


@organiser_required
def card_delete(request, card):
    found = get_object_or_404(Card, pk=card)
    back = reverse("staff:card", kwargs={"card": found.pk})
    if request.method == "POST":
        try:
            services.delete_card(card=found)
        except ValidationError as refusal:
            messages.error(request, " ".join(refusal.messages))
            return redirect(back)
        messages.success(request, _("The card %(card)s is deleted.") % {"card": found})
        return redirect("staff:cards")
    return render(
        request,
        "staff/confirm.html",
        {
            "title": _("Delete the card %(card)s?") % {"card": found},
            "consequence": _(
                "The card is deleted from the table; the card-value bound then comes from the "
                "cards that remain. This cannot be undone."
            ),
            "problem": None,
            "action": _("Delete the card"),
            "back": back,
        },
    )


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
