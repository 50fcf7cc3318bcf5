"""Loading a stage or a tournament takes the same number of queries at any size."""

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
