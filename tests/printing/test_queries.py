"""Making a document takes the same number of queries whatever the number of players."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from interchange.importer import import_tournament
from printing import catalog
from sample.simulate import full_championship

pytestmark = pytest.mark.django_db


def test_query_counts_are_the_same_at_10_and_120_players():
    counts = {}
    for size in (10, 120):
        document = full_championship(size, seed=size, b_final_from=1, quota={"B1": 3, "VS": 3})
        tournament, _ = import_tournament(document, slug=f"t{size}")
        for item in catalog.available(tournament, formats=(catalog.PDF,)):
            key = (item.what, item.stage, item.game is not None)
            with CaptureQueriesContext(connection) as captured:
                catalog.render(tournament, item)
            counts.setdefault(key, {})[size] = len(captured)
    assert counts
    for key, by_size in counts.items():
        assert by_size[10] == by_size[120], (key, by_size)
