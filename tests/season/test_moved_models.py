"""The season's models moved from ``scoring`` without moving a row (issue 36): a database
migrated at the layout before the move, with ratings and the archive's rows in it, keeps them
when migrated on, and the rating's rows become Syllabatim's (issue 37)."""

import pytest
from django.contrib.contenttypes.models import ContentType
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from season.models import ArchiveEntry, PersonRating, RatingEntry, RatingState

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE_THE_MOVE = [("season", None), ("scoring", "0015_rating_state_parts")]


def migrate(targets) -> MigrationExecutor:
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return MigrationExecutor(connection)


def test_rows_stay_and_become_the_season_apps():
    loader = migrate(BEFORE_THE_MOVE).loader
    tournament = [node for node in loader.graph.leaf_nodes() if node[0] == "tournament"]
    old = loader.project_state([("scoring", "0015_rating_state_parts"), *tournament]).apps
    person = old.get_model("tournament", "Person").objects.create(name="Jana", folded_name="jana")
    old.get_model("scoring", "PersonRating").objects.create(
        person=person, mu=0.25, sigma=0.1, games=7, category="B1"
    )
    old.get_model("scoring", "RatingState").objects.create(pk=1, fingerprint="f" * 64)
    # the content types as they were (migrating back moved them): scoring's
    models = ("ratingentry", "personrating", "ratingstate", "archiveentry")
    ids = set(
        ContentType.objects.filter(app_label="scoring", model__in=models).values_list(
            "pk", flat=True
        )
    )
    assert len(ids) == 4

    executor = MigrationExecutor(connection)
    migrate(executor.loader.graph.leaf_nodes())

    rating = PersonRating.objects.get()
    assert (rating.person_id, rating.mu, rating.games, rating.game) == (
        person.pk,
        0.25,
        7,
        "syllabatim",
    )
    assert RatingState.objects.get().game == "syllabatim"
    RatingState.objects.create(game="word_poker")  # the next game's row takes a new id
    assert not RatingEntry.objects.exists() and not ArchiveEntry.objects.exists()
    ContentType.objects.clear_cache()
    for model in (PersonRating, RatingState, RatingEntry, ArchiveEntry):
        assert ContentType.objects.get_for_model(model).pk in ids  # the same rows, season's
