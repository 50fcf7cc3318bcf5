"""Finding a tournament or a game from an address, 404 when there is none (for every
audience app's views; a command's argument: ``tournament.lookups``)."""

from django.shortcuts import get_object_or_404

from tournament.models import Game, Tournament


def tournament_or_404(slug: str) -> Tournament:
    return get_object_or_404(Tournament, slug=slug)


def game_or_404(tournament: Tournament, stage: str, number: int) -> Game:
    return get_object_or_404(
        Game.objects.select_related("stage__tournament"),
        stage__tournament=tournament,
        stage__kind=stage,
        number=number,
    )
