"""The results computed from a document in memory equal the results of the same document
stored and loaded from the database (one computation, two ways in)."""

import json

import pytest

from interchange.data import document_data
from interchange.importer import import_tournament
from interchange.results import results_document
from scoring.selectors import tournament_data
from tests.interchange.test_random_championships import add_lots, random_championship
from tests.interchange.test_version_2 import v2

pytestmark = pytest.mark.django_db


def both_ways(document: dict, slug: str) -> tuple[dict, dict]:
    tournament, _ = import_tournament(json.loads(json.dumps(document)), slug=slug)
    return (
        results_document(document_data(document)),
        results_document(tournament_data(tournament)),
    )


def test_the_example_in_version_2(example_document):
    from_memory, from_database = both_ways(v2(example_document), "example")
    assert from_memory == from_database and from_memory["expelled"] == [5]


@pytest.mark.parametrize("seed", range(0, 40, 4))
def test_random_championships(seed):
    import random

    document = random_championship(seed)
    add_lots(document, random.Random(seed))
    from_memory, from_database = both_ways(document, f"t{seed}")
    assert from_memory == from_database
    # and what the public may see (advancement only once the qualifier is over) agrees too
    stored = tournament_data(import_tournament(document, slug=f"a{seed}")[0])
    assert results_document(document_data(document), announced_only=True) == results_document(
        stored, announced_only=True
    )
