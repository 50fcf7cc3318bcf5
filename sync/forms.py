from django import forms
from django.utils.translation import gettext_lazy as _

from tournament.models import TournamentKind

from .services import YEARS


class ReceiveForm(forms.Form):
    """The kind and year of a tournament this server has not got yet, asked with its first
    push key: a push keeps them."""

    kind = forms.ChoiceField(label=_("Kind of tournament"), choices=TournamentKind.choices)
    year = forms.IntegerField(label=_("Year"), min_value=YEARS[0], max_value=YEARS[1])
