"""A rating of persons across tournaments (issues 25 and 35): a Gaussian skill estimate per
person, learnt from the points of each table's game relative to the table, with the opponents'
strength taken into account (a Kalman filter on margins, TrueSkill-style: a performance model
with margins instead of the order alone).

The model. A person's skill is a number with a Gaussian belief (``mu``, ``sigma``); a
newcomer has mu 0 and sigma ``MODEL.sigma``. A table's game gives each player a margin: their
points minus the mean points of the others at the table, divided by the table's mean absolute
points (so the game's length, its deals and how early its rounds were closed scale everyone
alike, and a point means as much at a short game as at a long one). The model expects the
margin to be the player's skill minus the mean skill of the others, with a Gaussian noise of
the game (``MODEL.beta`` per player). Each player's belief is updated by that one observation
(a Kalman update: the surprise times the share of the uncertainty that is the player's own),
the opponents' beliefs taken as they were before the game; every belief first widens by
``MODEL.tau`` per game, so that a person who changes is followed.

What it gives: the points say more than the order (a close second and a distant second differ),
and a game against a strong table counts for more than the same points against a weak one, so
the rating is not biased where fields differ in strength, where the average points are
(``python -m bench rating``: seasons of random fields, of strong and weak divisions, and with
strong opponents who close early). A better score never lowers one's rating; the seats at the
table do not matter; players equal in points are rated alike if they were alike before.

Games are rated in time order, so the rating computed from scratch (``compute``) and the rating
brought up to date game by game (``update``) are the same.

The rating is shown, never used: no draw, place, advancement or lot consults it (no module of
the rules imports this one; a test holds it). Its input is plain data, not the championship's
results, so any rule set's games (club tournaments, local qualifiers) can be rated.
"""

import math
from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .ranking import Performance, rank

ORDER = ("points", "closes")  # what ranks the players of a table's game (its places), higher first


@dataclass(frozen=True)
class Model:
    """The model's parameters, in units of a margin (a table's mean points is 1)."""

    mu: float = 0.0  # a newcomer's skill estimate
    sigma: float = 0.5  # a newcomer's uncertainty
    beta: float = 0.35  # the noise of one game's margin, per player
    tau: float = 0.005  # the uncertainty added per game: skill may change
    # A table whose mean absolute points are below this (everyone scored about nothing) has
    # its margins divided by this instead: a point is then not worth a whole table.
    floor: float = 1.0


MODEL = Model()

# The displayed value: a conservative estimate (the skill is above it with about 99.9 %
# probability), scaled so that a newcomer shows DISPLAY_BASE and a tenth of the table's mean
# points of skill is DISPLAY_SCALE / 10 points of rating. Numbers of the display, not of the
# rules.
CONSERVATIVE_SIGMAS = 3
DISPLAY_BASE = 1000
DISPLAY_SCALE = 1000


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
        newcomer = Rating().conservative
        return round(DISPLAY_BASE + DISPLAY_SCALE * (self.conservative - newcomer))


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


def margins(game: TableGame, model: Model = MODEL) -> dict[Hashable, float]:
    """Each player's margin: points minus the others' mean points, in the table's mean
    absolute points (at least ``model.floor``). A table of one has none."""
    count = len(game.results)
    if count < 2:
        return {}
    total = sum(result.points for result in game.results)
    scale = max(sum(abs(result.points) for result in game.results) / count, model.floor)
    return {
        result.person: (result.points - (total - result.points) / (count - 1)) / scale
        for result in game.results
    }


def rate_game(
    before: Mapping[Hashable, Rating], game: TableGame, model: Model = MODEL
) -> dict[Hashable, Rating]:
    """The ratings of the game's players after it, from theirs before (a newcomer's when
    missing); each player's update takes the opponents' beliefs as they were before."""
    margin = margins(game, model)
    count = len(margin)
    if count < 2:
        return {}
    prior = {}
    for person in margin:
        old = before.get(person, Rating())
        prior[person] = (old.mu, old.sigma**2 + model.tau**2, old.games)
    mean_mu = sum(mu for mu, _, _ in prior.values()) / count
    total_variance = sum(variance for _, variance, _ in prior.values())
    noise = model.beta**2 * (1 + 1 / (count - 1))
    after = {}
    for person, (mu, variance, games) in prior.items():
        others_mu = (mean_mu * count - mu) / (count - 1)
        others_variance = (total_variance - variance) / (count - 1) ** 2
        expected = mu - others_mu
        gain = variance / (variance + others_variance + noise)
        after[person] = Rating(
            mu + gain * (margin[person] - expected),
            math.sqrt(variance * (1 - gain)),
            games + 1,
        )
    return after


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
        rated = rate_game(current, game)
        for person, new in rated.items():
            current[person] = new
            history.setdefault(person, []).append(
                HistoryEntry(game.when, placed[person], len(placed), new)
            )
    last = games[-1].when if games else ratings.last
    return Ratings(current, {person: tuple(entries) for person, entries in history.items()}, last)
