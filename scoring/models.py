"""Score sheets (one row per player, round and table) and the lots that broke ties."""

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from simple_history.models import HistoricalRecords

from rules import sanctions, stages
from rules.championship import MOVE_CLOCK_SECONDS_MIN
from rules.score import RoundEntry, ScoredEntry, round_score
from rules.sheet import OVER_CARD_BOUND, SheetLine, check_sheet
from tournament.lookups import who
from tournament.models import Commitment, Game, Player, Round, Stage, Table, Tournament

from .messages import sheet_problem_message


class Sheet(models.Model):
    """One table's score sheet for one round: its lines are the round results of the players
    at that table. Who entered it and who confirmed it; ``version`` grows with every save, so
    that a second referee saving an outdated copy is refused, not silently overwritten."""

    table = models.ForeignKey(
        Table, on_delete=models.CASCADE, related_name="sheets", verbose_name=_("table")
    )
    round = models.ForeignKey(
        Round, on_delete=models.CASCADE, related_name="sheets", verbose_name=_("round")
    )
    version = models.PositiveIntegerField(_("version"), default=1)
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("entered by"),
    )
    entered_at = models.DateTimeField(_("entered at"), null=True, blank=True)
    confirmed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("confirmed by"),
    )
    confirmed_at = models.DateTimeField(
        _("confirmed at"),
        null=True,
        blank=True,
        help_text=_("Imported results count as confirmed."),
    )
    entered_at_table = models.BooleanField(
        _("entered at the table"),
        default=False,
        help_text=_("Entered by the table's scorekeeper through the table's link."),
    )

    correction_reason = models.CharField(
        _("reason of the correction"),
        max_length=500,
        blank=True,
        help_text=_(
            "Why a confirmed sheet was changed (the referee must say); empty for an ordinary "
            "entry. The sheet's history keeps every reason."
        ),
    )

    history = HistoricalRecords(verbose_name=_("history of the score sheet"))

    class Meta:
        verbose_name = _("score sheet")
        verbose_name_plural = _("score sheets")
        ordering = ["table", "round__position"]
        constraints = [
            models.UniqueConstraint(
                fields=["table", "round"],
                name="sheet_once_per_table_round",
                violation_error_message=_("The table already has a sheet for this round."),
            )
        ]

    def __str__(self):
        return f"{self.table}, {self.round}"

    @property
    def confirmed(self) -> bool:
        return self.confirmed_at is not None

    @property
    def author(self) -> str:
        """Who entered the sheet, in words: an account, or the table's scorekeeper."""
        if self.entered_at_table:
            return table_scorekeeper(self.table.number)
        return who(self.entered_by) if self.entered_by_id else "–"

    @property
    def confirmer(self) -> str:
        """Who confirmed the sheet, by the person's name as every author is ("Petr Malý"),
        not the login; "–" for imported results, which count as confirmed."""
        return who(self.confirmed_by) if self.confirmed_by_id else "–"


# The change reason recorded in the results' history for an entry made at the table.
TABLE_SCOREKEEPER = "table-scorekeeper"


def table_scorekeeper(table_number: int) -> str:
    """The author of an entry made through a table's link: "stůl 3 (zapisovatel)"."""
    return _("table %(number)s (scorekeeper)") % {"number": table_number}


class RoundResult(models.Model):
    table = models.ForeignKey(
        Table, on_delete=models.CASCADE, related_name="results", verbose_name=_("table")
    )
    round = models.ForeignKey(
        Round, on_delete=models.CASCADE, related_name="results", verbose_name=_("round")
    )
    player = models.ForeignKey(
        Player, on_delete=models.RESTRICT, related_name="results", verbose_name=_("player")
    )
    laid = models.PositiveIntegerField(_("laid"), help_text=_("Value of the cards laid in words."))
    unused = models.PositiveIntegerField(_("unused"), help_text=_("Value of the cards left."))
    closed = models.BooleanField(_("closed the round"), default=False)
    disqualified = models.BooleanField(_("disqualified"), default=False)
    penalty = models.PositiveIntegerField(_("penalty"), default=0)
    # What a club rule set's sheet asks besides laid, unused and closed (``rules.rulesets``):
    # words, longest_word, and with Syllabatim 2 action_cards, doubled_word, halved_word.
    # Empty for the championship's rules, whose path never reads it.
    rule_values = models.JSONField(_("values of the club rules"), default=dict, blank=True)
    # The line's round score under a club rule set, the table's (the casual bonuses depend on
    # the others' lines): computed by the rule set whenever the table's sheet is saved or
    # imported. Empty under the championship's rules, whose score is computed from the line.
    # Below zero only in Slovní poker, whose deal scores the word minus the cards left in hand.
    rule_score = models.IntegerField(_("round score by the club rules"), null=True, blank=True)
    history = HistoricalRecords(verbose_name=_("history of the round result"))

    class Meta:
        verbose_name = _("round result")
        verbose_name_plural = _("round results")
        ordering = ["table", "round__position", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["table", "round", "player"],
                name="result_once_per_player_round",
                violation_error_message=_("The player already has a result in this round."),
            ),
            models.UniqueConstraint(
                fields=["table", "round"],
                condition=Q(closed=True),
                name="result_one_closer_per_table_round",
                violation_error_message=_("Only one player can close a round at a table."),
            ),
            models.CheckConstraint(
                condition=Q(closed=False) | Q(unused=0),
                name="result_closer_has_no_unused",
                violation_error_message=_("A player who closed has no unused cards."),
            ),
        ]

    def __str__(self):
        return f"{self.table}, {self.round}: {self.player}"

    def entry(self) -> RoundEntry:
        if self.rule_score is not None:
            return ScoredEntry(
                self.laid,
                self.unused,
                self.closed,
                self.disqualified,
                self.penalty,
                scored=self.rule_score,
            )
        return RoundEntry(self.laid, self.unused, self.closed, self.disqualified, self.penalty)

    def score(self, close_bonus: int) -> int:
        return round_score(self.entry(), close_bonus)

    def clean(self):
        if not (self.table_id and self.round_id and self.player_id):
            return
        if self.round.game_id != self.table.game_id:
            raise ValidationError({"round": _("The round is not one of this table's game.")})
        if not self.table.seats.filter(player_id=self.player_id).exists():
            raise ValidationError({"player": _("The player does not sit at this table.")})
        if self.laid is not None and self.unused is not None:
            settings = self.table.game.stage.tournament.scoring_settings()
            line = SheetLine(
                self.player.start_number,
                self.laid,
                self.unused,
                self.closed,
                self.disqualified,
                self.penalty,
            )
            bound = [
                problem
                for problem in check_sheet(
                    [line], round_number=self.round.number, max_card_value=settings.max_card_value
                )
                if problem.code == OVER_CARD_BOUND
            ]
            if bound:
                raise ValidationError({"laid": sheet_problem_message(bound[0])})


LOT_TEAMS = stages.TEAMS
LOT_SCOPES = [*Stage.Kind.choices, (LOT_TEAMS, _("teams"))]  # a lot orders a stage's tie or teams


class Lot(models.Model):
    """A recorded lot that ordered a tied group: who drew it, when, with what seed."""

    TEAMS = LOT_TEAMS

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="lots", verbose_name=_("tournament")
    )
    stage = models.CharField(_("stage"), max_length=10, choices=LOT_SCOPES)
    order = models.JSONField(
        _("order"),
        help_text=_("Start numbers (team names for teams) in the order drawn, better first."),
    )
    seed = models.JSONField(_("seed"), null=True, blank=True)
    drawn_at = models.DateTimeField(_("drawn at"), null=True, blank=True)
    drawn_by = models.CharField(_("drawn by"), max_length=200, blank=True)
    commitment = models.ForeignKey(
        Commitment,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("commitment"),
        help_text=_("The published commitment whose seed this lot used."),
    )
    history = HistoricalRecords(verbose_name=_("history of the lot"))

    class Meta:
        verbose_name = _("lot")
        verbose_name_plural = _("lots")
        ordering = ["tournament", "id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(stage__in=[value for value, _label in LOT_SCOPES]),
                name="lot_stage_valid",
            )
        ]

    def __str__(self):
        return f"{self.get_stage_display()}: {', '.join(str(key) for key in self.order)}"

    def clean(self):
        order = self.order
        if not isinstance(order, list) or len(order) < 2 or len(set(map(str, order))) != len(order):
            raise ValidationError({"order": _("A lot orders at least two different entries.")})
        if self.tournament_id is None:
            return
        if self.stage == self.TEAMS:
            known = set(self.tournament.teams.values_list("name", flat=True))
            unknown = [key for key in order if key not in known]
        else:
            known = set(self.tournament.players.values_list("start_number", flat=True))
            unknown = [key for key in order if not isinstance(key, int) or key not in known]
        if unknown:
            raise ValidationError(
                {
                    "order": _("Not in the tournament: %(unknown)s.")
                    % {"unknown": ", ".join(map(str, unknown))}
                }
            )


class SanctionScope(models.TextChoices):
    GAME = sanctions.GAME, _("disqualified from the game")
    TOURNAMENT = sanctions.TOURNAMENT, _("expelled from the tournament")


class Sanction(models.Model):
    """A referee's decision beyond a single round (protests 4, Doping 5): the player is
    disqualified from a game, or expelled from the tournament in a game (organiser with the
    referee). Who decided, when and why are kept; a withdrawn sanction stays on record."""

    Scope = SanctionScope

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="sanctions", verbose_name=_("tournament")
    )
    player = models.ForeignKey(
        Player, on_delete=models.CASCADE, related_name="sanctions", verbose_name=_("player")
    )
    scope = models.CharField(_("sanction"), max_length=10, choices=SanctionScope.choices)
    game = models.ForeignKey(
        Game,
        on_delete=models.CASCADE,
        related_name="sanctions",
        verbose_name=_("game"),
        help_text=_("The game voided for the player; for an expulsion, the game in progress."),
    )
    reason = models.TextField(_("reason"))
    decided_by = models.CharField(_("decided by"), max_length=200, blank=True)
    decided_at = models.DateTimeField(_("decided at"), null=True, blank=True)
    withdrawn_by = models.CharField(_("withdrawn by"), max_length=200, blank=True)
    withdrawn_at = models.DateTimeField(_("withdrawn at"), null=True, blank=True)
    withdrawal_reason = models.TextField(_("reason of the withdrawal"), blank=True)
    history = HistoricalRecords(verbose_name=_("history of the sanction"))

    class Meta:
        verbose_name = _("sanction")
        verbose_name_plural = _("sanctions")
        ordering = ["tournament", "decided_at", "id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(scope__in=SanctionScope.values), name="sanction_scope_valid"
            ),
            models.UniqueConstraint(
                fields=["player", "game", "scope"],
                condition=Q(withdrawn_at__isnull=True),
                name="sanction_once_per_player_game_scope",
                violation_error_message=_("The player already has this sanction in this game."),
            ),
        ]

    def __str__(self):
        return f"{self.player}: {self.get_scope_display()} ({self.game})"

    @property
    def in_force(self) -> bool:
        return self.withdrawn_at is None


class TableLink(models.Model):
    """A drawn table's own address for its scorekeeper's phone: valid for that table and game
    only, until the game is complete or the link is revoked.

    The secret part of the address is not stored: it is an HMAC of ``SECRET_KEY`` with the
    table, the short code and a random salt (``scoring.links``), so the desk and the printed
    sheet can show it again while the database alone cannot rebuild it. The short code (not a
    secret) is printed beside the QR code and starts the address; it finds the link."""

    table = models.ForeignKey(
        Table, on_delete=models.CASCADE, related_name="links", verbose_name=_("table")
    )
    code = models.CharField(_("short code"), max_length=12, unique=True)
    salt = models.CharField(_("salt"), max_length=64)
    created_at = models.DateTimeField(_("created at"), default=timezone.now)
    created_by = models.CharField(_("created by"), max_length=200, blank=True)
    revoked_at = models.DateTimeField(_("revoked at"), null=True, blank=True)
    revoked_by = models.CharField(_("revoked by"), max_length=200, blank=True)

    class Meta:
        verbose_name = _("table link")
        verbose_name_plural = _("table links")
        ordering = ["table", "created_at", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["table"],
                condition=Q(revoked_at__isnull=True),
                name="table_link_one_live_per_table",
                violation_error_message=_("The table already has a link in force."),
            )
        ]

    def __str__(self):
        return f"{self.table}: {self.code}"

    @property
    def revoked(self) -> bool:
        return self.revoked_at is not None


class TableClock(models.Model):
    """The referee's order that a table plays with a move clock (protests 3: a table that
    plays too slowly; at least a minute a move). The table's phone page runs the clock while
    the order is in force; the rows stay after it is switched off, so the log shows when a
    table played on the clock and with what limit. A new limit is a new order."""

    table = models.ForeignKey(
        Table, on_delete=models.CASCADE, related_name="clocks", verbose_name=_("table")
    )
    seconds_per_move = models.PositiveIntegerField(_("seconds a move"))
    ordered_at = models.DateTimeField(_("ordered at"), default=timezone.now)
    ordered_by = models.CharField(_("ordered by"), max_length=200, blank=True)
    switched_off_at = models.DateTimeField(_("switched off at"), null=True, blank=True)
    switched_off_by = models.CharField(_("switched off by"), max_length=200, blank=True)

    class Meta:
        verbose_name = _("move clock of a table")
        verbose_name_plural = _("move clocks of tables")
        ordering = ["table", "ordered_at", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["table"],
                condition=Q(switched_off_at__isnull=True),
                name="table_clock_one_on_per_table",
                violation_error_message=_("The table's clock is on already."),
            ),
            models.CheckConstraint(
                condition=Q(seconds_per_move__gte=MOVE_CLOCK_SECONDS_MIN),
                name="table_clock_at_least_the_minimum",
            ),
        ]

    def __str__(self):
        return f"{self.table}: {self.seconds_per_move} s"

    @property
    def on(self) -> bool:
        return self.switched_off_at is None


class Replacement(models.Model):
    """The organiser's decision that ``replacement`` plays the A-final in place of
    ``withdrawn``, an advancing player (or one moved up before) who withdrew (C; issue 22).
    Recorded before the A-final is drawn; the draw then takes the replacement
    (``scoring.standings.final_fields``). In the document: ``replacements`` (version 3)."""

    tournament = models.ForeignKey(
        Tournament,
        on_delete=models.CASCADE,
        related_name="replacements",
        verbose_name=_("tournament"),
    )
    withdrawn = models.ForeignKey(
        Player,
        on_delete=models.CASCADE,
        related_name="withdrawals",
        verbose_name=_("withdrawn player"),
    )
    replacement = models.ForeignKey(
        Player,
        on_delete=models.CASCADE,
        related_name="moves_up",
        verbose_name=_("player moved up"),
    )
    reason = models.TextField(_("reason"), blank=True)
    decided_by = models.CharField(_("decided by"), max_length=200, blank=True)
    decided_at = models.DateTimeField(_("decided at"), null=True, blank=True)

    class Meta:
        verbose_name = _("replacement in the A-final")
        verbose_name_plural = _("replacements in the A-final")
        ordering = ["tournament", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "withdrawn"], name="replacement_withdrawn_once"
            ),
            models.UniqueConstraint(
                fields=["tournament", "replacement"], name="replacement_moved_up_once"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.withdrawn} → {self.replacement}"


class Ceremony(models.Model):
    """Where the announcement of the results stands (issue 24): how many of the ceremony's
    reveals (``scoring.ceremony.sequence``) the hall and the public see. The organiser moves
    it from the control page; the last reveal releases the results held for it."""

    tournament = models.OneToOneField(
        Tournament,
        on_delete=models.CASCADE,
        related_name="ceremony",
        verbose_name=_("tournament"),
    )
    shown = models.PositiveSmallIntegerField(
        _("reveals shown"),
        default=0,
        help_text=_("How many places of the announcement are revealed, in order; 0: none yet."),
    )
    changed_at = models.DateTimeField(_("changed at"), default=timezone.now)
    changed_by = models.CharField(_("changed by"), max_length=200, blank=True)

    class Meta:
        verbose_name = _("announcement of the results")
        verbose_name_plural = _("announcements of the results")

    def __str__(self) -> str:
        return f"{self.tournament}: {self.shown}"
