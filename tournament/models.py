"""People and structure of a championship: tournament, players, teams, stages, games,
rounds, tables and seats. Scores live in ``scoring``; the rules in ``rules``."""

import uuid

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import OperationalError, ProgrammingError, models
from django.db.models import F, Q
from django.utils import timezone
from django.utils.functional import lazy
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext
from simple_history.models import HistoricalRecords

from rules import cards, categories, championship, eligibility, scrabble, stages, word_poker
from rules.advancement import QUOTA_BELOW_MIN, quota_problems
from rules.categories import category_of
from rules.draw import round_list_problems
from rules.gender import FEMININE, MASCULINE, suggested_gender
from rules.rulesets import CASUAL as CASUAL_RULES
from rules.rulesets import CHAMPIONSHIP as CHAMPIONSHIP_RULES
from rules.rulesets import SCRABBLE as SCRABBLE_RULES
from rules.rulesets import SYLLABATIM_2 as SYLLABATIM_2_RULES
from rules.rulesets import WORD_POKER as WORD_POKER_RULES
from rules.rulesets import RuleSet, deal_size, rule_set

from . import registry
from .addresses import validate_phones_url
from .characters import NameField
from .collation import folded

DEFAULT_ORGANISER = "Společenství duševních sportů, z. s."


def close_bonus_help() -> str:
    return ngettext(
        "Empty: the rules' %(value)s point.",
        "Empty: the rules' %(value)s points.",
        championship.CLOSE_BONUS,
    ) % {"value": championship.CLOSE_BONUS}


QUOTA_HELP = format_lazy(
    _("Empty: by the number of participants ({small}, or {large} from {start} participants)."),
    small=championship.QUOTA_SMALL_FIELD,
    large=championship.QUOTA_LARGE_FIELD,
    start=championship.SMALL_FIELD_MAX + 1,
)


# Addresses of the staff pages directly under /sprava/: no tournament may take them as its
# short name, or its own pages /sprava/<short name>/… would be hidden behind them.
STAFF_ADDRESSES = ("ucty", "karty", "novy-turnaj", "osoby")


def roster_frozen_message() -> str:
    """Why team rosters cannot change (B): the one wording of the model, the staff pages and
    the registration sheet."""
    return str(_("Team rosters are frozen: the first qualifier draw is confirmed (rule B)."))


def championship_rules_message() -> str:
    return str(_("The championship is played by the championship's rules."))


def validate_not_staff_address(slug: str) -> None:
    if slug in STAFF_ADDRESSES:
        raise ValidationError(
            _("„%(slug)s“ is the address of a staff page; choose another short name."),
            code="reserved",
            params={"slug": slug},
        )


class QualifierSeating(models.TextChoices):
    NEW_DRAW = "new_draw", _("a new draw before every game")
    KEEP = "keep", _("one seating for all games (drawn before the first)")


class TournamentKind(models.TextChoices):
    """What a tournament is (issue 25): the championship (qualifier and finals), a local
    qualifier announced in advance for a championship year, or a club tournament."""

    CHAMPIONSHIP = "championship", _("championship")
    LOCAL_QUALIFIER = "local_qualifier", _("local qualifier")
    CLUB = "club", _("club tournament")


class RuleSetChoice(models.TextChoices):
    """The rule set a tournament is played by (``rules.rulesets``), chosen when it is created
    and frozen at its first draw."""

    CHAMPIONSHIP = CHAMPIONSHIP_RULES, _("the championship's rules")
    CASUAL = CASUAL_RULES, _("casual scoring")
    SYLLABATIM_2 = SYLLABATIM_2_RULES, _("Syllabatim 2 (action cards)")
    WORD_POKER = WORD_POKER_RULES, _("Slovní poker")
    SCRABBLE = SCRABBLE_RULES, _("Scrabble")


class ScrabbleFirstRound(models.TextChoices):
    """How a Scrabble tournament's first round is paired (``rules.scrabble.pair_round``)."""

    BY_RATING = scrabble.BY_RATING, _("by rating (the top half against the bottom half)")
    BY_LOT = scrabble.BY_LOT, _("by lot")


class PokerGameEnd(models.TextChoices):
    """What a Slovní poker game at a table is played to (``rules.word_poker.GameEnd``)."""

    DEAL_WINS = word_poker.TO_DEAL_WINS, _("deal wins")
    POINTS_LIMIT = word_poker.TO_POINTS, _("a points limit")


def validate_poker_standings(value: str) -> None:
    try:
        word_poker.standing_order(value.split(","))
    except ValueError:
        raise ValidationError(
            _(
                "Order some of games_won, deals_won and points, each once, separated by "
                "commas, not „%(value)s“."
            ),
            params={"value": value},
        ) from None


class Tournament(models.Model):
    slug = models.SlugField(
        _("short name"),
        unique=True,
        help_text=_("Used in addresses."),
        validators=[validate_not_staff_address],
    )
    name = NameField(_("name"), max_length=200)
    kind = models.CharField(
        _("kind of tournament"),
        max_length=16,
        choices=TournamentKind.choices,
        default=TournamentKind.CHAMPIONSHIP,
    )
    rule_set = models.CharField(
        _("rule set"),
        max_length=16,
        choices=RuleSetChoice.choices,
        default=RuleSetChoice.CHAMPIONSHIP,
    )
    plays_finals = models.BooleanField(
        _("finals after the games"),
        default=False,
        help_text=_(
            "A local qualifier or a club tournament is one stage of games; tick to play the "
            "A- and B-final after it as in the championship. The championship always does."
        ),
    )
    rated = models.BooleanField(
        _("rated"),
        default=True,
        help_text=_("Its games update the players' rating (shown only, never used by a rule)."),
    )
    year = models.PositiveSmallIntegerField(
        _("year"), validators=[MinValueValidator(1900), MaxValueValidator(2999)]
    )
    start_date = models.DateField(_("first day"))
    end_date = models.DateField(_("last day"), null=True, blank=True)
    venue = NameField(_("venue"), max_length=200, blank=True)
    organiser = NameField(
        _("organiser"),
        max_length=200,
        blank=True,
        default=DEFAULT_ORGANISER,
        help_text=_("Printed on the certificates."),
    )
    close_bonus = models.PositiveIntegerField(
        _("close bonus"),
        null=True,
        blank=True,
        help_text=lazy(close_bonus_help, str)(),
    )
    # Slovní poker's settings (``rules.word_poker``), read only under its rule set.
    poker_game_end = models.CharField(
        _("a Slovní poker game is played to"),
        max_length=16,
        choices=PokerGameEnd.choices,
        default=PokerGameEnd.DEAL_WINS,
    )
    poker_deal_wins = models.PositiveSmallIntegerField(
        _("deal wins that win a game"),
        default=word_poker.DEAL_WINS,
        validators=[MinValueValidator(1), MaxValueValidator(word_poker.DEAL_WINS_MAX)],
    )
    poker_points_limit = models.PositiveSmallIntegerField(
        _("points that win a game"),
        default=word_poker.GameEnd.points_limit,
        validators=[MinValueValidator(1)],
    )
    poker_deals_limit = models.PositiveSmallIntegerField(
        _("the most deals of a game to a points limit"),
        default=word_poker.DEALS_LIMIT,
        validators=[MinValueValidator(1), MaxValueValidator(word_poker.DEALS_MAX)],
        help_text=_(
            "A game to a points limit is drawn with this many deals; when nobody has reached "
            "the limit after the last of them, the most points win the game."
        ),
    )
    poker_standings = models.CharField(
        _("order of the Slovní poker standings"),
        max_length=40,
        default=",".join(word_poker.CRITERIA),
        validators=[validate_poker_standings],
        help_text=_("Games won, deals won and points, in the organiser's order."),
    )
    # Scrabble's settings (``rules.scrabble``), read only under its rule set.
    scrabble_bye_margin = models.PositiveSmallIntegerField(
        _("spread of a Scrabble bye"),
        default=scrabble.BYE_MARGIN,
        help_text=_("A bye counts as a win by this many points."),
    )
    scrabble_first_round = models.CharField(
        _("the first Scrabble round is paired"),
        max_length=8,
        choices=ScrabbleFirstRound.choices,
        default=ScrabbleFirstRound.BY_RATING,
    )
    scrabble_boards_of_three = models.BooleanField(
        _("an odd Scrabble field plays a board of three"),
        default=False,
        help_text=_(
            "Instead of a bye, the odd player joins the last board, a board of three (each "
            "against each)."
        ),
    )
    scrabble_king_of_the_hill = models.BooleanField(
        _("the last Scrabble round king of the hill"),
        default=False,
        help_text=_("The last round pairs 1 against 2, 3 against 4, … as they stand."),
    )
    max_card_value = models.PositiveIntegerField(
        _("highest card value"),
        null=True,
        blank=True,
        validators=[MinValueValidator(1)],
        help_text=format_lazy(
            _("Empty: the rules' {value} (the X card)."), value=championship.MAX_CARD_VALUE
        ),
    )
    quota_b1 = models.PositiveIntegerField(
        _("A-final places for B1"),
        null=True,
        blank=True,
        help_text=QUOTA_HELP,
    )
    changed_at = models.DateTimeField(
        _("last change"),
        default=timezone.now,
        editable=False,
        help_text=_("Any change of the tournament's data; public pages are cached until it."),
    )
    revision = models.PositiveBigIntegerField(
        _("revision"),
        default=0,
        editable=False,
        help_text=_(
            "Grows with every change of the tournament's data, also when a push from the venue "
            "replaces the tournament."
        ),
    )
    quota_vs = models.PositiveIntegerField(
        _("A-final places for VS"),
        null=True,
        blank=True,
        help_text=QUOTA_HELP,
    )
    qualifier_games = models.PositiveSmallIntegerField(
        _("qualifier games"),
        null=True,
        blank=True,
        validators=[
            MinValueValidator(1),
            MaxValueValidator(championship.QUALIFIER_GAMES_MAX),
        ],
        help_text=_(
            "Fixed before the day (rule B): the qualifier is over when this many games are "
            "complete. It must be set before the first qualifier game is drawn."
        ),
    )
    qualifier_seating = models.CharField(
        _("qualifier seating"),
        max_length=10,
        choices=QualifierSeating.choices,
        default=QualifierSeating.NEW_DRAW,
        help_text=_(
            "Rule B: tables are drawn before the first game; a new draw before every "
            "game is the default."
        ),
    )
    qualifier_rounds_min = models.PositiveSmallIntegerField(
        _("fewest rounds of a qualifier game"),
        default=championship.QUALIFIER_ROUNDS_MIN,
        validators=[
            MinValueValidator(1),
            MaxValueValidator(len(championship.ROUND_NUMBERS)),
        ],
        help_text=_("Rule B: the number of rounds of each qualifier game is drawn in this range."),
    )
    qualifier_rounds_max = models.PositiveSmallIntegerField(
        _("most rounds of a qualifier game"),
        default=championship.QUALIFIER_ROUNDS_MAX,
        validators=[
            MinValueValidator(1),
            MaxValueValidator(len(championship.ROUND_NUMBERS)),
        ],
    )
    qualifier_rounds = models.JSONField(
        _("rounds of every qualifier game, typed in"),
        default=list,
        blank=True,
        help_text=_(
            "In playing order, e.g. 5, 2, 7; empty: each game's rounds are drawn. The draw "
            "form starts from these settings; the organiser may change them for one draw."
        ),
    )
    phones_url = models.CharField(
        _("address for the phones"),
        max_length=200,
        blank=True,
        validators=[validate_phones_url],
        help_text=_(
            "The address of this server in the hall's network that the scorekeepers' phones "
            "open, e.g. http://192.168.1.10:8000: the table links and the QR codes on the score "
            "sheets start with it. Empty: the server's DJANGO_SITE_URL."
        ),
    )
    history = HistoricalRecords(
        verbose_name=_("history of the tournament"),
        # the cache stamp and the revision move with every change: they are not settings
        excluded_fields=["changed_at", "revision"],
    )

    class Meta:
        verbose_name = _("tournament")
        verbose_name_plural = _("tournaments")
        ordering = ["-year", "name"]
        constraints = [
            models.CheckConstraint(
                condition=Q(end_date__isnull=True) | Q(end_date__gte=F("start_date")),
                name="tournament_ends_after_start",
                violation_error_message=_("The last day cannot be before the first day."),
            ),
            models.CheckConstraint(
                condition=Q(quota_b1__isnull=True, quota_vs__isnull=True)
                | Q(quota_b1__isnull=False, quota_vs__isnull=False),
                name="tournament_quota_both_or_none",
                violation_error_message=_(
                    "Set the A-final places for both categories or for neither."
                ),
            ),
            models.CheckConstraint(
                condition=Q(max_card_value__isnull=True) | Q(max_card_value__gte=1),
                name="tournament_max_card_value_positive",
            ),
            models.CheckConstraint(
                condition=Q(qualifier_games__isnull=True)
                | Q(qualifier_games__gte=1, qualifier_games__lte=championship.QUALIFIER_GAMES_MAX),
                name="tournament_qualifier_games_in_range",
            ),
            models.CheckConstraint(
                condition=Q(qualifier_seating__in=QualifierSeating.values),
                name="tournament_qualifier_seating_valid",
            ),
            models.CheckConstraint(
                condition=Q(
                    qualifier_rounds_min__gte=1,
                    qualifier_rounds_min__lte=F("qualifier_rounds_max"),
                    qualifier_rounds_max__lte=len(championship.ROUND_NUMBERS),
                ),
                name="tournament_qualifier_rounds_in_range",
                violation_error_message=_(
                    "The fewest rounds cannot be more than the most rounds (1 to 7)."
                ),
            ),
            models.CheckConstraint(
                condition=Q(poker_deal_wins__gte=1, poker_deal_wins__lte=word_poker.DEAL_WINS_MAX),
                name="tournament_poker_deal_wins_in_range",
            ),
            models.CheckConstraint(
                condition=Q(poker_deals_limit__gte=1, poker_deals_limit__lte=word_poker.DEALS_MAX),
                name="tournament_poker_deals_limit_in_range",
            ),
            models.CheckConstraint(
                condition=Q(scrabble_first_round__in=ScrabbleFirstRound.values),
                name="tournament_scrabble_first_round_valid",
            ),
            models.CheckConstraint(
                condition=~Q(kind=TournamentKind.CHAMPIONSHIP)
                | Q(rule_set=RuleSetChoice.CHAMPIONSHIP),
                name="tournament_championship_by_its_rules",
                violation_error_message=_(
                    "The championship is played by the championship's rules."
                ),
            ),
            models.CheckConstraint(
                condition=~Q(slug__in=STAFF_ADDRESSES),
                name="tournament_slug_not_a_staff_address",
                violation_error_message=_(
                    "This short name is the address of a staff page; choose another."
                ),
            ),
        ]

    def __str__(self):
        return self.name

    def has_finals(self) -> bool:
        """The championship plays the A- and B-final; a local qualifier or a club tournament
        only when the organiser asked for them."""
        return self.kind == TournamentKind.CHAMPIONSHIP or self.plays_finals

    def rules(self) -> RuleSet:
        """The tournament's rule set (``rules.rulesets``) with its settings."""
        if self.rule_set == RuleSetChoice.CHAMPIONSHIP:
            return rule_set(self.rule_set, close_bonus=self.close_bonus_in_force())
        if self.rule_set == RuleSetChoice.WORD_POKER:
            return rule_set(
                self.rule_set,
                end=word_poker.GameEnd(
                    to=self.poker_game_end,
                    deal_wins=self.poker_deal_wins,
                    points_limit=self.poker_points_limit,
                    deals_limit=self.poker_deals_limit,
                ),
                order=tuple(self.poker_standings.split(",")),
            )
        if self.rule_set == RuleSetChoice.SCRABBLE:
            return rule_set(
                self.rule_set,
                bye_margin=self.scrabble_bye_margin,
                first_round=self.scrabble_first_round,
                king_of_the_hill=self.scrabble_king_of_the_hill,
                boards_of_three=self.scrabble_boards_of_three,
            )
        return rule_set(self.rule_set)

    def scoring_settings(self) -> championship.ScoringSettings:
        """The close bonus and the card-value bound in force: the tournament's own values, else
        the rules' bonus and the highest value of the organiser's card table."""
        return championship.ScoringSettings(
            close_bonus=self.close_bonus_in_force(),
            max_card_value=card_table_highest_value()
            if self.max_card_value is None
            else self.max_card_value,
        )

    def close_bonus_in_force(self) -> int:
        return championship.CLOSE_BONUS if self.close_bonus is None else self.close_bonus

    def quota_override(self) -> dict[str, int] | None:
        if self.quota_b1 is None:
            return None
        return {"B1": self.quota_b1, "VS": self.quota_vs}

    def clean(self):
        if self.kind == TournamentKind.CHAMPIONSHIP and self.rule_set != RuleSetChoice.CHAMPIONSHIP:
            raise ValidationError({"rule_set": championship_rules_message()})
        least, most = self.qualifier_rounds_min, self.qualifier_rounds_max
        if least is not None and most is not None and least > most:
            raise ValidationError(
                {"qualifier_rounds_max": _("The most rounds cannot be fewer than the fewest.")}
            )
        if self.qualifier_rounds:
            if not isinstance(self.qualifier_rounds, list) or round_list_problems(
                self.qualifier_rounds
            ):
                raise ValidationError(
                    {
                        "qualifier_rounds": _(
                            "Each round number from %(first)s to %(last)s at most once, "
                            "e.g. 5, 2, 7."
                        )
                        % {
                            "first": championship.ROUND_NUMBERS[0],
                            "last": championship.ROUND_NUMBERS[-1],
                        }
                    }
                )
        quota = self.quota_override()
        if quota is not None and None not in quota.values():  # one of them: the constraint's
            errors = {}
            for code, _severity, params in quota_problems(quota):
                if code == QUOTA_BELOW_MIN:
                    field = "quota_b1" if params["category"] == "B1" else "quota_vs"
                    errors[field] = (
                        ngettext(
                            "At least %(minimum)s place per category (rule K).",
                            "At least %(minimum)s places per category (rule K).",
                            params["minimum"],
                        )
                        % params
                    )
            if errors:
                raise ValidationError(errors)

    def stage_has_started(self, kind: str) -> bool:
        """Whether a game of the stage has a result (the apps with results register them)."""
        return registry.stage_has_results(self, kind)

    def rosters_frozen(self) -> bool:
        """Team rosters are announced before the tournament and frozen from the confirmation
        of the first qualifier draw on (B)."""
        return Game.objects.filter(
            stage__tournament=self,
            stage__kind=StageKind.QUALIFIER,
            draw_status=DrawStatus.CONFIRMED,
        ).exists()


class SightClass(models.TextChoices):
    B1 = categories.B1, _("B1, blind")  # the class, not a person: neutral for women and men
    B2 = categories.B2, _("B2")
    B3 = categories.B3, _("B3")
    B4 = categories.B4, _("B4")
    NONE = categories.NO_CLASS, _("sighted")


class Gender(models.TextChoices):
    """The player's grammatical gender: the words about the player agree with it."""

    FEMININE = FEMININE, _("feminine")
    MASCULINE = MASCULINE, _("masculine")


def matching_name(name: str) -> str:
    """A person's name as persons are matched across tournaments: without accents and case,
    with single spaces ("Jana  Kolářová" and "jana kolarova" are one name)."""
    return " ".join(folded(name).split())[:200]


class Person(models.Model):
    """The person behind each tournament's player (issue 25): found again across tournaments
    by name (without accents and case) and birth date. The birth date stays private."""

    name = NameField(_("name"), max_length=200)
    birth_date = models.DateField(_("birth date"), null=True, blank=True)
    sight_class = models.CharField(
        _("sight class"), max_length=4, choices=SightClass.choices, blank=True
    )
    gender = models.CharField(
        _("grammatical gender"), max_length=9, choices=Gender.choices, blank=True
    )
    club = NameField(_("club"), max_length=200, blank=True)
    created_at = models.DateTimeField(_("recorded at"), auto_now_add=True)
    # The id the formats carry from version 4 (``players[].person``): the same on the venue's
    # laptop, the public server and in every exported document.
    uuid = models.UUIDField(_("stable id"), default=uuid.uuid4, unique=True, editable=False)
    # The name as matched: without accents and case, spaces collapsed (``matching_name``).
    folded_name = models.CharField(max_length=200, editable=False, db_index=True, default="")

    # A person recorded twice and merged into another: kept, so that an older document's id
    # and an older address still find the person.
    merged_into = models.ForeignKey(
        "self",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="merged",
        verbose_name=_("merged into"),
    )
    # The organiser looked at the persons of this name and found them different people: the
    # page of possible duplicates leaves the name out until a new person of it comes.
    kept_apart = models.BooleanField(_("checked: not a duplicate"), default=False)
    # A document or a sheet gave the id of this person to a player whose name or birth date
    # differs (``persons.honours_claim``): the player became this new person, listed with the
    # one claimed among the possible duplicates until the organiser merges or keeps them apart.
    claimed = models.ForeignKey(
        "self",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="claims",
        verbose_name=_("claimed to be"),
    )
    history = HistoricalRecords(verbose_name=_("history of the person"))

    class Meta:
        verbose_name = _("person")
        verbose_name_plural = _("persons")
        ordering = ["name", "id"]

    def __str__(self):
        return self.name

    def save(self, *args, **kwargs):
        self.folded_name = matching_name(self.name)
        super().save(*args, **kwargs)

    @property
    def feminine(self) -> bool:
        """The words about the person take the feminine ("mistryně"): the gender recorded,
        else the one the surname suggests, as for a player."""
        return (self.gender or suggested_gender(self.name)) == Gender.FEMININE


class Player(models.Model):
    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="players", verbose_name=_("tournament")
    )
    start_number = models.PositiveIntegerField(_("start number"), validators=[MinValueValidator(1)])
    name = NameField(_("name"), max_length=200)
    birth_date = models.DateField(_("birth date"), null=True, blank=True)
    sight_class = models.CharField(_("sight class"), max_length=4, choices=SightClass.choices)
    gender = models.CharField(
        _("grammatical gender"),
        max_length=9,
        choices=Gender.choices,
        blank=True,
        help_text=_(
            "The Czech words about the player agree with it (hráčka, vyloučena, Mistryně ČR). "
            "Left empty, it is suggested from the surname (-ová, -á: feminine)."
        ),
    )
    club = NameField(_("club"), max_length=200, blank=True)
    person = models.ForeignKey(
        Person,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="players",
        verbose_name=_("person"),
    )
    paid = models.BooleanField(_("entry fee paid"), default=False)
    local_qualifier = models.BooleanField(_("qualified locally"), default=False)
    # Where the qualification comes from: a local qualifier's record of the player's person
    # (``tournament.local_qualifiers.apply_local_qualification``), or else a tick by hand
    # with the organiser's reason.
    local_qualification = models.ForeignKey(
        "LocalQualification",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="players",
        verbose_name=_("local qualification"),
    )
    local_qualifier_reason = models.CharField(
        _("reason for qualified locally"), max_length=300, blank=True
    )
    plays_b_final = models.BooleanField(_("takes part in the B-final"), default=True)
    present = models.BooleanField(
        _("present"),
        default=True,
        help_text=_("Untick a player who did not come: absent players are not drawn."),
    )

    class Meta:
        verbose_name = _("player")
        verbose_name_plural = _("players")
        ordering = ["tournament", "start_number"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "start_number"],
                name="player_start_number_unique",
                violation_error_message=_("This start number is already taken in the tournament."),
            ),
            models.CheckConstraint(
                condition=Q(start_number__gte=1), name="player_start_number_positive"
            ),
            models.CheckConstraint(
                condition=Q(sight_class__in=SightClass.values), name="player_sight_class_valid"
            ),
            models.CheckConstraint(
                condition=Q(gender__in=Gender.values), name="player_gender_valid"
            ),
        ]

    def __str__(self):
        return f"{self.start_number}. {self.name}"

    def save(self, *args, **kwargs):
        self._suggest_gender()
        super().save(*args, **kwargs)

    def clean(self):
        super().clean()
        self._suggest_gender()

    def _suggest_gender(self) -> None:
        """A gender left empty is the one the surname suggests."""
        if not self.gender:
            self.gender = suggested_gender(self.name)

    @property
    def feminine(self) -> bool:
        return self.gender == Gender.FEMININE

    @property
    def category(self) -> str:
        return category_of(self.sight_class)

    def eligibility_problems(self) -> list[str]:
        return eligibility.eligibility_problems(
            birth_date=self.birth_date,
            paid=self.paid,
            local_qualifier=self.local_qualifier,
            first_day=self.tournament.start_date,
        )


class Team(models.Model):
    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="teams", verbose_name=_("tournament")
    )
    name = NameField(_("name"), max_length=200)

    class Meta:
        verbose_name = _("team")
        verbose_name_plural = _("teams")
        ordering = ["tournament", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "name"],
                name="team_name_unique",
                violation_error_message=_("A team of this name already exists in the tournament."),
            )
        ]

    def __str__(self):
        return self.name

    @property
    def roster_frozen(self) -> bool:
        """Announced before the tournament, the roster is frozen from the confirmation of the
        first qualifier draw on (B)."""
        return self.tournament_id is not None and self.tournament.rosters_frozen()


class TeamMember(models.Model):
    team = models.ForeignKey(
        Team, on_delete=models.CASCADE, related_name="members", verbose_name=_("team")
    )
    player = models.OneToOneField(
        Player,
        on_delete=models.CASCADE,
        related_name="team_membership",
        verbose_name=_("player"),
        error_messages={"unique": _("This player is already in a team.")},
    )

    class Meta:
        verbose_name = _("team member")
        verbose_name_plural = _("team members")
        ordering = ["team", "id"]

    def __str__(self):
        return f"{self.team}: {self.player}"

    def clean(self):
        if self.player_id and self.team_id and self.player.tournament_id != self.team.tournament_id:
            raise ValidationError({"player": _("The player is registered in another tournament.")})
        if self.team_id and self.team.roster_frozen:
            raise ValidationError(roster_frozen_message())


class StageKind(models.TextChoices):
    QUALIFIER = stages.QUALIFIER, _("qualifier")
    FINAL_A = stages.FINAL_A, _("A-final")
    FINAL_B = stages.FINAL_B, _("B-final")


class Stage(models.Model):
    Kind = StageKind

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="stages", verbose_name=_("tournament")
    )
    kind = models.CharField(_("stage"), max_length=10, choices=StageKind.choices)
    confirmation_required = models.BooleanField(
        _("sheets need a second referee's confirmation"),
        null=True,
        blank=True,
        help_text=_("Empty: yes for the finals, no for the qualifier."),
    )
    results_held = models.BooleanField(
        _("results held for the announcement"),
        default=False,
        help_text=_(
            "The public sees no standings of the stage, only when they will be announced, "
            "until the organiser releases them; the staff see everything."
        ),
    )
    announcement = NameField(
        _("announcement"),
        max_length=120,
        blank=True,
        help_text=_("When (and where) the results will be announced, e.g. 17:30 in the main hall."),
    )
    history = HistoricalRecords(verbose_name=_("history of the stage"))

    class Meta:
        verbose_name = _("stage")
        verbose_name_plural = _("stages")
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "kind"],
                name="stage_kind_unique",
                violation_error_message=_("The tournament already has this stage."),
            ),
            models.CheckConstraint(condition=Q(kind__in=StageKind.values), name="stage_kind_valid"),
        ]

    def __str__(self):
        return f"{self.tournament} – {self.get_kind_display()}"

    def get_kind_display(self) -> str:
        """The stage's name as its tournament's pages say it: a club tournament's one stage
        is the tournament itself, not a qualification (``labels.stage_label``)."""
        from .labels import stage_label

        if self.kind != StageKind.QUALIFIER:  # named alike in every tournament: no query
            return stage_label(self.kind)
        return stage_label(self.kind, self.tournament)

    @property
    def requires_confirmation(self) -> bool:
        if self.confirmation_required is not None:
            return self.confirmation_required
        return self.kind != StageKind.QUALIFIER


class DrawStatus(models.TextChoices):
    DRAFT = "draft", _("draft")  # drawn, may be redrawn or changed, not yet announced
    CONFIRMED = "confirmed", _("confirmed")  # announced: players sit down


class Game(models.Model):
    stage = models.ForeignKey(
        Stage, on_delete=models.CASCADE, related_name="games", verbose_name=_("stage")
    )
    number = models.PositiveIntegerField(_("number"), validators=[MinValueValidator(1)])
    draw_seed = models.JSONField(_("seed of the draw"), null=True, blank=True)
    drawn_at = models.DateTimeField(_("drawn at"), null=True, blank=True)
    drawn_by = models.CharField(_("drawn by"), max_length=200, blank=True)
    draw_status = models.CharField(
        _("draw"), max_length=10, choices=DrawStatus.choices, default=DrawStatus.CONFIRMED
    )
    draw_options = models.JSONField(_("options of the draw"), default=dict, blank=True)
    draw_confirmed_at = models.DateTimeField(_("draw confirmed at"), null=True, blank=True)
    draw_confirmed_by = models.CharField(_("draw confirmed by"), max_length=200, blank=True)
    # One more at every draw and every change of a draft: a confirmation names the version it
    # saw, so it never confirms a draft drawn or changed after the organiser looked.
    draw_version = models.PositiveIntegerField(_("version of the draw"), default=0)
    ended_early_at = models.DateTimeField(
        _("ended early at"),
        null=True,
        blank=True,
        help_text=_(
            "The referee ended the game early (rule F): its rounds not played are dropped."
        ),
    )
    ended_early_by = models.CharField(_("ended early by"), max_length=200, blank=True)
    ended_early_reason = models.TextField(
        _("reason for ending early"),
        blank=True,
        help_text=_("Why the referee ended the game early; for the staff, never published."),
    )
    rounds_dropped = models.JSONField(
        _("rounds dropped"), default=list, blank=True, help_text=_("Round numbers not played.")
    )
    commitment = models.ForeignKey(
        "Commitment",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("commitment"),
        help_text=_("The published commitment whose seed this draw used."),
    )
    history = HistoricalRecords(verbose_name=_("history of the game"))

    class Meta:
        verbose_name = _("game")
        verbose_name_plural = _("games")
        ordering = ["stage", "number"]
        constraints = [
            models.UniqueConstraint(
                fields=["stage", "number"],
                name="game_number_unique",
                violation_error_message=_("The stage already has a game of this number."),
            ),
            models.CheckConstraint(condition=Q(number__gte=1), name="game_number_positive"),
            models.CheckConstraint(
                condition=Q(draw_status__in=DrawStatus.values), name="game_draw_status_valid"
            ),
        ]

    def __str__(self):
        return _("%(stage)s, game %(number)s") % {"stage": self.stage, "number": self.number}

    @property
    def draw_confirmed(self) -> bool:
        return self.draw_status == DrawStatus.CONFIRMED

    def round_numbers(self) -> list[int]:
        return [game_round.number for game_round in self.rounds.all()]


class Round(models.Model):
    """One round of a game: its number and place in playing order. A Syllabatim game's rounds are
    1–7 (the number fixes the deal's size); a Slovní poker game's rounds are its deals, 1 up to
    the most a game at a table can take (``word_poker.DEALS_MAX``). The draws make a game's
    rounds by its tournament's rule set (``draws.services``)."""

    game = models.ForeignKey(
        Game, on_delete=models.CASCADE, related_name="rounds", verbose_name=_("game")
    )
    position = models.PositiveSmallIntegerField(_("order in the game"))
    number = models.PositiveSmallIntegerField(
        _("round number"),
        validators=[
            MinValueValidator(championship.ROUND_NUMBERS[0]),
            MaxValueValidator(max(championship.ROUND_NUMBERS[-1], word_poker.DEALS_MAX)),
        ],
    )

    class Meta:
        verbose_name = _("round")
        verbose_name_plural = _("rounds")
        ordering = ["game", "position"]
        constraints = [
            models.UniqueConstraint(
                fields=["game", "number"],
                name="round_number_unique_in_game",
                violation_error_message=_("The game already has a round of this number."),
            ),
            models.UniqueConstraint(fields=["game", "position"], name="round_position_unique"),
            models.CheckConstraint(
                condition=Q(
                    number__gte=championship.ROUND_NUMBERS[0],
                    number__lte=max(championship.ROUND_NUMBERS[-1], word_poker.DEALS_MAX),
                ),
                name="round_number_in_range",
            ),
        ]

    def __str__(self):
        return _("round %(number)s") % {"number": self.number}

    @property
    def deal_size(self) -> int:
        return deal_size(self.game.stage.tournament.rule_set, self.number)


class Table(models.Model):
    game = models.ForeignKey(
        Game, on_delete=models.CASCADE, related_name="tables", verbose_name=_("game")
    )
    number = models.PositiveIntegerField(_("number"), validators=[MinValueValidator(1)])
    starting_seat = models.PositiveIntegerField(
        _("starting seat in the game's first round"),
        default=0,
        help_text=_("Seat index from 0, clockwise, of the player who starts the first round."),
    )

    class Meta:
        verbose_name = _("table")
        verbose_name_plural = _("tables")
        ordering = ["game", "number"]
        constraints = [
            models.UniqueConstraint(
                fields=["game", "number"],
                name="table_number_unique",
                violation_error_message=_("The game already has a table of this number."),
            ),
            models.CheckConstraint(condition=Q(number__gte=1), name="table_number_positive"),
        ]

    def __str__(self):
        return _("table %(number)s") % {"number": self.number}

    def clean(self):
        if self.pk is not None:
            seats = self.seats.count()
            if seats and self.starting_seat >= seats:
                raise ValidationError(
                    {
                        "starting_seat": _("The table has only %(count)s seats (0 to %(last)s).")
                        % {"count": seats, "last": seats - 1}
                    }
                )


class Seat(models.Model):
    """A player's place at a table, clockwise from position 0."""

    table = models.ForeignKey(
        Table, on_delete=models.CASCADE, related_name="seats", verbose_name=_("table")
    )
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats", editable=False)
    position = models.PositiveIntegerField(_("seat"))
    player = models.ForeignKey(
        Player, on_delete=models.RESTRICT, related_name="seats", verbose_name=_("player")
    )

    class Meta:
        verbose_name = _("seat")
        verbose_name_plural = _("seats")
        ordering = ["table", "position"]
        constraints = [
            models.UniqueConstraint(
                fields=["table", "position"],
                name="seat_position_unique",
                violation_error_message=_("This seat is already taken."),
            ),
            models.UniqueConstraint(
                fields=["game", "player"],
                name="seat_one_table_per_game",
                violation_error_message=_("The player already sits at a table in this game."),
            ),
        ]

    def __str__(self):
        return f"{self.table}, {self.position}: {self.player}"

    def save(self, *args, **kwargs):
        self.game_id = self.table.game_id  # the game is the table's, stored for the constraint
        super().save(*args, **kwargs)

    def validate_constraints(self, exclude=None):
        if self.table_id is not None:
            self.game_id = self.table.game_id
        super().validate_constraints(exclude=exclude)

    def clean(self):
        if self.player_id and self.table_id:
            if self.player.tournament_id != self.table.game.stage.tournament_id:
                raise ValidationError(
                    {"player": _("The player is registered in another tournament.")}
                )


def card_table_highest_value() -> int:
    """The card-value bound's default: the highest value of the organiser's card table, or the
    rules' value while the table is empty."""
    try:
        highest = Card.objects.aggregate(highest=models.Max("value"))["highest"]
    except (OperationalError, ProgrammingError):  # no database yet: a file checked before migrate
        highest = None
    return championship.MAX_CARD_VALUE if highest is None else highest


class Card(models.Model):
    """A card of the Syllabatim deck and its printed value, completed by the organiser."""

    letters = models.CharField(
        _("card"),
        max_length=4,
        unique=True,
        error_messages={"unique": _("This card is in the table already.")},
    )
    value = models.PositiveIntegerField(_("value"))
    count = models.PositiveIntegerField(_("cards in the deck"), null=True, blank=True)

    class Meta:
        verbose_name = _("card")
        verbose_name_plural = _("cards")
        ordering = ["letters"]

    def __str__(self):
        return f"{self.letters} ({self.value})"

    def clean(self):
        self.letters = self.letters.strip().upper()
        if self.letters in cards.NOT_A_CARD:
            raise ValidationError({"letters": _("There is no CH card: CH is laid as C + H.")})


class CommitmentKind(models.TextChoices):
    DRAW = "draw", _("table draw")
    LOT = "lot", _("lot")


class Commitment(models.Model):
    """Commit before, reveal after (``rules.commitment``): a random decision's secret seed and
    the SHA-256 published before the draw. The seed stays secret (never shown, never exported)
    until the draw has used it or the commitment is abandoned; a redraw abandons the used one
    and needs a new commitment, and the abandoned one stays on record with who abandoned it."""

    Kind = CommitmentKind

    tournament = models.ForeignKey(
        Tournament,
        on_delete=models.CASCADE,
        related_name="commitments",
        verbose_name=_("tournament"),
    )
    kind = models.CharField(_("decision"), max_length=10, choices=CommitmentKind.choices)
    what = models.CharField(_("name of the decision"), max_length=300)
    subject = models.JSONField(
        _("what it decides"),
        default=dict,
        blank=True,
        help_text=_("A draw: stage, game and options; a lot: scope, category, places, players."),
    )
    seed = models.CharField(_("seed"), max_length=100)
    commitment = models.CharField(_("commitment"), max_length=64)
    committed_at = models.DateTimeField(_("published at"), null=True, blank=True)
    committed_by = models.CharField(_("published by"), max_length=200, blank=True)
    used_at = models.DateTimeField(_("drawn at"), null=True, blank=True)
    abandoned_at = models.DateTimeField(_("abandoned at"), null=True, blank=True)
    abandoned_by = models.CharField(_("abandoned by"), max_length=200, blank=True)
    abandoned_why = models.CharField(_("why abandoned"), max_length=300, blank=True)
    history = HistoricalRecords(verbose_name=_("history of the commitment"))

    class Meta:
        verbose_name = _("commitment")
        verbose_name_plural = _("commitments")
        ordering = ["tournament", "committed_at", "id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(kind__in=CommitmentKind.values), name="commitment_kind_valid"
            ),
            models.UniqueConstraint(
                fields=["tournament", "what"],
                condition=Q(used_at__isnull=True, abandoned_at__isnull=True),
                name="commitment_one_open_per_decision",
                violation_error_message=_("This decision already has a published commitment."),
            ),
        ]

    def __str__(self):
        return f"{self.what}: {self.commitment}"

    @property
    def open(self) -> bool:
        """Published, not yet used by a draw nor abandoned: its seed is secret."""
        return self.used_at is None and self.abandoned_at is None

    @property
    def revealed_seed(self) -> str | None:
        """The seed, once it may be shown: after the draw or the abandonment."""
        return None if self.open else self.seed


class LocalQualifierAnnouncement(models.Model):
    """What a local qualifier announces in advance (A): the championship year it qualifies
    for and how many of its best, overall or per category. Frozen from the confirmation of
    its first draw on."""

    tournament = models.OneToOneField(
        Tournament,
        on_delete=models.CASCADE,
        related_name="local_announcement",
        verbose_name=_("local qualifier"),
    )
    championship_year = models.PositiveSmallIntegerField(
        _("championship year"), validators=[MinValueValidator(1900), MaxValueValidator(2999)]
    )
    places = models.PositiveSmallIntegerField(
        _("qualifying places"),
        validators=[MinValueValidator(1), MaxValueValidator(999)],
        help_text=_("How many of the best players qualify (in each category, if ticked below)."),
    )
    per_category = models.BooleanField(
        _("per category"),
        default=False,
        help_text=_("The best of the blind (B1) and the best of the others (VS) separately."),
    )
    announced_at = models.DateTimeField(_("announced at"), default=timezone.now)
    announced_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("announced by"),
    )

    class Meta:
        verbose_name = _("announcement of a local qualifier")
        verbose_name_plural = _("announcements of local qualifiers")
        constraints = [
            models.CheckConstraint(condition=Q(places__gte=1), name="local_places_positive"),
        ]

    def __str__(self):
        return f"{self.tournament}: {self.places} → {self.championship_year}"


class LocalQualification(models.Model):
    """A person qualified for a championship year by a local qualifier (A): its place there,
    and who recorded it when. Recording that qualifier's results again replaces its rows."""

    person = models.ForeignKey(
        Person,
        on_delete=models.PROTECT,
        related_name="local_qualifications",
        verbose_name=_("person"),
    )
    championship_year = models.PositiveSmallIntegerField(_("championship year"))
    source = models.ForeignKey(
        Tournament,
        on_delete=models.CASCADE,
        related_name="local_qualifications",
        verbose_name=_("local qualifier"),
    )
    category = models.CharField(_("category"), max_length=3)  # B1, VS or ALL (overall)
    place = models.PositiveSmallIntegerField(_("place"))
    marked_at = models.DateTimeField(_("recorded at"), default=timezone.now)
    marked_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("recorded by"),
    )

    class Meta:
        verbose_name = _("local qualification")
        verbose_name_plural = _("local qualifications")
        ordering = ["championship_year", "place", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["person", "source"], name="local_qualification_once_per_source"
            ),
        ]

    def __str__(self):
        return f"{self.person} → {self.championship_year}"
