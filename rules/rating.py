"""A rating of persons across tournaments (issues 25 and 35): each person's skill fitted at once
to the points of every rated game, the table's field and the game's deal taken into account (a
regularised least-squares fit over the whole record, not a one-pass filter).

The model. A table's game gives each player an observation: their points in the units of the
game's deal, that is divided by the mean absolute points of every player of the deal
(``TableGame.deal``: the tables that played the same rounds under the same rules at one time,
e.g. the tables of one game of a stage; without a deal a table is its own). So a game's length
and its rounds' deals scale everyone alike, while the tables of one deal stay comparable: a
table whose players all score more says something. The model expects the observation to be

    the deal's level + the player's skill - ``field`` x the mean skill of the others at the
    table + the table's own luck

with a Gaussian noise of the game (``noise``), the table's luck Gaussian around 0
(``table``), every skill Gaussian around 0 (``spread``: a newcomer is an average player, and a
person of few games is drawn toward the average), the deal's level free. Strong opponents lower
your points (they close the rounds before you lay your cards): ``field`` says by how much, and
a table's luck beyond that is shrunk, not taken as the field's strength. How much is not
assumed but fitted to the record (empirical Bayes): each fit takes the least-squares slope of
the points, less each player's skill, on the others' mean skill within each deal, the skills
those of the fit before, drawn toward ``Model.field`` by a prior (``field_spread``) and kept
within ``field_low`` and ``field_high``. In simulated seasons it comes out near 0.33 where
the others only take the closes from you and near 0.75 where the strong also close early, in
random fields and in divisions alike. A long game tells more than a short one: a game weighs
more as its deal's points are more (``weigh``).

The fit is the skills that minimise the squared errors plus the priors' penalties, found by
Gauss-Seidel (each unknown in turn set to its best value given the others, the skills' common
level set exactly after each sweep) until no unknown moves by more than ``tolerance``. Every
game is re-read with the opponents' strength as the whole record now says: a game against a
newcomer who turned out strong counts for more once that is known. ``sigma`` is the skill's
uncertainty as the precision of its own games says (the diagonal of the fit's precision; the
others' uncertainty is left out).

Games are fitted in time order, one deal (or a game without one) at a time: the history gives
each player's rating after each game as the fit of every game up to it, and the current
rating is the fit of all. The rating computed from scratch (``compute``) and the rating brought
up to date (``update``) are the same: each fit starts from the skills of the one before.

What it gives (``python -m bench rating``: club seasons of random fields, of strong and weak
divisions, and with strong opponents who close early; 24 seasons each): where the fields differ
in strength it ranks the players better than their average points per round, which is biased
there (after 20 tournaments +0.005 in divisions, +0.028 where strong opponents also close
early, each 5 standard errors or more), and where they do not it ties the average (within two
standard errors). It orders the next game's players better than the order alone everywhere,
and better than the average clearly where strong opponents close early in divisions; in
random fields it ties the average, which there is close to the best a record of game totals
allows (README, "The rating"). The seats at the table do not matter; players equal in every game
are rated alike.

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
    """The model's parameters, in units of a deal's mean points (tuned on simulated club
    seasons of seeds other than those the bench reports, ``bench/rating.py``)."""

    spread: float = 0.3  # the skills' spread around the average (0): a newcomer's uncertainty
    noise: float = 0.5  # the noise of one game's points of a player (a game of the mean deal)
    table: float = 0.03  # the spread of a table's luck (its field beyond ``field``, its cards)
    # How much the others' mean skill lowers a player's points: fitted to the record (below),
    # this is its prior's mean and ``field_spread`` its prior's spread.
    field: float = 0.5
    field_spread: float = 0.5
    field_low: float = 0.0  # the fitted value kept within these
    field_high: float = 0.9
    # A game weighs (its deal's mean points / the mean deal's) ** weigh: a long game tells
    # more than a short one (1 would weigh it by its points, 0 every game alike).
    weigh: float = 0.5
    # A deal whose mean absolute points are below this (everyone scored about nothing) has its
    # points divided by this instead: a point is then not worth a whole deal.
    floor: float = 1.0
    tolerance: float = 1e-6  # the fit stops when no unknown moves by more than this
    sweeps: int = 500  # at most


MODEL = Model()

# The displayed value: a conservative estimate (the skill is above it with about 99.9 %
# probability), scaled so that a newcomer shows DISPLAY_BASE and a tenth of a deal's mean
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
    the tournament, the stage, the game and the table), and names the game in the history.
    ``deal`` names the tables that played the same rounds under the same rules at one time
    (one game of a stage; None: the table alone): their points are on one scale. The tables of
    a deal are consecutive in time."""

    when: Any
    results: tuple[GameResult, ...]
    deal: Hashable = None


@dataclass(frozen=True)
class Rating:
    mu: float = 0.0  # the skill's estimate
    sigma: float = MODEL.spread  # its uncertainty
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
    rating: Rating  # after the game: the fit of every game up to it (and its deal's others)
    before: Rating = Rating()  # before it: the fit of every game before its deal


@dataclass(frozen=True)
class Ratings:
    current: Mapping[Hashable, Rating] = field(default_factory=dict)
    history: Mapping[Hashable, tuple[HistoryEntry, ...]] = field(default_factory=dict)
    last: Any = None  # ``when`` of the latest game rated
    games: tuple[TableGame, ...] = ()  # every game rated (two players at least), in time order


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


def _deals(games: Iterable[TableGame]) -> list[list[TableGame]]:
    """The games in time order (as given), consecutive games of one deal together; a game
    without a deal alone."""
    found: list[list[TableGame]] = []
    for game in games:
        if found and game.deal is not None and found[-1][0].deal == game.deal:
            found[-1].append(game)
        else:
            found.append([game])
    return found


class _Table:
    """A table of a fit: its deal (an index), its size, the sum of its players' observations,
    the sum of their skills and its luck (the last two found by the solve)."""

    __slots__ = ("deal", "size", "observed", "skills", "luck")

    def __init__(self, deal: int, size: int, observed: float):
        self.deal, self.size, self.observed = deal, size, observed
        self.skills = self.luck = 0.0


class _DealSums:
    """One deal's weighted sums for the field's slope (``_Fit.fitted_field``)."""

    __slots__ = ("weight", "x", "r", "xx", "xr")

    def __init__(self):
        self.weight = self.x = self.r = self.xx = self.xr = 0.0


class _Fit:
    """A fit's observations and unknowns: its tables (``_Table``); each deal ``[level, its
    tables, its scale]``; each person's observations ``(table, points in the deal's units)``."""

    def __init__(self, model: Model):
        self.model = model
        self.skill: dict[Hashable, float] = {}
        self.sigma: dict[Hashable, float] = {}
        self.own: dict[Hashable, list[tuple[int, float]]] = {}
        self.tables: list[_Table] = []
        self.deals: list[list] = []
        self.players: list[tuple[Hashable, ...]] = []  # of each table
        self.observed: list[tuple[float, ...]] = []  # of each table, its players' in order
        self.field = model.field  # the fitted field of the last solve

    def add(self, deal: list[TableGame]) -> None:
        results = [result for game in deal for result in game.results]
        scale = max(sum(abs(r.points) for r in results) / len(results), self.model.floor)
        number = len(self.deals)
        self.deals.append([0.0, [], scale])
        for game in deal:
            index = len(self.tables)
            self.deals[number][1].append(index)
            observed = sum(result.points for result in game.results) / scale
            self.tables.append(_Table(number, len(game.results), observed))
            self.players.append(tuple(result.person for result in game.results))
            self.observed.append(tuple(result.points / scale for result in game.results))
            for result in game.results:
                self.skill.setdefault(result.person, 0.0)
                self.own.setdefault(result.person, []).append((index, result.points / scale))

    def solve(self, start: Mapping[Hashable, float]) -> None:
        """The fit from the skills ``start`` (0 for a person missing), each deal's level and
        each table's luck from 0."""
        model, tables, deals = self.model, self.tables, self.deals
        skill = {person: start.get(person, 0.0) for person in self.skill}
        for deal in deals:
            deal[0] = 0.0
        for table, players in zip(tables, self.players, strict=True):
            table.skills = sum(skill[person] for person in players)
            table.luck = 0.0
        prior = (model.noise / model.spread) ** 2
        luck_prior = (model.noise / model.table) ** 2
        mean_scale = sum(deal[2] for deal in deals) / len(deals)
        weights = [(deal[2] / mean_scale) ** model.weigh for deal in deals]
        field_ = self.field = self.fitted_field(skill, weights)
        # Each person's gradient is linear in the tables' levels (the deal's level plus the
        # table's luck) and the tables' sums of skills; its terms are fixed for the solve.
        # Of an observation at a table of ``size`` whose others weigh ``share`` each:
        # constant w((1 + share) y - share Y), times the level w(share size - 1 - share),
        # times the sum of skills w share (2 + share - field), times the own skill
        # -w (1 + share)^2, so that the curvature is w (1 + share field), plus the prior.
        constant, terms, curvature, slopes = {}, {}, {}, {}
        for person, observed in self.own.items():
            total, own_terms, bend, slope = 0.0, [], prior, 0.0
            for index, y in observed:
                table = tables[index]
                size, ys = table.size, table.observed
                weight, share = weights[table.deal], field_ / (size - 1)
                total += weight * ((1 + share) * y - share * ys)
                by_sum = weight * share * (2 + share - field_)
                own_terms.append((index, weight * (share * size - 1 - share), by_sum))
                slope += by_sum
                bend += weight * (1 + share * field_)
            constant[person], terms[person] = total, own_terms
            curvature[person], slopes[person] = bend, slope

        def residuals(table: _Table) -> float:
            """The table's observations minus their predictions, summed."""
            return (
                table.observed
                - table.size * (deals[table.deal][0] + table.luck)
                - (1 - field_) * table.skills
            )

        sums = [0.0] * len(tables)  # each table's sum of skills, as a list for speed
        for _ in range(model.sweeps):
            moved = 0.0
            for deal in deals:
                step = sum(residuals(tables[index]) for index in deal[1]) / sum(
                    tables[index].size for index in deal[1]
                )
                deal[0] += step
                moved = max(moved, abs(step))
            for table in tables:
                weight = weights[table.deal]
                step = (weight * residuals(table) - luck_prior * table.luck) / (
                    weight * table.size + luck_prior
                )
                table.luck += step
                moved = max(moved, abs(step))
            levels = [deals[table.deal][0] + table.luck for table in tables]
            for index, table in enumerate(tables):
                sums[index] = table.skills
            for person, own_terms in terms.items():
                own = skill[person]
                gradient = constant[person] - (slopes[person] + curvature[person]) * own
                for index, level, by_sum in own_terms:
                    gradient += level * levels[index] + by_sum * sums[index]
                step = gradient / curvature[person]
                skill[person] = own + step
                for index, _, _ in own_terms:
                    sums[index] += step
                moved = max(moved, abs(step))
            for index, table in enumerate(tables):
                table.skills = sums[index]
            # The skills' common level: the predictions unchanged, the prior's penalty least.
            level = sum(skill.values()) / len(skill)
            for person in skill:
                skill[person] -= level
            for table in tables:
                table.skills -= table.size * level
            for deal in deals:
                deal[0] += (1 - field_) * level
            if moved <= model.tolerance:
                break
        self.skill = skill
        self.sigma = {person: model.noise / math.sqrt(c) for person, c in curvature.items()}

    def fitted_field(self, skill: Mapping[Hashable, float], weights: list[float]) -> float:
        """How much the others' mean skill lowers a player's points, as the record says given
        the skills ``skill``: the weighted least-squares slope of each observation less its
        player's skill on the others' mean skill, within each deal (its level free), drawn
        toward ``Model.field`` by its prior. Empirical Bayes: the start's skills (the fit
        before) stand for the unknown ones, so each fit learns from the one before it."""
        model = self.model
        # per deal: the weights' sum, the weighted sums of x, r, x x and x r, where x is minus
        # the others' mean skill and r the observation less the player's skill
        sums = [_DealSums() for _ in self.deals]
        for table, players, observed in zip(self.tables, self.players, self.observed, strict=True):
            weight, deal = weights[table.deal], sums[table.deal]
            skills = [skill[person] for person in players]
            total, others = sum(skills), table.size - 1
            for own, y in zip(skills, observed, strict=True):
                x, r = -(total - own) / others, y - own
                deal.weight += weight
                deal.x += weight * x
                deal.r += weight * r
                deal.xx += weight * x * x
                deal.xr += weight * x * r
        spread = covariance = 0.0
        for deal in sums:
            spread += deal.xx - deal.x * deal.x / deal.weight
            covariance += deal.xr - deal.x * deal.r / deal.weight
        prior = (model.noise / model.field_spread) ** 2
        fitted = (covariance + prior * model.field) / (spread + prior)
        return min(model.field_high, max(model.field_low, fitted))

    def rating(self, person: Hashable) -> Rating:
        return Rating(self.skill[person], self.sigma[person], len(self.own[person]))


def compute(games: Iterable[TableGame], model: Model = MODEL) -> Ratings:
    """Everyone's rating from scratch, the games taken in time order (``when``; games at the
    same time in the order given)."""
    return update(Ratings(), games, model)


def update(ratings: Ratings, games: Iterable[TableGame], model: Model = MODEL) -> Ratings:
    """The ratings after ``games`` more, none of them earlier than the last game rated nor of
    a deal rated already (a change to an earlier game needs ``compute``). ``ratings`` itself is
    left as it was."""
    games = sorted(games, key=lambda game: game.when)
    if games and ratings.last is not None and games[0].when < ratings.last:
        raise ValueError(
            f"the game {games[0].when!r} is before the last rated {ratings.last!r}: "
            "compute the ratings from scratch"
        )
    rated = [game for game in games if len(places(game)) > 1]  # a lone player: nobody to face
    dealt = {game.deal for game in ratings.games if game.deal is not None}
    if any(game.deal in dealt for game in rated):
        raise ValueError(
            "a game of a deal rated already (its tables are on one scale): compute the "
            "ratings from scratch"
        )
    fit = _Fit(model)
    for deal in _deals(ratings.games):
        fit.add(deal)
    current = dict(ratings.current)
    history = {person: list(entries) for person, entries in ratings.history.items()}
    for deal in _deals(rated):
        fit.add(deal)
        fit.solve({person: rating.mu for person, rating in current.items()})
        before, current = current, {person: fit.rating(person) for person in fit.skill}
        for game in deal:
            placed = places(game)
            for person, place in placed.items():
                history.setdefault(person, []).append(
                    HistoryEntry(
                        game.when,
                        place,
                        len(placed),
                        current[person],
                        before.get(person, Rating()),
                    )
                )
    last = games[-1].when if games else ratings.last
    return Ratings(
        current,
        {person: tuple(entries) for person, entries in history.items()},
        last,
        ratings.games + tuple(rated),
    )
