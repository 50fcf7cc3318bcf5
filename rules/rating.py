"""A rating of persons across tournaments (issue 25): a multi-player Bayesian skill rating with
openskill's Plackett–Luce model and its default parameters (a newcomer at mu 25, sigma 25/3).

Each table's game is one free-for-all match ranked by the game's points, then closes; players
equal on both share a rank. Games are rated in time order, so the rating computed from scratch
(``compute``) and the rating brought up to date game by game (``update``) are the same.

The rating is shown, never used: no draw, place, advancement or lot consults it (no module of
the rules imports this one; a test holds it). Its input is plain data, not the championship's
results, so any rule set's games (club tournaments, local qualifiers) can be rated.
"""

from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from openskill.models import PlackettLuce

from .ranking import Performance, rank

ORDER = ("points", "closes")  # what ranks the players of a table's game, higher first

# The displayed value: a conservative estimate (the skill is above it with about 99.9 %
# probability), scaled so that a newcomer shows DISPLAY_BASE and a point of skill is
# DISPLAY_SCALE points of rating. Numbers of the display, not of the rules.
CONSERVATIVE_SIGMAS = 3
DISPLAY_BASE = 1000
DISPLAY_SCALE = 40

MODEL = PlackettLuce()


@dataclass(frozen=True)
class GameResult:
    """One person's result of one table's game."""

    person: Hashable
    points: int
    closes: int = 0


@dataclass(frozen=True)
class TableGame:
    """One table's game: ``when`` orders the games in time (anything comparable, e.g. the day,
    the tournament, the stage, the game and the table), and names the game in the history."""

    when: Any
    results: tuple[GameResult, ...]


@dataclass(frozen=True)
class Rating:
    mu: float = MODEL.mu  # the skill's estimate
    sigma: float = MODEL.sigma  # its uncertainty
    games: int = 0  # rated games played

    @property
    def conservative(self) -> float:
        return self.mu - CONSERVATIVE_SIGMAS * self.sigma

    @property
    def displayed(self) -> int:
        """The number shown: a newcomer has DISPLAY_BASE."""
        return round(DISPLAY_BASE + DISPLAY_SCALE * self.conservative)


@dataclass(frozen=True)
class HistoryEntry:
    when: Any  # the game's
    place: int  # at the table (players equal in points and closes share it)
    players: int  # at the table
    rating: Rating  # after the game


@dataclass(frozen=True)
class Ratings:
    current: Mapping[Hashable, Rating] = field(default_factory=dict)
    history: Mapping[Hashable, tuple[HistoryEntry, ...]] = field(default_factory=dict)
    last: Any = None  # ``when`` of the latest game rated


def places(game: TableGame) -> dict[Hashable, int]:
    """Each person's place at the table: by points, then closes; equal on both share one."""
    people = [result.person for result in game.results]
    if len(set(people)) != len(people):
        raise ValueError(f"a person has two results in the game {game.when!r}")
    ranked = rank(
        (Performance(result.person, result.points, result.closes) for result in game.results),
        chain=ORDER,
    )
    return {row.key: row.rank for row in ranked}


def compute(games: Iterable[TableGame]) -> Ratings:
    """Everyone's rating from scratch, the games taken in time order (``when``; games at the
    same time in the order given)."""
    return update(Ratings(), games)


def update(ratings: Ratings, games: Iterable[TableGame]) -> Ratings:
    """The ratings after ``games`` more, none of them earlier than the last game rated (a
    change to an earlier game needs ``compute``). ``ratings`` itself is left as it was."""
    games = sorted(games, key=lambda game: game.when)
    if games and ratings.last is not None and games[0].when < ratings.last:
        raise ValueError(
            f"the game {games[0].when!r} is before the last rated {ratings.last!r}: "
            "compute the ratings from scratch"
        )
    current = dict(ratings.current)
    history = {person: list(entries) for person, entries in ratings.history.items()}
    for game in games:
        placed = places(game)
        if len(placed) < 2:
            continue  # nobody to be ranked against
        people = list(placed)
        before = [current.get(person, Rating()) for person in people]
        rated = MODEL.rate(
            [[MODEL.rating(mu=old.mu, sigma=old.sigma)] for old in before],
            ranks=[placed[person] for person in people],
        )
        for person, old, [new] in zip(people, before, rated, strict=True):
            current[person] = Rating(new.mu, new.sigma, old.games + 1)
            history.setdefault(person, []).append(
                HistoryEntry(game.when, placed[person], len(people), current[person])
            )
    last = games[-1].when if games else ratings.last
    return Ratings(current, {person: tuple(entries) for person, entries in history.items()}, last)
