"""What an account adds to Django's user: the grammatical gender of the person who holds it,
so that the words recording what they did agree with them ("Losovala Jana Nováková")."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

# The same values as the players' (``rules.gender``, which ``accounts`` may not import).
FEMININE = "feminine"
MASCULINE = "masculine"
GENDER_CHOICES = [(FEMININE, _("feminine")), (MASCULINE, _("masculine"))]


class StaffProfile(models.Model):
    """One per account that has been given one. Without one, or with the gender empty, the
    words follow the surname (``tournament.lookups.feminine_author``)."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        primary_key=True,
        related_name="staff_profile",
    )
    gender = models.CharField(
        _("grammatical gender"),
        max_length=9,
        choices=GENDER_CHOICES,
        blank=True,
        help_text=_("Empty: the one the surname suggests."),
    )
    created_by = models.CharField(
        _("created by"),
        max_length=200,
        blank=True,
        help_text=_("The organiser who created the account, or the command line."),
    )

    class Meta:
        verbose_name = _("staff profile")
        verbose_name_plural = _("staff profiles")
        constraints = [
            models.CheckConstraint(
                condition=models.Q(gender__in=["", FEMININE, MASCULINE]),
                name="staff_profile_gender_valid",
            )
        ]

    def __str__(self):
        return f"{self.user}: {self.gender or '-'}"
