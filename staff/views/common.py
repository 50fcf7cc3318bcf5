"""What the staff's pages share."""

from django.shortcuts import get_object_or_404

from tournament.models import Player, Tournament
from ui.views import ConfirmView


def player_or_404(tournament: Tournament, number: int) -> Player:
    return get_object_or_404(
        Player.objects.select_related("tournament"), tournament=tournament, start_number=number
    )


class StaffConfirmView(ConfirmView):
    template_name = "staff/confirm.html"
