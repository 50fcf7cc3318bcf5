import ast
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import rating
from rules.rating import (
    DISPLAY_BASE,
    GameResult,
    Rating,
    Ratings,
    TableGame,
    compute,
    places,
    update,
)

RULES = Path(rating.__file__).parent


def game(when, *results):
    return TableGame(when, tuple(GameResult(*result) for result in results))


def test_places_by_points_then_closes_and_equal_players_share():
    table = game(1, ("a", 40, 1), ("b", 52, 0), ("c", 40, 2), ("d", 40, 1), ("e", 12, 0))
    assert places(table) == {"b": 1, "c": 2, "a": 3, "d": 3, "e": 5}
    with pytest.raises(ValueError):
        places(game(1, ("a", 40, 1), ("a", 12, 0)))


def test_a_newcomer_shows_the_base_and_a_win_raises_the_rating():
    assert Rating().displayed == DISPLAY_BASE
    assert Rating().games == 0
    ratings = compute([game(1, ("a", 60, 2), ("b", 30, 1), ("c", 10, 0))])
    a, b, c = (ratings.current[person] for person in "abc")
    assert a.mu > Rating().mu > c.mu
    assert a.sigma < Rating().sigma
    assert a.displayed > b.displayed > c.displayed
    assert a.games == b.games == c.games == 1


def test_players_equal_in_points_and_closes_are_rated_alike():
    ratings = compute([game(1, ("a", 30, 1), ("b", 30, 1), ("c", 10, 0))])
    a, b = ratings.current["a"], ratings.current["b"]
    assert a.mu == pytest.approx(b.mu, abs=10 * rating.MODEL.tolerance)  # a fit's precision
    assert (a.sigma, a.games, a.displayed) == (b.sigma, b.games, b.displayed)


def test_the_history_keeps_every_game_of_a_person():
    games = [
        game((1, 1), ("a", 60, 2), ("b", 30, 1), ("c", 10, 0)),
        game((1, 2), ("d", 60, 2), ("e", 30, 1)),
        game((2, 1), ("c", 60, 2), ("a", 30, 1), ("d", 30, 1)),
    ]
    ratings = compute(games)
    assert [(h.when, h.place, h.players) for h in ratings.history["a"]] == [
        ((1, 1), 1, 3),
        ((2, 1), 2, 3),
    ]
    assert ratings.history["a"][-1].rating == ratings.current["a"]
    assert ratings.current["a"].games == 2
    assert ratings.last == (2, 1)


def test_games_are_rated_in_time_order_and_a_lone_player_is_not_rated():
    early, late = game(1, ("a", 60, 2), ("b", 30, 1)), game(2, ("b", 60, 2), ("a", 30, 1))
    assert compute([late, early]) == compute([early, late])
    alone = compute([early, game(3, ("a", 10, 0))])
    assert alone.current == compute([early]).current and alone.last == 3


def test_an_earlier_game_needs_a_computation_from_scratch():
    ratings = compute([game(5, ("a", 60, 2), ("b", 30, 1))])
    with pytest.raises(ValueError, match="from scratch"):
        update(ratings, [game(4, ("a", 60, 2), ("b", 30, 1))])
    same_time = update(ratings, [game(5, ("c", 60, 2), ("d", 30, 1))])
    assert set(same_time.current) == set("abcd")
    assert ratings.current.keys() == {"a", "b"}  # the ratings given are left as they were


# A season in time order: each game a table of 2–8 of ten people with points and closes.
seasons = st.lists(
    st.lists(
        st.tuples(st.integers(0, 9), st.integers(0, 300), st.integers(0, 7)),
        min_size=1,
        max_size=8,
        unique_by=lambda result: result[0],
    ),
    max_size=25,
).map(lambda tables: [game(when, *results) for when, results in enumerate(tables)])


@settings(max_examples=60, deadline=None)
@given(seasons, st.lists(st.integers(0, 25), max_size=3))
def test_the_incremental_rating_equals_the_one_from_scratch(games, cuts):
    from_scratch = compute(games)
    ratings, start = Ratings(), 0
    for cut in sorted(cuts) + [len(games)]:
        ratings = update(ratings, games[start:cut])
        start = max(start, cut)
    assert ratings == from_scratch
    assert all(
        len(from_scratch.history[person]) == current.games
        for person, current in from_scratch.current.items()
    )


def test_no_module_of_the_rules_consults_the_rating():
    """The rating never decides a draw or a place: besides rating.py no module of the rules
    imports it (import-linter holds the draws and the standings too)."""
    for path in RULES.rglob("*.py"):
        if path.name == "rating.py":
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        imported = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                imported |= {alias.name for alias in node.names}
            elif isinstance(node, ast.ImportFrom):
                imported.add(node.module or "")
                imported |= {f"{node.module}.{alias.name}" for alias in node.names}
                if node.level:
                    imported |= {alias.name for alias in node.names}
        assert not any(name.split(".")[-1] == "rating" for name in imported), path


def shuffled_season(games, rng):
    return [
        TableGame(table.when, tuple(rng.sample(table.results, len(table.results))), table.deal)
        for table in games
    ]


@settings(max_examples=60, deadline=None)
@given(seasons, st.randoms(use_true_random=False))
def test_the_seats_at_the_table_do_not_matter(games, rng):
    first, second = compute(games), compute(shuffled_season(games, rng))
    assert first.current.keys() == second.current.keys()
    for person, value in first.current.items():
        assert value.mu == pytest.approx(second.current[person].mu, abs=1e-5)
        assert value.sigma == pytest.approx(second.current[person].sigma)


@settings(max_examples=80, deadline=None)
@given(seasons.filter(bool), st.data(), st.integers(1, 200))
def test_a_better_score_never_lowers_the_rating(games, data, more):
    index = data.draw(st.integers(0, len(games) - 1))
    table = games[index]
    which = data.draw(st.integers(0, len(table.results) - 1))
    better = list(table.results)
    better[which] = replace(better[which], points=better[which].points + more)
    improved = [*games[:index], replace(table, results=tuple(better)), *games[index + 1 :]]
    person = table.results[which].person
    before, after = compute(games).current, compute(improved).current
    if person not in before:
        return  # alone at the table: not rated
    assert after[person].mu >= before[person].mu - 1e-5
    assert after[person].displayed >= before[person].displayed - 1


def test_the_margin_counts_and_a_strong_table_counts_for_more():
    # a close second gains more than a distant second
    close = compute([game(1, ("a", 60, 1), ("b", 58, 0), ("c", 10, 0))]).current["b"]
    distant = compute([game(1, ("a", 60, 1), ("b", 30, 0), ("c", 10, 0))]).current["b"]
    assert close.mu > distant.mu
    # the same points against opponents who proved strong raise the rating more
    table = game(9, ("a", 50, 0), ("o1", 50, 1), ("o2", 50, 0))
    earlier = [(when, ("x", 30, 0), ("y", 30, 0)) for when in range(1, 5)]
    strong = compute([game(w, *xy, ("o1", 90, 1), ("o2", 90, 1)) for w, *xy in earlier] + [table])
    weak = compute([game(w, *xy, ("o1", 10, 0), ("o2", 10, 0)) for w, *xy in earlier] + [table])
    assert strong.current["a"].mu > weak.current["a"].mu


def test_the_tables_of_one_deal_are_on_one_scale():
    """Two tables that played the same rounds: the one that scored more for everyone has the
    stronger players (its field beyond chance); as tables of separate deals, nobody stands
    out."""
    rich = (("a", 90, 2), ("b", 90, 1), ("c", 90, 1))
    poor = (("d", 40, 1), ("e", 40, 1), ("f", 40, 1))
    one = compute([TableGame(1, results(rich), "game 1"), TableGame(2, results(poor), "game 1")])
    assert min(one.current[p].mu for p in "abc") > max(one.current[p].mu for p in "def")
    apart = compute([TableGame(1, results(rich)), TableGame(2, results(poor))])
    assert all(abs(value.mu) < 1e-6 for value in apart.current.values())


def results(rows):
    return tuple(GameResult(*row) for row in rows)


def test_the_history_gives_the_rating_before_and_after_each_game():
    games = [
        game(1, ("a", 60, 2), ("b", 30, 1)),
        game(2, ("c", 60, 2), ("d", 30, 1)),
        game(3, ("a", 20, 0), ("c", 60, 2)),
    ]
    ratings = compute(games)
    first, second = ratings.history["a"]
    assert first.before == Rating() and first.rating == compute(games[:1]).current["a"]
    # before the third game: the fit of the first two (the second moved nobody of the first)
    assert second.before == compute(games[:2]).current["a"]
    assert second.rating == ratings.current["a"] and second.rating.mu < second.before.mu


def test_a_deal_rated_already_needs_a_computation_from_scratch():
    first = TableGame(1, results((("a", 60, 2), ("b", 30, 1))), "game 1")
    ratings = compute([first])
    with pytest.raises(ValueError, match="from scratch"):
        update(ratings, [TableGame(2, results((("c", 60, 2), ("d", 30, 1))), "game 1")])
    both = compute([first, TableGame(2, results((("c", 60, 2), ("d", 30, 1))), "game 1")])
    assert set(both.current) == set("abcd")


def test_a_person_of_few_games_is_drawn_toward_the_average():
    """Shrinkage: one game's win says less than the same win ten times over."""
    once = compute([game(1, ("a", 60, 1), ("b", 30, 0), ("c", 30, 0))]).current["a"]
    often = compute(
        [game(when, ("a", 60, 1), ("b", 30, 0), ("c", 30, 0)) for when in range(1, 11)]
    ).current["a"]
    assert 0 < once.mu < often.mu
    assert once.sigma > often.sigma
    # the one game moves the newcomer by less than the prior's spread
    assert once.mu < rating.MODEL.spread


def field_record(truth: float, rng) -> tuple[list[TableGame], dict[int, float]]:
    """Tables of five drawn from 40 persons of known skill, each scoring its skill less
    ``truth`` times the others' mean skill (in thousandths of a deal's points)."""
    skill = {person: rng.uniform(-0.6, 0.6) for person in range(40)}
    games = []
    for deal in range(30):
        people = rng.sample(sorted(skill), 40)
        for index in range(8):
            seats = people[5 * index : 5 * index + 5]
            total = sum(skill[p] for p in seats)
            points = {p: 1000 * (1 + skill[p] - truth * (total - skill[p]) / 4) for p in seats}
            games.append(
                TableGame(
                    (deal, index),
                    tuple(GameResult(p, round(points[p])) for p in seats),
                    deal,
                )
            )
    return games, skill


@pytest.mark.parametrize("truth", [0.1, 0.4, 0.7])
def test_how_much_strong_opponents_lower_the_points_is_fitted_to_the_record(truth):
    import random

    games, skill = field_record(truth, random.Random(7))
    fit = rating._Fit(rating.MODEL)
    for deal in rating._deals(games):
        fit.add(deal)
    fitted = fit.fitted_field(skill, [1.0] * len(fit.deals))
    assert fitted == pytest.approx(truth, abs=0.05)
    # with no record to speak of, the prior's value
    lone = rating._Fit(rating.MODEL)
    lone.add(games[:1])
    assert lone.fitted_field(dict.fromkeys(skill, 0.0), [1.0]) == rating.MODEL.field


def test_a_strong_opponent_raises_the_estimate_for_equal_points():
    """Two players score alike against the same third; b's other opponent proved strong,
    a's weak: b is rated above a."""
    history = [game((w, 1), ("s", 90, 1), ("w", 10, 0), ("x", 50, 0)) for w in range(1, 6)]
    last = [
        game((9, 1), ("a", 50, 0), ("w", 50, 0), ("z", 50, 1)),
        game((9, 2), ("b", 50, 0), ("s", 50, 0), ("y", 50, 1)),
    ]
    ratings = compute(history + [TableGame(g.when, g.results, "last") for g in last])
    assert ratings.current["b"].mu > ratings.current["a"].mu
