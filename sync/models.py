"""Publishing from the venue to the public server.

On the public server: each tournament that pushes may replace, as its organiser created it
(short name, kind, year), the push keys bound to it and the last revision accepted for it. On
the venue's computer: the last push of a tournament and its answer. None is a foreign key to
the tournament: an accepted push replaces the tournament (a new row), and these must outlive
that.
"""

from django.db import models
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from tournament.models import TournamentKind


def kind_and_year(kind: str, year: int) -> str:
    """What a tournament is, in words: "mistrovství 2026", "klubový turnaj 2025"."""
    return gettext("%(kind)s of %(year)s") % {
        "kind": dict(TournamentKind.choices)[kind],
        "year": year,
    }


class PushedTournament(models.Model):
    """A tournament this server receives from its venue: created by this server's organiser
    before any push, with the short name, kind and year that every push must keep. Its keys
    push to it alone; a push creates or replaces the tournament of this short name."""

    slug = models.SlugField(_("tournament's short name"), unique=True)
    kind = models.CharField(_("kind of tournament"), max_length=16, choices=TournamentKind.choices)
    year = models.PositiveSmallIntegerField(_("year"))
    created_at = models.DateTimeField(_("created"), default=timezone.now)
    created_by = models.CharField(_("created by"), max_length=150, blank=True)

    class Meta:
        verbose_name = _("tournament received by push")
        verbose_name_plural = _("tournaments received by push")
        ordering = ["slug"]

    def __str__(self):
        return f"{self.slug} ({self.kind_and_year})"

    @property
    def kind_and_year(self) -> str:
        return kind_and_year(self.kind, self.year)


class PushToken(models.Model):
    """A key that lets the venue push one tournament to this server: the one it is bound to,
    and no other. Only its SHA-256 is stored: the key itself is shown once, when it is made."""

    tournament = models.ForeignKey(
        PushedTournament,
        on_delete=models.CASCADE,
        related_name="keys",
        verbose_name=_("tournament"),
    )
    digest = models.CharField(_("SHA-256 of the key"), max_length=64, unique=True, editable=False)
    hint = models.CharField(
        _("beginning of the key"),
        max_length=8,
        editable=False,
        help_text=_("To tell the keys apart; the rest of the key is not stored."),
    )
    created_at = models.DateTimeField(_("created"), default=timezone.now)
    created_by = models.CharField(_("created by"), max_length=150, blank=True)
    last_used_at = models.DateTimeField(_("last used"), null=True, blank=True)
    revoked_at = models.DateTimeField(_("revoked"), null=True, blank=True)

    class Meta:
        verbose_name = _("push key")
        verbose_name_plural = _("push keys")
        ordering = ["tournament", "-created_at", "-pk"]

    def __str__(self):
        return f"{self.tournament.slug}: {self.hint}…"

    @property
    def revoked(self) -> bool:
        return self.revoked_at is not None


class AcceptedPush(models.Model):
    """The newest push this server accepted for a tournament. Its row is also the lock that
    puts concurrent pushes of the tournament in a line."""

    slug = models.SlugField(_("tournament's short name"), unique=True)
    revision = models.PositiveBigIntegerField(_("revision"), default=0)
    digest = models.CharField(_("SHA-256 of the document"), max_length=64, blank=True)
    accepted_at = models.DateTimeField(_("accepted"), null=True, blank=True)
    refused_at = models.DateTimeField(_("last refused"), null=True, blank=True)
    refusal = models.TextField(_("why it was refused"), blank=True)

    class Meta:
        verbose_name = _("accepted push")
        verbose_name_plural = _("accepted pushes")

    def __str__(self):
        return f"{self.slug}: {self.revision}"


class VenuePush(models.Model):
    """The venue's side: the last push of a tournament from this computer and its answer.

    ``revision`` is the last revision number taken; it only grows, across restarts of the
    push command too. It was taken for the venue's state ``marker`` (the tournament's id and
    revision): the same state is pushed again under the same number, a new state under a new
    one."""

    slug = models.SlugField(_("tournament's short name"), unique=True)
    server = models.URLField(_("public server"), max_length=500, blank=True)
    revision = models.PositiveBigIntegerField(_("revision"), default=0)
    marker = models.CharField(_("state of the venue's data"), max_length=64, blank=True)
    attempted_at = models.DateTimeField(_("last push"), null=True, blank=True)
    status = models.PositiveSmallIntegerField(
        _("answer's HTTP status"),
        null=True,
        blank=True,
        help_text=_("Empty: the server did not answer."),
    )
    answer = models.TextField(_("answer"), blank=True)
    accepted_revision = models.PositiveBigIntegerField(_("last accepted revision"), default=0)
    accepted_at = models.DateTimeField(_("last accepted"), null=True, blank=True)
    accepted_marker = models.CharField(
        _("state of the venue's data last accepted"), max_length=64, blank=True
    )
    failing_since = models.DateTimeField(_("failing since"), null=True, blank=True)
    # The server's last refusal (it answered, and did not take the push): kept while later
    # tries do not reach the server, cleared by the next accepted push.
    refused_at = models.DateTimeField(_("last refused"), null=True, blank=True)
    refused_revision = models.PositiveBigIntegerField(_("revision refused"), null=True, blank=True)
    refusal = models.TextField(
        _("why it was refused"), blank=True, help_text=_("The server's answer and reasons.")
    )
    watched_at = models.DateTimeField(
        _("watched"),
        null=True,
        blank=True,
        help_text=_("The push command was last seen watching for changes."),
    )
    # What the public server said it holds, asked by ``push --watch`` at every interval: a
    # server restored from an older backup holds less than it accepted (issue 38).
    server_revision = models.PositiveBigIntegerField(
        _("revision the public server holds"), null=True, blank=True
    )
    server_checked_at = models.DateTimeField(_("public server asked"), null=True, blank=True)

    class Meta:
        verbose_name = _("push from the venue")
        verbose_name_plural = _("pushes from the venue")

    def __str__(self):
        return f"{self.slug} → {self.server}: {self.revision}"
