"""Finding a tournament or a game from an address (404 when missing) or a command's argument
(a command error), for every app's views and commands."""

from django.core.management.base import CommandError
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _

from .models import Game, Tournament


def tournament_or_404(slug: str) -> Tournament:
    return get_object_or_404(Tournament, slug=slug)


def game_or_404(tournament: Tournament, stage: str, number: int) -> Game:
    return get_object_or_404(
        Game.objects.select_related("stage__tournament"),
        stage__tournament=tournament,
        stage__kind=stage,
        number=number,
    )


def who(user) -> str:
    """How a signed-in user is recorded as the author of a draw, a lot or a sheet."""
    return user.get_full_name() or user.get_username()


def tournament_or_error(slug: str) -> Tournament:
    try:
        return Tournament.objects.get(slug=slug)
    except Tournament.DoesNotExist:
        raise CommandError(_("There is no tournament „%(slug)s“.") % {"slug": slug}) from None
