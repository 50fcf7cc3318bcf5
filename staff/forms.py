"""Forms of the staff pages. They check what a form can see; every write goes through a
service (``tournament.services``, ``accounts.services``), which checks again what the rules
allow, and its refusals are shown next to the fields they are about
(``ui.refusals.show_refusal``)."""

from itertools import permutations

from django import forms
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db.models import Count
from django.utils.dateparse import parse_date
from django.utils.formats import date_format
from django.utils.text import format_lazy, slugify
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from accounts.models import FEMININE, MASCULINE
from accounts.roles import ORGANISER, REFEREE, ROLE_NAMES
from rules import word_poker
from rules.categories import CATEGORIES
from rules.championship import CLOSE_BONUS, TEAM_SIZE_MAX, TEAM_SIZE_MIN
from rules.stages import FINAL_A, FINAL_B, QUALIFIER, STAGES
from tournament import persons
from tournament.characters import NameFormField
from tournament.forms import RoundListField
from tournament.models import (
    Card,
    Gender,
    Person,
    Player,
    RuleSetChoice,
    Team,
    Tournament,
    TournamentKind,
)
from tournament.services import (
    PLAYER_FIELDS,
    POKER_SETTINGS,
    SCRABBLE_SETTINGS,
    SETTINGS_FIELDS,
    confirmation_field,
)
from tournament.words import team_size_message

from .selectors import ABSENT, NOT_ELIGIBLE, UNPAID


class DateInput(forms.DateInput):
    """The browser's own date field (keyboard and screen readers know it)."""

    input_type = "date"

    def __init__(self, attrs=None):
        super().__init__(attrs, format="%Y-%m-%d")


CONFIRMATION_CHOICES = [("", ""), ("yes", _("yes")), ("no", _("no"))]
CONFIRMATION_LABELS = {
    QUALIFIER: _("Qualifier: sheets need a second referee's confirmation"),
    FINAL_A: _("A-final: sheets need a second referee's confirmation"),
    FINAL_B: _("B-final: sheets need a second referee's confirmation"),
}


def _default_confirmation(kind: str):
    return _("by default (yes)") if kind != QUALIFIER else _("by default (no)")


def _confirmation(value: str) -> bool | None:
    return {"yes": True, "no": False}.get(value)


def confirmation_choice(value: bool | None) -> str:
    return {True: "yes", False: "no"}.get(value, "")


def poker_order_words(value: str) -> str:
    """The Slovní poker standings' order in words, e.g. "games won, deals won, points"."""
    words = {
        word_poker.GAMES_WON: _("games won"),
        word_poker.DEALS_WON: _("deals won"),
        word_poker.POINTS: _("points"),
    }
    return ", ".join(str(words.get(name, name)) for name in value.split(","))


# A Slovní poker tournament's game is its deals and its sheet has no close nor Syllabatim
# cards: the qualifier's rounds, the close bonus and the highest card value do not apply.
POKER_NOT_APPLICABLE = (
    "close_bonus",
    "max_card_value",
    "qualifier_rounds_min",
    "qualifier_rounds_max",
    "qualifier_rounds",
)


class TournamentForm(forms.ModelForm):
    """A tournament's settings; those the rules have frozen are left out (``frozen``: field ->
    reason) and shown as text with the reason."""

    qualifier_rounds = RoundListField(
        label=_("Rounds of every qualifier game, typed in (optional)"),
        required=False,
        help_text=_(
            "In playing order, e.g. 5, 2, 7. Empty: each game's rounds are drawn within the "
            "range above. The draw form starts from these settings; the organiser may change "
            "them for one draw."
        ),
    )

    class Meta:
        model = Tournament
        fields = SETTINGS_FIELDS
        widgets = {
            "start_date": DateInput(),
            "end_date": DateInput(),
            "qualifier_seating": forms.RadioSelect,
            "kind": forms.RadioSelect,
            "rule_set": forms.RadioSelect,
            "scrabble_first_round": forms.RadioSelect,
        }
        help_texts = {
            "slug": _(
                "Used in the addresses of the tournament's pages, e.g. mcr-2026: small "
                "letters without diacritics, digits and hyphens. Empty: made from the name."
            ),
            "close_bonus": format_lazy(
                _("Points for closing a round (rule G). Empty: the rules' {value}."),
                value=CLOSE_BONUS,
            ),
            "max_card_value": _(
                "The highest printed card value, which bounds laid + unused on a sheet. "
                "Empty: the highest value of the card table."
            ),
            "rule_set": _(
                "The championship is played by its own rules; a local qualifier or a club "
                "tournament may choose the casual scoring, Syllabatim 2, Slovní poker or "
                "Scrabble. Fixed at the first draw."
            ),
        }
        error_messages = {
            "slug": {
                "unique": _("A tournament with this short name exists already; choose another.")
            },
        }

    def __init__(self, *args, frozen: dict | None = None, confirmation=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.frozen = frozen or {}
        self.fields["slug"].required = False
        for kind in STAGES:
            name = confirmation_field(kind)
            self.fields[name] = forms.ChoiceField(
                label=CONFIRMATION_LABELS[kind],
                choices=[("", _default_confirmation(kind)), *CONFIRMATION_CHOICES[1:]],
                required=False,
                initial=confirmation_choice((confirmation or {}).get(kind)),
            )
        if "poker_standings" in self.fields:
            current = self.instance.poker_standings
            orders = [",".join(order) for order in permutations(word_poker.CRITERIA)]
            self.fields["poker_standings"] = forms.ChoiceField(
                label=self.fields["poker_standings"].label,
                choices=[
                    (value, poker_order_words(value))
                    for value in ([] if current in orders else [current]) + orders
                ],
                initial=current,
                widget=forms.RadioSelect,
            )
        for name in ("kind", "rule_set", *POKER_SETTINGS, *SCRABBLE_SETTINGS):
            if name in self.fields:
                # a form sent without them keeps what the tournament has (new: the championship)
                self.fields[name].required = False
        if self.instance.pk is not None and self.instance.kind == TournamentKind.CHAMPIONSHIP:
            for name in SCRABBLE_SETTINGS:  # the championship's page stays as it was
                self.fields.pop(name, None)
        for name in self.frozen:
            self.fields.pop(name, None)
        # What the tournament's rule set does not read is not asked (kept as it is).
        self.not_applicable = (
            POKER_NOT_APPLICABLE if self.instance.rule_set == RuleSetChoice.WORD_POKER else ()
        )
        for name in self.not_applicable:
            self.fields.pop(name, None)

    def _kept(self, name: str) -> str:
        value = self.cleaned_data.get(name)
        return value or getattr(self.instance, name)

    def clean_kind(self):
        return self._kept("kind")

    def clean_rule_set(self):
        return self._kept("rule_set")

    def clean_poker_game_end(self):
        return self._kept("poker_game_end")

    def clean_poker_deal_wins(self):
        return self._kept("poker_deal_wins")

    def clean_poker_points_limit(self):
        return self._kept("poker_points_limit")

    def clean_poker_deals_limit(self):
        return self._kept("poker_deals_limit")

    def clean_poker_standings(self):
        return self._kept("poker_standings")

    def clean_scrabble_bye_margin(self):
        value = self.cleaned_data.get("scrabble_bye_margin")
        return self.instance.scrabble_bye_margin if value is None else value

    def clean_scrabble_first_round(self):
        return self._kept("scrabble_first_round")

    def clean_slug(self):
        slug = self.cleaned_data.get("slug", "")
        if not slug:
            slug = slugify(self.cleaned_data.get("name", ""))[:50].strip("-")
            if not slug:
                raise ValidationError(_("Write a short name: letters, digits and hyphens."))
        return slug

    def clean(self):
        data = super().clean()
        start, end = data.get("start_date"), data.get("end_date")
        if start and end and end < start:
            self.add_error("end_date", _("The last day cannot be before the first day."))
        if "quota_b1" in self.fields and "quota_vs" in self.fields:
            b1, vs = data.get("quota_b1"), data.get("quota_vs")
            if (b1 is None) != (vs is None) and not self.has_error("quota_b1"):
                empty = "quota_b1" if b1 is None else "quota_vs"
                if not self.has_error(empty):
                    self.add_error(
                        empty, _("Set the A-final places for both categories or for neither.")
                    )
        return data

    def values(self) -> dict:
        return {name: self.cleaned_data[name] for name in SETTINGS_FIELDS if name in self.fields}

    def confirmation(self) -> dict:
        return {
            kind: _confirmation(self.cleaned_data[confirmation_field(kind)])
            for kind in STAGES
            if confirmation_field(kind) in self.fields
        }


def confirmation_words(kind: str, value: bool | None) -> str:
    if value is None:
        return str(_default_confirmation(kind))
    return str(_("yes") if value else _("no"))


class PlayerForm(forms.ModelForm):
    gender = forms.ChoiceField(
        label=_("Grammatical gender"),
        required=False,
        choices=[("", _("as the surname suggests (-ová, -á: feminine)"))] + Gender.choices,
        widget=forms.RadioSelect,
        help_text=_(
            "The Czech words about the player agree with it: hráčka, vyloučena, "
            "Mistryně ČR (feminine); hráč, vyloučen, Mistr ČR (masculine)."
        ),
    )

    class Meta:
        model = Player
        # "qualified locally" comes from a local qualifier's record, or is ticked with a
        # reason on its own page (tournament.local_qualifiers): not a bare box here
        fields = [name for name in PLAYER_FIELDS if name != "local_qualifier"]
        widgets = {"birth_date": DateInput()}
        labels = {"name": _("Name")}  # a person's: "Jméno", not the model's "název"
        help_texts = {
            "birth_date": _(
                "A player must be 18 on the first day (rule A). Empty: the draw lists the "
                "player so that the age can be checked."
            ),
            "plays_b_final": _("Taking part in the B-final is voluntary (rule M)."),
        }

    def __init__(self, *args, tournament: Tournament, **kwargs):
        super().__init__(*args, **kwargs)
        self.tournament = tournament
        self.current_person = self.instance.person if self.instance.pk else None
        self.candidates = self._candidates()
        if self.current_person is not None or self.candidates:
            choices = [(str(p.uuid), person_label(p)) for p in self._shown_persons()]
            choices.append((persons.NEW, _("a new person: none of these")))
            self.fields["person"] = forms.ChoiceField(
                label=_("The person"),
                choices=choices,
                required=False,
                widget=forms.RadioSelect,
                initial=str(self.current_person.uuid) if self.current_person else None,
                help_text=_(
                    "The same person plays in other tournaments under one record (places, "
                    "medals, records). Found by the name without accents and case; the birth "
                    "date tells apart two people of one name."
                ),
            )

    def _candidates(self) -> list[Person]:
        """The persons the typed name may be (the current one apart), for the organiser to
        confirm one of them or a new person."""
        if self.is_bound:
            name = self.data.get("name", "")
            try:
                birth_date = parse_date(self.data.get("birth_date") or "")  # the field's ISO
            except ValueError:  # no such day: the field says so
                birth_date = None
        elif self.instance.pk:
            name, birth_date = self.instance.name, self.instance.birth_date
        else:
            return []
        if not name.strip():
            return []
        return persons.candidates(name, birth_date, without=self.current_person)

    def _shown_persons(self) -> list[Person]:
        return ([self.current_person] if self.current_person else []) + self.candidates

    @property
    def registration_fields(self):
        return [field for field in self if field.name != "person"]

    def clean(self):
        cleaned = super().clean()
        if "person" in self.fields and not cleaned.get("person") and not self.instance.pk:
            self.add_error(
                "person",
                _(
                    "A person of this name has played already: choose whether this player is "
                    "that person, or a new one."
                ),
            )
        return cleaned

    def person_choice(self) -> Person | str | None:
        """The organiser's choice for the service: a person, a new one, the certain match
        (a new player of a name nobody has), or None (the player's person stays)."""
        chosen = self.cleaned_data.get("person")
        if chosen == persons.NEW:
            return persons.NEW
        if chosen:
            found = {str(p.uuid): p for p in self._shown_persons()}[chosen]
            return None if found == self.current_person else found
        return None if self.instance.pk else persons.AUTO

    def clean_start_number(self):
        number = self.cleaned_data["start_number"]
        taken = Player.objects.filter(tournament=self.tournament, start_number=number)
        if self.instance.pk:
            taken = taken.exclude(pk=self.instance.pk)
        if taken.exists():
            raise ValidationError(
                _("Start number %(number)s is taken by %(player)s."),
                params={"number": number, "player": taken.first().name},
            )
        return number

    def values(self) -> dict:
        return {name: self.cleaned_data[name] for name in self._meta.fields}


def person_label(person: Person) -> str:
    """A person as the organiser tells persons apart: name, birth date, club, tournaments."""
    parts = [person.name]
    if person.birth_date:
        parts.append(_("born %(date)s") % {"date": date_format(person.birth_date, "j. n. Y")})
    if person.club:
        parts.append(person.club)
    count = getattr(person, "tournaments", None)
    if count is None:
        count = person.players.count()
    parts.append(
        ngettext("%(count)s tournament", "%(count)s tournaments", count) % {"count": count}
    )
    # two persons of one name, birth date and club differ by their stable id alone
    parts.append(_("id %(id)s") % {"id": str(person.uuid)[:8]})
    return ", ".join(str(part) for part in parts)


class PlayerSearchForm(forms.Form):
    """Search and filters of the players' table (a GET form: the address keeps them)."""

    hledat = forms.CharField(label=_("Name or start number"), required=False, max_length=100)
    kategorie = forms.ChoiceField(
        label=_("Category"),
        required=False,
        choices=[("", _("both"))] + [(c, c) for c in CATEGORIES],
    )
    nezaplaceno = forms.BooleanField(label=_("entry fee not paid"), required=False)
    nepritomni = forms.BooleanField(label=_("absent"), required=False)
    nezpusobili = forms.BooleanField(label=_("not eligible"), required=False)

    FILTERS = {"nezaplaceno": UNPAID, "nepritomni": ABSENT, "nezpusobili": NOT_ELIGIBLE}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, label_suffix="", **kwargs)

    def criteria(self) -> dict:
        if not self.is_valid():
            return {"search": "", "category": "", "only": frozenset()}
        data = self.cleaned_data
        return {
            "search": data["hledat"],
            "category": data["kategorie"],
            "only": frozenset(key for name, key in self.FILTERS.items() if data[name]),
        }


def player_choice(player: Player) -> tuple[int, str]:
    return (player.start_number, f"{player.start_number}. {player.name}")


class TeamForm(forms.Form):
    """A team's name and, while rosters may change, its members: one choice per place."""

    name = NameFormField(label=_("Name of the team"), max_length=200)

    def __init__(self, *args, tournament: Tournament, players, frozen: bool, team=None, **kw):
        super().__init__(*args, **kw)
        self.tournament = tournament
        self.team = team
        self.players = {p.start_number: p for p in players}
        if frozen:
            return
        choices = [("", "—")] + [player_choice(p) for p in players]
        for place in range(1, TEAM_SIZE_MAX + 1):
            self.fields[f"member_{place}"] = forms.TypedChoiceField(
                label=format_lazy(_("Member {place}"), place=place),
                choices=choices,
                coerce=int,
                required=False,
                empty_value=None,
            )

    @property
    def member_fields(self):
        return [self[name] for name in self.fields if name.startswith("member_")]

    def clean_name(self):
        name = self.cleaned_data["name"].strip()
        taken = Team.objects.filter(tournament=self.tournament, name=name)
        if self.team is not None:
            taken = taken.exclude(pk=self.team.pk)
        if taken.exists():
            raise ValidationError(_("A team of this name already exists in the tournament."))
        return name

    def clean(self):
        data = super().clean()
        if not self.member_fields:
            return data
        chosen = [data.get(f"member_{place}") for place in range(1, TEAM_SIZE_MAX + 1)]
        numbers = [number for number in chosen if number is not None]
        if len(set(numbers)) != len(numbers):
            twice = sorted({n for n in numbers if numbers.count(n) > 1})
            self.add_error(
                "member_1",
                _("Each player once: %(numbers)s chosen twice.")
                % {"numbers": ", ".join(map(str, twice))},
            )
        elif not TEAM_SIZE_MIN <= len(numbers) <= TEAM_SIZE_MAX:
            self.add_error("member_1", team_size_message(len(numbers)))
        data["members"] = [self.players[number] for number in numbers]
        return data


def team_initial(name: str, members) -> dict:
    initial = {"name": name}
    for place, player in enumerate(members, start=1):
        initial[f"member_{place}"] = player.start_number
    return initial


# What the password validators (settings.AUTH_PASSWORD_VALIDATORS) ask, in words.
PASSWORD_HELP = _(
    "At least 8 characters, not only digits, neither a common password nor like the login or "
    "the name. Empty: a password is generated and shown once."
)

ROLE_CHOICES = [(REFEREE, ROLE_NAMES[REFEREE]), (ORGANISER, ROLE_NAMES[ORGANISER])]
# the account's grammatical gender: empty follows the surname, as a player's does
ACCOUNT_GENDER_CHOICES = [
    ("", _("as the surname suggests")),
    (FEMININE, _("feminine (zapsala, losovala)")),
    (MASCULINE, _("masculine (zapsal, losoval)")),
]
ACCOUNT_GENDER_HELP = _(
    "The words about what the account does agree with it: „Zapsala Jana Nováková“."
)


class AccountForm(forms.Form):
    """A new account: its login, name, role and first password."""

    username = forms.CharField(
        label=_("Login name"),
        max_length=150,
        help_text=_("Letters, digits and @ . + - _ only, e.g. jana.novakova."),
        widget=forms.TextInput(attrs={"autocomplete": "off", "autocapitalize": "none"}),
    )
    first_name = forms.CharField(label=_("First name"), max_length=150, required=False)
    last_name = forms.CharField(label=_("Surname"), max_length=150, required=False)
    gender = forms.ChoiceField(
        label=_("Grammatical gender"),
        choices=ACCOUNT_GENDER_CHOICES,
        required=False,
        help_text=ACCOUNT_GENDER_HELP,
    )
    role = forms.ChoiceField(
        label=_("Role"),
        choices=ROLE_CHOICES,
        initial=REFEREE,
        widget=forms.RadioSelect,
        help_text=_(
            "A referee enters and confirms score sheets, draws lots and disqualifies; the "
            "organiser does everything."
        ),
    )
    password = forms.CharField(
        label=_("Password (optional)"),
        required=False,
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}),
        help_text=PASSWORD_HELP,
    )

    def clean_username(self):
        username = self.cleaned_data["username"].strip()
        if User.objects.filter(username__iexact=username).exists():
            raise ValidationError(_("An account with this login name exists already."))
        return username


class AccountChangeForm(forms.Form):
    first_name = forms.CharField(label=_("First name"), max_length=150, required=False)
    last_name = forms.CharField(label=_("Surname"), max_length=150, required=False)
    gender = forms.ChoiceField(
        label=_("Grammatical gender"),
        choices=ACCOUNT_GENDER_CHOICES,
        required=False,
        help_text=ACCOUNT_GENDER_HELP,
    )
    role = forms.ChoiceField(label=_("Role"), choices=ROLE_CHOICES, widget=forms.RadioSelect)


class PasswordForm(forms.Form):
    password = forms.CharField(
        label=_("New password (optional)"),
        required=False,
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}),
        help_text=PASSWORD_HELP,
    )


class CardForm(forms.ModelForm):
    class Meta:
        model = Card
        fields = ["letters", "value", "count"]
        labels = {"letters": _("Letters of the card")}
        help_texts = {
            "letters": _("E.g. A, OU, ST. CH is no card: it is laid as C + H."),
            "value": _("The printed value; the highest value bounds the sheets' laid + unused."),
            "count": _("How many such cards the deck has (optional)."),
        }

    def clean_letters(self):
        return self.cleaned_data["letters"].strip().upper()


class PlayersUploadForm(forms.Form):
    file = forms.FileField(label=_("Spreadsheet with players (.xlsx)"))


class HoldResultsForm(forms.Form):
    """Hold a stage's results for the announcement: when (and where) they will be announced."""

    announcement = NameFormField(
        label=_("When the results will be announced"),
        max_length=120,
        required=False,
        help_text=_(
            "In words, after “The results will be announced at”, e.g. 17:30 in the main hall. "
            "Empty: “at the ceremony”."
        ),
    )


class ReplacementForm(forms.Form):
    """The organiser's decision: an A-final player withdraws, a player moves up (C)."""

    withdrawn = forms.TypedChoiceField(label=_("Withdraws from the A-final"), coerce=int)
    replacement = forms.TypedChoiceField(label=_("Moves up in the player's place"), coerce=int)
    reason = forms.CharField(
        label=_("Reason"),
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text=_(
            "E.g. the player withdrew for health reasons; the next in the standings moves up."
        ),
    )

    def __init__(self, *args, field=(), candidates=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["withdrawn"].choices = [(p.start_number, str(p)) for p in field]
        self.fields["replacement"].choices = [(p.start_number, str(p)) for p in candidates]


class LocalAnnouncementForm(forms.Form):
    """What a local qualifier announces before its first draw (A)."""

    championship_year = forms.IntegerField(
        label=_("Championship year"), min_value=1900, max_value=2999
    )
    places = forms.IntegerField(
        label=_("Qualifying places"),
        min_value=1,
        max_value=999,
        help_text=_("How many of the best players qualify (in each category, if ticked below)."),
    )
    per_category = forms.BooleanField(
        label=_("Per category"),
        required=False,
        help_text=_("The best of the blind (B1) and the best of the others (VS) separately."),
    )


class LocalTickForm(forms.Form):
    """The organiser's own "qualified locally" of a championship player, with a reason."""

    player = forms.TypedChoiceField(label=_("Player"), coerce=int)
    qualified = forms.BooleanField(label=_("Qualified locally"), required=False)
    reason = forms.CharField(
        label=_("Reason"),
        max_length=300,
        required=False,
        widget=forms.Textarea(attrs={"rows": 2}),
        help_text=_("Needed for a tick: e.g. which local qualifier, and why it is not recorded."),
    )

    def __init__(self, *args, players=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["player"].choices = [(p.start_number, str(p)) for p in players]


class PersonChoiceField(forms.ModelChoiceField):
    """A person by stable id, named as the organiser tells persons apart."""

    def __init__(self, **kwargs):
        super().__init__(
            queryset=Person.objects.filter(merged_into__isnull=True)
            .annotate(tournaments=Count("players"))
            .order_by("folded_name", "id"),
            to_field_name="uuid",
            **kwargs,
        )

    def label_from_instance(self, obj):
        return person_label(obj)


class MergeChoiceForm(forms.Form):
    """Which two persons to see side by side before a merge (a GET form: the address keeps
    them, so the page of possible duplicates links to a pair)."""

    ponechat = PersonChoiceField(label=_("The person kept"))
    sloucit = PersonChoiceField(label=_("The person merged into it"))

    def __init__(self, *args, **kwargs):
        super().__init__(*args, label_suffix="", **kwargs)


class MergeForm(forms.Form):
    """The merge itself, of the two persons shown."""

    ponechat = forms.UUIDField(widget=forms.HiddenInput)
    sloucit = forms.UUIDField(widget=forms.HiddenInput)

    def persons(self) -> tuple[Person, Person]:
        found = {
            p.uuid: p
            for p in Person.objects.filter(
                uuid__in=[self.cleaned_data["ponechat"], self.cleaned_data["sloucit"]]
            )
        }
        try:
            return found[self.cleaned_data["ponechat"]], found[self.cleaned_data["sloucit"]]
        except KeyError:
            raise ValidationError(_("No such person.")) from None


class PersonSearchForm(forms.Form):
    hledat = forms.CharField(label=_("Name"), required=False, max_length=100)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, label_suffix="", **kwargs)


class KeepApartForm(forms.Form):
    """The persons of one name that the organiser found different people."""

    osoba = forms.ModelMultipleChoiceField(
        queryset=Person.objects.filter(merged_into__isnull=True),
        to_field_name="uuid",
        widget=forms.MultipleHiddenInput,
    )
