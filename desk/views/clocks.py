"""The move clock of a table (protests 3), ordered by the referee from the game page: the
limit a move, switched on, changed or off. Thin over ``scoring.clocks``."""

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from accounts.access import referee_required
from rules.championship import MOVE_CLOCK_SECONDS_MIN, MOVE_CLOCK_WARNING_SECONDS
from scoring import clocks
from tournament.models import Table
from ui.lookups import game_or_404, tournament_or_404
from ui.refusals import show_refusal
from ui.views import ServiceFormView

from ..forms import ClockForm
from .common import dashboard_url


def _game_page(game) -> str:
    return dashboard_url(game.stage.tournament.slug, game, "table-links")


def _table(kwargs) -> Table:
    game = game_or_404(tournament_or_404(kwargs["slug"]), kwargs["stage"], kwargs["number"])
    return get_object_or_404(
        Table.objects.select_related("game__stage"), game=game, number=kwargs["table"]
    )


class ClockOrder(ServiceFormView):
    """The table's clock: its limit a move, switched on or changed."""

    template_name = "desk/clock.html"
    form_class = ClockForm

    def setup(self, request, *args, **kwargs):
        super().setup(request, *args, **kwargs)
        self.table = _table(kwargs)
        self.clock = clocks.clock_on(self.table)

    def get_initial(self):
        return {
            "seconds_per_move": self.clock.seconds_per_move
            if self.clock
            else MOVE_CLOCK_SECONDS_MIN
        }

    def get_context_data(self, **kwargs):
        game = self.table.game
        return {
            **super().get_context_data(**kwargs),
            "tournament": game.stage.tournament,
            "game": game,
            "table": self.table,
            "clock": self.clock,
            "clock_warning": MOVE_CLOCK_WARNING_SECONDS,
            "back": _game_page(game),
        }

    def perform(self, form):
        return clocks.order_clock(
            table=self.table,
            seconds_per_move=form.cleaned_data["seconds_per_move"],
            by=self.request.user,
        )

    def success_message(self, form, result):
        return _(
            "Table %(table)s plays with a clock: %(seconds)s s a move. Its phone page shows the "
            "clock once it is opened or reloaded."
        ) % {"table": self.table.number, "seconds": result.seconds_per_move}

    def success_url_for(self, form, result):
        return _game_page(self.table.game)


clock = referee_required(ClockOrder.as_view())


@referee_required
@require_POST
def clock_off(request, slug, stage, number, table):
    table_ = _table({"slug": slug, "stage": stage, "number": number, "table": table})
    try:
        clocks.switch_off_clock(table=table_, by=request.user)
    except clocks.ClockRefused as refused:
        show_refusal(request, refused)
    else:
        messages.success(
            request, _("Table %(table)s plays without the clock again.") % {"table": table_.number}
        )
    return redirect(_game_page(table_.game))
