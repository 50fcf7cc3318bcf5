"""Finding a tournament or a game from an address, for every app's views: 404 when missing."""

from django.shortcuts import get_object_or_404

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
