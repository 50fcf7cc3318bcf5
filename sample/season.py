"""Simulated seasons for measuring the rating (issues 25 and 35, ``python -m bench rating``).

Players with a hidden skill (``sample.simulate``'s model of play) play tournaments of several
games, each game with its drawn rounds as a qualifier game has.

- ``season``: every player plays every game, at tables of 5–8 drawn at random for each game
  (sizes as the draw proposes them). After the season's first k games every player has played k.
- ``club_season`` (issue 35): a club's season, 40 persons, tournaments of 4 games at tables of
  4–7, each person coming to a tournament with a chance of 85 %. Its ``fields`` are ``RANDOM``
  (everyone who came drawn at random) or ``DIVISIONS`` (a strong and a weak division by the
  hidden skill, each playing its own tables; a few guests of the other division each
  tournament): there the fields differ in strength. With ``closing`` strong opponents lower
  your points by closing early: a player who does not close lays a share of what they would,
  their pace over the closer's (``play_round_closing``).

``measure`` answers how well the rating knows the players: its rank correlation with the hidden
skill after k games, and how often it orders two players of a table of the next game as that
game does, each against the simple baseline of average points per round over the same games
(and against the average share of the table beaten, the order alone as the rating sees it).
"""

import random
import statistics
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations

from rules.championship import deal_size
from rules.draw import even_split, shuffle_seating, table_plan
from rules.rating import GameResult, Rating, Ratings, TableGame, places, update
from rules.score import RoundEntry, round_score
from sample.simulate import cards, hidden_skills, play_round, qualifier_rounds


@dataclass(frozen=True)
class SeasonTable:
    game: TableGame  # when: (tournament, game, table)
    rounds: int  # rounds played in the game


@dataclass(frozen=True)
class Season:
    skill: Mapping[int, float]  # the hidden skill of each player
    games: tuple[tuple[SeasonTable, ...], ...]  # the season's games in order, each its tables


def season(players: int = 48, tournaments: int = 5, games: int = 5, seed: int = 1) -> Season:
    """``tournaments`` tournaments of ``games`` games each, all ``players`` in every game."""
    rng = random.Random(seed)
    people = list(range(1, players + 1))
    skill = hidden_skills(rng, people)
    sizes = table_plan(players).sizes
    played = []
    for tournament in range(1, tournaments + 1):
        for number, rounds in enumerate(qualifier_rounds(rng, games), start=1):
            tables = shuffle_seating(people, sizes, rng)
            played.append(
                tuple(
                    play_table(rng, (tournament, number, index), seats, skill, rounds)
                    for index, seats in enumerate(tables, start=1)
                )
            )
    return Season(skill, tuple(played))


RANDOM, DIVISIONS = "random", "divisions"
CLUB_PLAYERS, CLUB_GAMES = 40, 4
ATTENDANCE = 0.85  # the chance that a person comes to a tournament
CLUB_TABLE_MAX = 6  # the fewest tables that keep everyone at this many at most (4–7 seen)
GUESTS = 3  # of each division playing a tournament in the other one


def club_season(
    fields: str = RANDOM,
    closing: bool = False,
    tournaments: int = 21,
    players: int = CLUB_PLAYERS,
    games: int = CLUB_GAMES,
    seed: int = 1,
) -> Season:
    """A club's season (issue 35): ``tournaments`` of ``games`` games, the persons who came
    seated at random among their field for each game."""
    if fields not in (RANDOM, DIVISIONS):
        raise ValueError(f"no fields {fields!r}")
    rng = random.Random(seed)
    people = list(range(1, players + 1))
    skill = hidden_skills(rng, people)
    by_skill = sorted(people, key=lambda person: -skill[person])
    divisions = [by_skill[: players // 2], by_skill[players // 2 :]]
    played = []
    for tournament in range(1, tournaments + 1):
        came = [person for person in people if rng.random() < ATTENDANCE]
        if fields == RANDOM:
            playing = [came]
        else:
            strong = [person for person in divisions[0] if person in came]
            weak = [person for person in divisions[1] if person in came]
            up = rng.sample(weak, min(GUESTS, len(weak)))
            down = rng.sample(strong, min(GUESTS, len(strong)))
            playing = [
                [p for p in strong if p not in down] + up,
                [p for p in weak if p not in up] + down,
            ]
        for number, rounds in enumerate(qualifier_rounds(rng, games), start=1):
            tables = []
            for field in playing:
                if len(field) < 2:
                    continue
                count = -(-len(field) // CLUB_TABLE_MAX)
                tables += shuffle_seating(field, even_split(len(field), count), rng)
            played.append(
                tuple(
                    play_table(rng, (tournament, number, index), seats, skill, rounds, closing)
                    for index, seats in enumerate(tables, start=1)
                )
            )
    return Season(skill, tuple(played))


def play_round_closing(
    rng: random.Random, seats: list[int], skill: Mapping[int, float], number: int
) -> dict:
    """A round where the closer ends it for everyone: each player has a pace (their skill,
    with luck); the fastest closes (in 9 rounds of 10) and laid every card, the others lay
    what they would have (as in ``play_round``) times their pace over the closer's."""
    deal = deal_size(number)
    pace = {player: skill[player] * rng.uniform(0.6, 1.4) for player in seats}
    closer = max(seats, key=lambda player: pace[player]) if rng.random() < 0.9 else None
    results = []
    for player in seats:
        if player == closer:
            laid, unused = cards(rng, deal), 0
        else:
            used = min(deal, max(0, round(rng.gauss(deal * skill[player] * 0.8, deal / 4))))
            if closer is not None:
                used = min(used, round(used * pace[player] / pace[closer]))
            laid, unused = cards(rng, used), cards(rng, deal - used)
        results.append(
            {"player": player, "laid": laid, "unused": unused, "closed": player == closer}
        )
    return {"round": number, "results": results}


def play_table(
    rng: random.Random,
    when: tuple,
    seats: list[int],
    skill: Mapping[int, float],
    rounds: list[int],
    closing: bool = False,
) -> SeasonTable:
    points = dict.fromkeys(seats, 0)
    closes = dict.fromkeys(seats, 0)
    play = play_round_closing if closing else play_round
    for number in rounds:
        for result in play(rng, seats, skill, number)["results"]:
            entry = RoundEntry(
                result["laid"],
                result["unused"],
                result["closed"],
                result.get("disqualified", False),
                result.get("penalty", 0),
            )
            points[result["player"]] += round_score(entry)
            closes[result["player"]] += entry.counts_as_close
    results = tuple(GameResult(person, points[person], closes[person]) for person in seats)
    # the tables of one game (tournament, game) played the same rounds: one deal
    return SeasonTable(TableGame(when, results, deal=when[:2]), len(rounds))


def ranks(values: Sequence[float]) -> list[float]:
    """1-based ranks, ascending; equal values share the mean of their ranks."""
    order = sorted(range(len(values)), key=lambda i: values[i])
    result = [0.0] * len(values)
    start = 0
    while start < len(order):
        end = start
        while end + 1 < len(order) and values[order[end + 1]] == values[order[start]]:
            end += 1
        for position in range(start, end + 1):
            result[order[position]] = (start + end) / 2 + 1
        start = end + 1
    return result


def spearman(xs: Sequence[float], ys: Sequence[float]) -> float:
    """Spearman's rank correlation: Pearson's correlation of the ranks (0 when either side is
    constant)."""
    x, y = ranks(xs), ranks(ys)
    if len(set(x)) < 2 or len(set(y)) < 2:
        return 0.0
    return statistics.correlation(x, y)


def pairwise_counts(
    tables: Sequence[TableGame], predicted: Mapping[Hashable, float]
) -> tuple[float, int]:
    """The pairs of players at a table that the game separated (points, then closes), and how
    many of them ``predicted`` orders the same way (a predicted tie counts half)."""
    right, pairs = 0.0, 0
    for table in tables:
        for a, b in combinations(table.results, 2):
            actual = (a.points, a.closes), (b.points, b.closes)
            if actual[0] == actual[1]:
                continue
            better, worse = (a, b) if actual[0] > actual[1] else (b, a)
            pairs += 1
            difference = predicted[better.person] - predicted[worse.person]
            right += 1.0 if difference > 0 else 0.5 if difference == 0 else 0.0
    return right, pairs


def pairwise_order(tables: Sequence[TableGame], predicted: Mapping[Hashable, float]) -> float:
    """The share of pairs of players at a table, ordered by the game (points, then closes),
    that ``predicted`` orders the same way (a predicted tie counts half)."""
    right, pairs = pairwise_counts(tables, predicted)
    return right / pairs if pairs else 0.0


@dataclass(frozen=True)
class Figures:
    games: int  # games each player has played
    correlation: Mapping[str, float]  # predictor -> Spearman with the hidden skill
    next_game: Mapping[str, float]  # predictor -> pairwise order accuracy in the next game


RATING = "rating"  # the displayed value, mu - 3 sigma
RATING_MU = "rating_mu"
AVERAGE = "average"  # points per round
# The share of the table beaten, averaged over the games: the order at the tables only, as the
# rating sees them. Close to the rating: what the rating lacks against AVERAGE is the margins.
PLACES = "places"
SKILL = "skill"  # the hidden skill itself: what any predictor could reach at best


def predictors(played: Season):
    """Before each game of the season: its index, its tables and each predictor's value of
    every person (from the games before it only)."""
    ratings = Ratings()
    points = dict.fromkeys(played.skill, 0)
    rounds = dict.fromkeys(played.skill, 0)
    beaten = dict.fromkeys(played.skill, 0.0)
    games = dict.fromkeys(played.skill, 0)
    people = sorted(played.skill)
    for index, tables in enumerate(played.games):
        current = {person: ratings.current.get(person, Rating()) for person in people}
        values = {
            RATING: {person: current[person].displayed for person in people},
            RATING_MU: {person: current[person].mu for person in people},
            AVERAGE: {person: points[person] / max(1, rounds[person]) for person in people},
            PLACES: {person: beaten[person] / max(1, games[person]) for person in people},
            SKILL: dict(played.skill),
        }
        yield index, tables, values
        ratings = update(ratings, [table.game for table in tables])
        for table in tables:
            placed = places(table.game)
            for result in table.game.results:
                points[result.person] += result.points
                rounds[result.person] += table.rounds
                if len(placed) > 1:
                    beaten[result.person] += (len(placed) - placed[result.person]) / (
                        len(placed) - 1
                    )
                    games[result.person] += 1


def measure(played: Season, checkpoints: Sequence[int] = (5, 10, 20)) -> list[Figures]:
    """The figures after each checkpoint's number of games (the season must have one game
    more than the last checkpoint, to predict)."""
    if max(checkpoints) >= len(played.games):
        raise ValueError(f"the season has {len(played.games)} games, too few to predict")
    people = sorted(played.skill)
    skill = [played.skill[person] for person in people]
    found = []
    for index, tables, values in predictors(played):
        if index > max(checkpoints):
            break
        if index not in checkpoints:
            continue
        next_games = [table.game for table in tables]
        found.append(
            Figures(
                index,
                {
                    name: spearman([value[person] for person in people], skill)
                    for name, value in values.items()
                    if name != SKILL
                },
                {name: pairwise_order(next_games, value) for name, value in values.items()},
            )
        )
    return found


def club_figures(
    played: Season, checkpoints: Sequence[int], start: int
) -> tuple[list[dict[str, float]], dict[str, float]]:
    """In one pass over the season: each predictor's Spearman with the hidden skill after
    each checkpoint's number of games; and the share of pairs at a table each predictor orders
    right, over every game of the season from the ``start``-th (counted from 0) on, each
    predicted from the games before it."""
    people = sorted(played.skill)
    skill = [played.skill[person] for person in people]
    correlations = []
    right = dict.fromkeys((RATING, RATING_MU, AVERAGE, PLACES, SKILL), 0.0)
    pairs = dict.fromkeys(right, 0)
    for index, tables, values in predictors(played):
        if index in checkpoints:
            correlations.append(
                {
                    name: spearman([value[person] for person in people], skill)
                    for name, value in values.items()
                    if name != SKILL
                }
            )
        if index >= start:
            for name, value in values.items():
                got, count = pairwise_counts([table.game for table in tables], value)
                right[name] += got
                pairs[name] += count
    if len(correlations) != len(checkpoints):
        raise ValueError(f"the season has {len(played.games)} games, too few for the checkpoints")
    return correlations, {name: right[name] / pairs[name] if pairs[name] else 0.0 for name in right}
