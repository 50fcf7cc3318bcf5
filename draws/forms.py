from django import forms
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _

from rules import draw as rules_draw
from rules.championship import (
    QUALIFIER_GAMES_MAX,
    QUALIFIER_ROUNDS_MAX,
    QUALIFIER_ROUNDS_MIN,
    ROUND_NUMBERS,
)
from tournament.forms import parse_rounds, rounds_text
from tournament.models import QualifierSeating, Stage, Tournament


def round_initial(tournament: Tournament, kind: str) -> dict:
    """A qualifier draw's rounds start from the tournament's settings (B)."""
    if kind != Stage.Kind.QUALIFIER:
        return {}
    return {
        "rounds": rounds_text(tournament.qualifier_rounds),
        "least": tournament.qualifier_rounds_min,
        "most": tournament.qualifier_rounds_max,
    }


class RoundsFields(forms.Form):
    rounds = forms.CharField(
        label=_("Rounds typed in (optional)"),
        required=False,
        help_text=format_lazy(
            _(
                "In playing order, e.g. 5, 2, 7. Empty: the rounds are drawn (qualifier) or "
                "{first} to {last} in order (finals)."
            ),
            first=ROUND_NUMBERS[0],
            last=ROUND_NUMBERS[-1],
        ),
    )
    least = forms.IntegerField(
        label=_("Fewest rounds to draw"),
        min_value=1,
        max_value=len(ROUND_NUMBERS),
        initial=QUALIFIER_ROUNDS_MIN,
    )
    most = forms.IntegerField(
        label=_("Most rounds to draw"),
        min_value=1,
        max_value=len(ROUND_NUMBERS),
        initial=QUALIFIER_ROUNDS_MAX,
    )

    def __init__(self, *args, kind: str = Stage.Kind.QUALIFIER, poker: bool = False, **kwargs):
        super().__init__(*args, **kwargs)
        if poker:
            # a Slovní poker game's rounds are its deals, as many as its largest table can
            # need (draws.services.poker_deals): nothing to type or draw
            del self.fields["rounds"], self.fields["least"], self.fields["most"]
        elif kind != Stage.Kind.QUALIFIER:
            # a final deals rounds 1..7 in order (F): no range is drawn, the referee may
            # only type a shorter ascending list
            del self.fields["least"], self.fields["most"]
            self.fields["rounds"].help_text = format_lazy(
                _(
                    "A final deals rounds {first} to {last} in ascending order (rule F). To "
                    "shorten the game, type the rounds in ascending order, e.g. 1, 2, 3, 4, 5. "
                    "Empty: rounds {first} to {last}."
                ),
                first=ROUND_NUMBERS[0],
                last=ROUND_NUMBERS[-1],
            )

    def clean_rounds(self):
        text = self.cleaned_data["rounds"].strip()
        return parse_rounds(text) if text else None

    def typed_rounds(self) -> list[int] | None:
        return self.cleaned_data.get("rounds")

    def clean(self):
        data = super().clean()
        if data.get("least") and data.get("most") and data["least"] > data["most"]:
            self.add_error("most", _("The most rounds cannot be fewer than the fewest."))
        return data

    def round_range(self) -> rules_draw.RoundRange | None:
        """The qualifier's range of rounds to draw; None for a final (rounds 1..7)."""
        if "least" not in self.fields:
            return None
        return rules_draw.RoundRange(self.cleaned_data["least"], self.cleaned_data["most"])


class DrawForm(RoundsFields):
    tables = forms.IntegerField(
        label=_("Number of tables (optional)"),
        required=False,
        min_value=1,
        help_text=_("Empty: the proposed number."),
    )
    sighted_at_every_table = forms.BooleanField(
        label=_("A sighted or low-vision player at every table (keeps the score sheet)"),
        required=False,
        initial=True,
    )
    teammates_apart = forms.BooleanField(
        label=_("Members of one team at different tables"), required=False, initial=True
    )
    fewest_repeats = forms.BooleanField(
        label=_("As few repeated meetings as possible with earlier games"),
        required=False,
        initial=True,
    )

    field_order = [
        "tables",
        "rounds",
        "least",
        "most",
        "sighted_at_every_table",
        "teammates_apart",
        "fewest_repeats",
    ]

    def __init__(self, *args, poker: bool = False, scrabble: bool = False, **kwargs):
        super().__init__(*args, poker=poker or scrabble, **kwargs)
        self.scrabble = scrabble
        if scrabble:
            # a Scrabble round is paired from the standings (draws.services): no tables, rounds
            # or preferences of a lot to choose
            for name in ("tables", "sighted_at_every_table", "teammates_apart", "fewest_repeats"):
                del self.fields[name]

    def preferences(self) -> rules_draw.Preferences:
        if self.scrabble:
            return rules_draw.Preferences()
        return rules_draw.Preferences(
            sighted_at_every_table=self.cleaned_data["sighted_at_every_table"],
            teammates_apart=self.cleaned_data["teammates_apart"],
            fewest_repeats=self.cleaned_data["fewest_repeats"],
        )


class TypedRoundsForm(forms.Form):
    """Rounds typed by the organiser after the draw: a change by hand, not a lot."""

    rounds = forms.CharField(
        label=_("Rounds in playing order"),
        help_text=_("E.g. 5, 2, 7. To draw the rounds anew, draw the game again."),
    )

    def clean_rounds(self):
        return parse_rounds(self.cleaned_data["rounds"].strip())


class SwapForm(forms.Form):
    first = forms.TypedChoiceField(label=_("First player"), coerce=int)
    second = forms.TypedChoiceField(label=_("Second player"), coerce=int)

    def __init__(self, *args, players=(), **kwargs):
        super().__init__(*args, **kwargs)
        choices = [(p.start_number, f"{p.start_number}. {p.name}") for p in players]
        self.fields["first"].choices = choices
        self.fields["second"].choices = choices

    def clean(self):
        data = super().clean()
        if data.get("first") is not None and data.get("first") == data.get("second"):
            self.add_error("second", _("Choose two different players."))
        return data


class QualifierPlanForm(forms.Form):
    games = forms.IntegerField(
        label=_("Number of qualifier games"),
        min_value=1,
        max_value=QUALIFIER_GAMES_MAX,
        help_text=_("Fixed before the day (rule B); the qualifier is over when they are complete."),
    )
    seating = forms.ChoiceField(
        label=_("Seating of the qualifier"),
        choices=QualifierSeating.choices,
        widget=forms.RadioSelect,
    )

    def __init__(self, *args, single_stage: bool = False, **kwargs):
        """``single_stage``: a club tournament without finals, whose one stage is the
        tournament (``tournament.labels.single_stage``), worded so."""
        super().__init__(*args, **kwargs)
        if single_stage:
            self.fields["games"].label = _("Number of the tournament's games")
            self.fields["games"].help_text = _(
                "Fixed before the day (rule B); the tournament is over when they are complete."
            )
            self.fields["seating"].label = _("Seating of the tournament's games")
