"""The championship core: import, standings, query counts (issue 2)."""

import json
import random

from django.db import connection
from django.test.utils import CaptureQueriesContext

from bench import timed, timed_side_by_side
from interchange.data import document_data
from interchange.importer import import_tournament
from interchange.results import results_document
from rules.score import RoundEntry
from sample.simulate import full_championship, qualifier_only
from scoring.selectors import stage_data, tournament_data
from scoring.standings import Result, StageData, TournamentData, stage_standings
from tournament.models import Stage


def import_60() -> None:
    document = full_championship(60, seed=60)
    results = sum(
        len(p["results"])
        for s in document["stages"].values()
        for g in s["games"]
        for t in g["tables"]
        for p in t["rounds"]
    )
    counter = iter(range(10**6))

    def run():
        tournament, _ = import_tournament(document, slug=f"bench-{next(counter)}")
        return tournament

    seconds, _ = timed(run, repeat=5)
    print(
        f"import of a 60-player championship ({results} round results, all stages, teams): "
        f"{seconds * 1000:.0f} ms (median of 5)"
    )


def standings_1000_x_30() -> None:
    rng = random.Random(1000)
    players, rounds = 1000, 30
    data = TournamentData(
        year=2026,
        sight_classes={n: rng.choice(["B1", "B2", "none"]) for n in range(1, players + 1)},
        stages={
            "qualifier": StageData(
                participants=set(range(1, players + 1)),
                results=[
                    Result(
                        n,
                        RoundEntry(rng.randint(0, 60), rng.randint(0, 20), rng.random() < 0.15),
                        1 + r // 6,
                    )
                    for n in range(1, players + 1)
                    for r in range(rounds)
                ],
            )
        },
    )
    seconds, _ = timed(lambda: stage_standings(data, "qualifier"), repeat=7)
    print(
        f"standings of 1,000 players x 30 rounds (30,000 results), computation: "
        f"{seconds * 1000:.0f} ms (median of 7)"
    )
    return seconds


def stage_queries() -> None:
    counts, load_times = {}, {}
    for size in (10, 1000):
        tournament, _ = import_tournament(
            qualifier_only(size, seed=size, games=5, rounds=[1, 2, 3, 4, 5, 6]),
            slug=f"queries-{size}",
        )
        stage = Stage.objects.get(tournament=tournament, kind="qualifier")
        with CaptureQueriesContext(connection) as captured:
            stage_standings(stage_data(stage), "qualifier")
        counts[size] = len(captured)
        load_times[size], _ = timed(
            lambda stage=stage: stage_standings(stage_data(stage), "qualifier"), repeat=5
        )
    print(
        f"SQL queries to load a stage's standings: {counts[10]} at 10 players, "
        f"{counts[1000]} at 1,000 players "
        f"({'equal' if counts[10] == counts[1000] else 'DIFFERENT'})"
    )
    print(
        f"standings of 1,000 players x 30 rounds from the database (load + compute): "
        f"{load_times[1000] * 1000:.0f} ms (median of 5)"
    )
    if counts[10] != counts[1000]:
        raise SystemExit("the query count grows with the field")


def results_1000() -> None:
    """Issue 11: ``manage.py results`` (load from the database and compute) against computing
    the same results from the JSON document in memory, side by side; target at most 2x."""
    document = full_championship(1000, seed=11)
    tournament, _ = import_tournament(json.loads(json.dumps(document)), slug="results-1000")
    from_database, from_memory, ratio, computed, expected = timed_side_by_side(
        lambda: results_document(tournament_data(tournament)),
        lambda: results_document(document_data(document)),
    )
    count = sum(len(stage.results) for stage in document_data(document).stages.values())
    print(
        f"results of a 1,000-player championship ({count} round results): from the database "
        f"{from_database * 1000:.0f} ms, from the JSON in memory {from_memory * 1000:.0f} ms "
        f"(medians of 9, in turns), ratio {ratio:.2f} (median of the turns; target at most 2; "
        f"{'the same document' if computed == expected else 'DIFFERENT documents'})"
    )
    if computed != expected:
        raise SystemExit("the database and the document give different results")


def run() -> None:
    import_60()
    standings_1000_x_30()
    stage_queries()
    results_1000()
