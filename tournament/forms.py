"""Form pieces that more than one audience needs: a typed list of round numbers."""

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from rules import draw as rules_draw
from rules.championship import ROUND_NUMBERS


def parse_rounds(text: str) -> list[int]:
    """„5, 2, 7“ as [5, 2, 7]; a clear error otherwise."""
    parts = [part for part in text.replace(" ", ",").split(",") if part]
    try:
        rounds = [int(part) for part in parts]
    except ValueError:
        raise ValidationError(_("Write round numbers separated by commas, e.g. 5, 2, 7.")) from None
    if rules_draw.round_list_problems(rounds):
        raise ValidationError(
            _("Each round number from %(first)s to %(last)s at most once, e.g. 5, 2, 7."),
            params={"first": ROUND_NUMBERS[0], "last": ROUND_NUMBERS[-1]},
        )
    return rounds


def rounds_text(rounds) -> str:
    return ", ".join(map(str, rounds or ()))


class RoundListField(forms.CharField):
    """Round numbers typed in playing order; empty gives an empty list."""

    def prepare_value(self, value):
        return rounds_text(value) if isinstance(value, list | tuple) else value

    def to_python(self, value):
        text = super().to_python(value).strip()
        return parse_rounds(text) if text else []
