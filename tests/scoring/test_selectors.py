"""Loading a stage or a tournament takes the same number of queries at any size."""

from collections import Counter

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from interchange.importer import import_tournament
from interchange.results import results_document
from sample.simulate import qualifier_only
from scoring.selectors import stage_data, tournament_data
from scoring.standings import stage_standings
from tournament.models import Stage

pytestmark = pytest.mark.django_db


def queries(function, *args) -> int:
    with CaptureQueriesContext(connection) as captured:
        function(*args)
    return len(captured)


def stage_standings_of(stage):
    return stage_standings(stage_data(stage), stage.kind)


def whole_results(tournament):
    return results_document(tournament_data(tournament))


def test_query_counts_do_not_grow_with_the_field():
    counts = {}
    for size in (10, 300):
        tournament, _ = import_tournament(qualifier_only(size, seed=size), slug=f"t{size}")
        stage = Stage.objects.get(tournament=tournament, kind="qualifier")
        counts[size] = (queries(stage_standings_of, stage), queries(whole_results, tournament))
    assert counts[10] == counts[300]
    assert counts[10][0] <= 6 and counts[10][1] <= 8


def test_stage_data_agrees_with_tournament_data(example_document):
    tournament, _ = import_tournament(example_document, slug="example")
    whole = tournament_data(tournament)
    for stage in Stage.objects.filter(tournament=tournament):
        assert stage_standings(stage_data(stage), stage.kind) == stage_standings(whole, stage.kind)


def test_the_loaded_lines_are_the_documents_with_yes_and_no_as_booleans(example_document):
    """The results are read from the database's cursor without Django's converters: the
    lines must still be the document's, with real booleans (SQLite stores 0 and 1)."""
    from interchange.data import document_data

    tournament, _ = import_tournament(example_document, slug="example")
    loaded, expected = tournament_data(tournament), document_data(example_document)
    for kind, stage in expected.stages.items():
        assert Counter(loaded.stages[kind].results) == Counter(stage.results)
        flags = [
            value
            for result in loaded.stages[kind].results
            for value in (result.entry.closed, result.entry.disqualified)
        ]
        assert flags and all(type(value) is bool for value in flags)
        assert any(flags)
    assert results_document(loaded) == results_document(expected)


def test_equal_lines_share_one_entry(example_document):
    """A line's entry is immutable: a championship's tens of thousands of lines hold a few
    thousand different ones, each made once and shared (fewer objects to load)."""
    tournament, _ = import_tournament(example_document, slug="example")
    for data in (
        tournament_data(tournament),
        *(stage_data(stage) for stage in Stage.objects.filter(tournament=tournament)),
    ):
        by_value: dict = {}
        for stage in data.stages.values():
            for result in stage.results:
                by_value.setdefault(result.entry, set()).add(id(result.entry))
        assert len(by_value) < sum(len(stage.results) for stage in data.stages.values())
        assert all(len(objects) == 1 for objects in by_value.values())


def test_no_distinct_query_is_sorted(example_document):
    """Django puts the columns of a model's ordering into a DISTINCT query's select: the
    distinct then runs over every seat (one row per seat, not per player) and sorts them all.
    The loaders' distinct queries are unordered."""
    tournament, _ = import_tournament(example_document, slug="example")
    stage = Stage.objects.get(tournament=tournament, kind="qualifier")
    with CaptureQueriesContext(connection) as captured:
        tournament_data(tournament)
        stage_data(stage)
    distinct = [query["sql"] for query in captured if "SELECT DISTINCT" in query["sql"]]
    assert len(distinct) == 2
    assert not [sql for sql in distinct if "ORDER BY" in sql]
