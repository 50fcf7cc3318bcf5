"""The season's stored rows, derived from the tournaments' results and brought up to date from
their change stamps (``season.refresh``): the rating of persons (``RatingEntry``,
``PersonRating``, ``RatingState``) and the archive's summary of each completed tournament
(``ArchiveEntry``). Their tables keep the names they had in ``scoring``
(``db_table``): the models moved, the data did not."""

from django.db import models
from django.utils.translation import gettext_lazy as _

from rules.games import SYLLABATIM
from tournament.models import Person, Player, Table, Tournament

GAME_MAX_LENGTH = 16  # a game's name (``rules.games``)


class RatingEntry(models.Model):
    """One person's rated game (issue 25): a table's game of a rated tournament, what it was
    rated from (the person's points and closes there) and the rating before and after it. The
    history of a person is their entries in ``position`` order; ``season.rating`` writes them,
    from scratch or game by game, with the same result. Shown only: no rule reads it."""

    person = models.ForeignKey(
        Person,
        on_delete=models.CASCADE,
        related_name="rating_entries",
        verbose_name=_("person"),
    )
    player = models.ForeignKey(
        Player, on_delete=models.CASCADE, related_name="+", verbose_name=_("player")
    )
    table = models.ForeignKey(
        Table, on_delete=models.CASCADE, related_name="rating_entries", verbose_name=_("table")
    )
    # the game whose list it counts for (``rules.games``: its tournament's rule set's game)
    game = models.CharField(_("game played"), max_length=GAME_MAX_LENGTH, default=SYLLABATIM)
    position = models.PositiveIntegerField(
        _("order of the rated game"), help_text=_("The table's game among the game's rated games.")
    )
    when = models.JSONField(_("time order"), default=list)  # season.rating.when_of
    category = models.CharField(_("category"), max_length=2)  # B1 or VS, at that game
    points = models.IntegerField(_("points"))
    closes = models.PositiveSmallIntegerField(_("closes"))
    place = models.PositiveSmallIntegerField(_("place at the table"))
    players = models.PositiveSmallIntegerField(_("players at the table"))
    mu_before = models.FloatField(_("skill before"))
    sigma_before = models.FloatField(_("uncertainty before"))
    mu = models.FloatField(_("skill after"))
    sigma = models.FloatField(_("uncertainty after"))
    games = models.PositiveIntegerField(_("rated games after it"))

    class Meta:
        verbose_name = _("rated game")
        verbose_name_plural = _("rated games")
        ordering = ["person", "position"]
        constraints = [
            models.UniqueConstraint(fields=["person", "table"], name="rating_entry_once"),
        ]
        indexes = [models.Index(fields=["person", "position"], name="rating_entry_history")]
        db_table = "scoring_ratingentry"

    def __str__(self) -> str:
        return f"{self.person}: {self.position}"


class PersonRating(models.Model):
    """A person's rating now in one game (``rules.games``), for the public lists in one query:
    the values of their latest ``RatingEntry`` of the game, kept with it by ``season.rating``."""

    person = models.ForeignKey(
        Person, on_delete=models.CASCADE, related_name="ratings", verbose_name=_("person")
    )
    game = models.CharField(_("game played"), max_length=GAME_MAX_LENGTH, default=SYLLABATIM)
    mu = models.FloatField(_("skill"))
    sigma = models.FloatField(_("uncertainty"))
    games = models.PositiveIntegerField(_("rated games"))
    category = models.CharField(_("category"), max_length=2)  # at the latest rated game

    class Meta:
        verbose_name = _("rating of a person")
        verbose_name_plural = _("ratings of persons")
        indexes = [models.Index(fields=["games"], name="person_rating_games")]
        constraints = [
            models.UniqueConstraint(fields=["person", "game"], name="person_rating_once_a_game")
        ]
        db_table = "scoring_personrating"

    def __str__(self) -> str:
        return f"{self.person}: {self.mu:.2f} ± {self.sigma:.2f}"


class RatingState(models.Model):
    """The row of a game (``rules.games``) saying what its stored ratings were computed from:
    a fingerprint of its rated tournaments' data (their change stamps, the persons of their
    players) and the last game rated. A write that finds the fingerprint changed brings the
    game's ratings up to date (``season.rating.refresh``)."""

    game = models.CharField(
        _("game played"), max_length=GAME_MAX_LENGTH, default=SYLLABATIM, unique=True
    )

    fingerprint = models.CharField(_("fingerprint"), max_length=64, blank=True)
    last = models.JSONField(_("last rated game"), null=True, blank=True)
    # The fingerprint's parts (``season.rating.fingerprint_parts``): which tournaments moved.
    parts = models.JSONField(_("what the fingerprint is of"), null=True, blank=True)
    computed_at = models.DateTimeField(_("computed at"), null=True, blank=True)

    class Meta:
        verbose_name = _("state of the rating")
        verbose_name_plural = _("state of the rating")
        db_table = "scoring_ratingstate"

    def __str__(self) -> str:
        return f"{self.computed_at}: {self.fingerprint[:8]}"


class ArchiveEntry(models.Model):
    """A player's result of a completed tournament, stored for the archive and the person's
    page (issue 25): written when the tournament's last stage is complete and again at every
    later change of its results (``season.archive``), so that the archive reads rows instead
    of computing every tournament. The person is the player's: a merge of persons moves it."""

    player = models.OneToOneField(
        Player, on_delete=models.CASCADE, related_name="archive_entry", verbose_name=_("player")
    )
    tournament = models.ForeignKey(
        Tournament,
        on_delete=models.CASCADE,
        related_name="archive_entries",
        verbose_name=_("tournament"),
    )
    stage = models.CharField(_("stage of the place"), max_length=16, blank=True)
    category = models.CharField(_("category"), max_length=4, blank=True)
    place = models.PositiveSmallIntegerField(_("place"), null=True, blank=True)
    medal = models.PositiveSmallIntegerField(_("medal"), null=True, blank=True)
    champion = models.BooleanField(_("title"), default=False)
    points = models.IntegerField(_("points"), default=0)
    closes = models.PositiveIntegerField(_("closes"), default=0)
    best_round = models.IntegerField(_("best round"), default=0)
    rounds = models.PositiveIntegerField(_("rounds"), default=0)

    class Meta:
        verbose_name = _("archive entry")
        verbose_name_plural = _("archive entries")
        indexes = [
            models.Index(fields=["-best_round"], name="archive_best_round"),
            models.Index(fields=["champion"], name="archive_champion"),
        ]
        db_table = "scoring_archiveentry"

    def __str__(self) -> str:
        return f"{self.tournament}: {self.player}"
