"""What this app asks of the apps above it without importing them: they register their models
here when they are ready (``scoring`` registers its round results in ``AppConfig.ready``,
``season`` what a tournament's change brings up to date, and ``printing`` the characters its
font has)."""

from collections.abc import Callable

from django.db import models

# Models whose rows are results of a game, with the lookup from a row to its game.
_RESULTS: list[tuple[type[models.Model], str]] = []


def register_results(model: type[models.Model], game_lookup: str) -> None:
    if (model, game_lookup) not in _RESULTS:
        _RESULTS.append((model, game_lookup))


def stage_has_results(tournament, kind: str) -> bool:
    """Whether any game of the tournament's stage ``kind`` has a result."""
    return any(
        model.objects.filter(
            **{f"{game}__stage__tournament": tournament, f"{game}__stage__kind": kind}
        ).exists()
        for model, game in _RESULTS
    )


# What the printouts can print, one check per app that prints (``printing`` registers its
# font's characters): a name holds only what every printout can show.
_PRINTABLE: list[Callable[[str], bool]] = []


def register_printable(check: Callable[[str], bool]) -> None:
    if check not in _PRINTABLE:
        _PRINTABLE.append(check)


def printable(character: str) -> bool:
    return all(check(character) for check in _PRINTABLE)


# What depends on a tournament's data and is stored (``season`` registers the archive's summary
# and the rating): brought up to date by ``tournament.changes`` from the change stamp, once a
# write that moved it is done, with the ids of the tournaments it moved. Never by a reader.
_ON_CHANGE: list[Callable[[set[int]], None]] = []


def register_on_change(callback: Callable[[set[int]], None]) -> None:
    if callback not in _ON_CHANGE:
        _ON_CHANGE.append(callback)


def bring_up_to_date(tournament_ids: set[int]) -> None:
    for callback in _ON_CHANGE:
        callback(tournament_ids)
