"""Forms of the referee's desk beyond the score sheet's own (which is built by hand, a row
per seated player)."""

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from rules.championship import MOVE_CLOCK_SECONDS_MIN
from rules.stages import stage_index
from scoring.models import SanctionScope
from tournament.models import DrawStatus, Game, Player


def game_key(game: Game) -> str:
    return f"{game.stage.kind}-{game.number}"


class SanctionForm(forms.Form):
    player = forms.TypedChoiceField(label=_("Player"), coerce=int)
    scope = forms.ChoiceField(
        label=_("Sanction"), choices=SanctionScope.choices, widget=forms.RadioSelect
    )
    game = forms.ChoiceField(
        label=_("Game"),
        help_text=_("The game voided for the player; for an expulsion, the game in progress."),
    )
    reason = forms.CharField(
        label=_("Reason"),
        widget=forms.Textarea(attrs={"rows": 3}),
        max_length=2000,
        help_text=_("E.g. a repeated ringing phone (protests 4), alcohol (Doping 5)."),
    )

    def __init__(self, *args, tournament, may_expel: bool, **kwargs):
        super().__init__(*args, **kwargs)
        # a sanction is for a player at a table of the game (sanction_check): the players
        # seated in an announced game, not the absent or ineligible who are never drawn
        players = (
            Player.objects.filter(
                tournament=tournament, seats__game__draw_status=DrawStatus.CONFIRMED
            )
            .distinct()
            .order_by("start_number")
        )
        self.fields["player"].choices = [("", "—")] + [
            (p.start_number, f"{p.start_number}. {p.name}") for p in players
        ]
        self.games = {
            game_key(g): g
            for g in Game.objects.filter(
                stage__tournament=tournament, draw_status=DrawStatus.CONFIRMED
            )
            .select_related("stage")
            .order_by("stage__kind", "number")
        }
        self.fields["game"].choices = [("", "—")] + [
            (
                key,
                f"{g.stage.get_kind_display()}, "
                + str(_("game %(number)s") % {"number": g.number}),
            )
            for key, g in sorted(self.games.items(), key=lambda item: _game_order(item[1]))
        ]
        if not may_expel:
            self.fields["scope"].choices = [(SanctionScope.GAME, SanctionScope.GAME.label)]
            self.fields["scope"].initial = SanctionScope.GAME
            self.fields["scope"].help_text = _("An expulsion is decided by the organiser.")

    def chosen_game(self) -> Game:
        return self.games[self.cleaned_data["game"]]


def _game_order(game: Game):
    return (stage_index(game.stage.kind), game.number)


class WithdrawalForm(forms.Form):
    reason = forms.CharField(
        label=_("Reason of the withdrawal"),
        widget=forms.Textarea(attrs={"rows": 3}),
        max_length=2000,
    )


class EarlyEndForm(forms.Form):
    reason = forms.CharField(
        label=_("Reason for ending the game early"),
        help_text=_("Kept in the history for the staff; never published."),
        widget=forms.Textarea(attrs={"rows": 3}),
        max_length=2000,
    )


class ClockForm(forms.Form):
    """The limit of a table's move clock (protests 3); the service checks the minimum and says
    where, so the form only asks for a whole number."""

    seconds_per_move = forms.IntegerField(
        label=_("Seconds a move"),
        widget=forms.NumberInput(
            attrs={"min": MOVE_CLOCK_SECONDS_MIN, "step": 1, "inputmode": "numeric"}
        ),
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["seconds_per_move"].help_text = gettext(
            "At least %(minimum)s seconds a move (protests 3 of the regulations)."
        ) % {"minimum": MOVE_CLOCK_SECONDS_MIN}
