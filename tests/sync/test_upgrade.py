"""Upgrading a public server whose push keys were kept by a short name (issue 31, point 1):
each key is bound to the tournament of its short name, with its kind and year; a key whose
short name has no tournament is removed (it has pushed nothing that is here)."""

from datetime import date

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from sync.models import PushedTournament, PushToken
from sync.services import push_token_for, token_digest

BEFORE = [("sync", "0002_venue_refusal")]


def latest():
    """The sync app's last migration: the test leaves the database as every other test finds it
    (a later migration than 0004 must not be left undone)."""
    return MigrationExecutor(connection).loader.graph.leaf_nodes("sync")


def migrate(targets):
    """The sync app migrated to ``targets``; the models of every app at that moment."""
    executor = MigrationExecutor(connection)
    executor.migrate(targets)
    executor.loader.build_graph()
    others = [node for node in executor.loader.graph.leaf_nodes() if node[0] != "sync"]
    return executor.loader.project_state(others + targets).apps


@pytest.mark.django_db(transaction=True)
def test_existing_keys_are_bound_to_their_tournaments():
    old = migrate(BEFORE)
    try:
        Tournament = old.get_model("tournament", "Tournament")
        Tournament.objects.create(
            slug="klub", name="Klubový turnaj", kind="club", year=2025, start_date=date(2025, 3, 1)
        )
        OldKey = old.get_model("sync", "PushToken")
        for slug, key in (("klub", "key-one"), ("klub", "key-two"), ("zadny", "key-three")):
            OldKey.objects.create(slug=slug, digest=token_digest(key), hint=key[:6])
    finally:
        migrate(latest())
    received = PushedTournament.objects.get()
    assert (received.slug, received.kind, received.year) == ("klub", "club", 2025)
    assert PushToken.objects.count() == 2
    assert push_token_for(slug="klub", token="key-one").tournament == received
    assert push_token_for(slug="klub", token="key-two").tournament == received
    assert push_token_for(slug="zadny", token="key-three") is None
