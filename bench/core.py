"""The championship core: import, standings, query counts (issue 2)."""

import io
import json
import random

from django.core.management import call_command
from django.core.management.base import OutputWrapper
from django.db import connection
from django.test.utils import CaptureQueriesContext

from bench import timed, timed_side_by_side
from interchange.data import document_data
from interchange.exporter import write_json
from interchange.importer import import_tournament
from interchange.results import results_document
from rules.score import RoundEntry
from sample.simulate import full_championship, qualifier_only
from scoring.selectors import stage_data
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


RESULTS_TARGET = 1.5  # issue 32: the database at most 1.5x the document in memory


def results_1000() -> None:
    """Issues 11 and 32: the ``results`` command (load from the database, compute, write the
    JSON) against computing and writing the same document from the tournament's JSON in
    memory, side by side in turns; target at most 1.5x, and the same text."""
    document = full_championship(1000, seed=11)
    tournament, _ = import_tournament(json.loads(json.dumps(document)), slug="results-1000")

    def from_the_database() -> str:
        out = io.StringIO()
        call_command("results", tournament.slug, stdout=out)
        return out.getvalue()

    def in_memory() -> str:
        out = io.StringIO()
        write_json(OutputWrapper(out), results_document(document_data(document)))  # as the command
        return out.getvalue()

    from_database, from_memory, ratio, computed, expected = timed_side_by_side(
        from_the_database, in_memory
    )
    count = sum(len(stage.results) for stage in document_data(document).stages.values())
    met = "met" if ratio <= RESULTS_TARGET else "NOT MET"
    print(
        f"results of a 1,000-player championship ({count:,} round results): the results "
        f"command from the database {from_database * 1000:.0f} ms, the same from the JSON in "
        f"memory {from_memory * 1000:.0f} ms (medians of 9, in turns), ratio {ratio:.2f} "
        f"(median of the turns; target at most {RESULTS_TARGET}: {met}; "
        f"{'the same text' if computed == expected else 'DIFFERENT texts'})"
    )
    if computed != expected:
        raise SystemExit("the database and the document give different results")


def run() -> None:
    import_60()
    standings_1000_x_30()
    stage_queries()
    results_1000()
