"""One check on every path (issue 22): whatever the services let the pages write, the export
of the tournament imports again. Random writes through the services, then
``export_tournament`` → ``import_tournament`` → the same export (the same persons too, but for a
player whose name or birth date the writes made differ from the person's: the document's
person id is a claim, and such a player is a new person, issue 31)."""

import datetime
import json

import pytest
from django.core.exceptions import ValidationError
from django.db import transaction
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from interchange.exporter import export_tournament
from interchange.importer import import_tournament
from scoring import finals as final_services
from tournament import persons, services
from tournament.models import Person, Player, Tournament

pytestmark = pytest.mark.django_db

NUMBERS = st.sampled_from([1, 3, 6, 7, 9, 11, 16, 20, 22, 999])

settings_write = st.fixed_dictionaries(
    {},
    optional={
        "close_bonus": st.integers(0, 60),
        "max_card_value": st.integers(1, 30),
        "quota_b1": st.integers(0, 8),
        "quota_vs": st.integers(0, 8),
        "start_date": st.dates(datetime.date(2025, 1, 1), datetime.date(2026, 12, 31)),
        "qualifier_games": st.integers(1, 4),
    },
).map(lambda values: ("settings", values))

player_write = st.tuples(
    st.just("player"),
    NUMBERS,
    st.fixed_dictionaries(
        {},
        optional={
            "start_number": st.integers(1, 1000),
            "paid": st.booleans(),
            "local_qualifier": st.booleans(),
            "plays_b_final": st.booleans(),
            "sight_class": st.sampled_from(["B1", "B2", "none"]),
            "birth_date": st.dates(datetime.date(1940, 1, 1), datetime.date(2012, 12, 31)),
        },
    ),
)
payment_write = st.tuples(st.just("payment"), st.sets(NUMBERS))
b_final_write = st.tuples(st.just("b_final"), st.sets(NUMBERS))
writes = st.lists(
    st.one_of(settings_write, player_write, payment_write, b_final_write), min_size=1, max_size=4
)


def apply(tournament: Tournament, write) -> None:
    kind, *args = write
    if kind == "settings":
        services.update_tournament(tournament=tournament, values=args[0])
    elif kind == "player":
        number, values = args
        player = Player.objects.filter(tournament=tournament, start_number=number).first()
        if player is not None:
            services.update_player(player=player, values=values)
    elif kind == "payment":
        shown = set(tournament.players.values_list("start_number", flat=True))
        services.set_presence_and_payment(
            tournament=tournament, shown=shown, present=shown, paid=args[0] & shown
        )
    else:
        final_services.set_b_final_participation(tournament=tournament, playing=args[0])


@pytest.fixture
def played(example_document):
    tournament, _warnings = import_tournament(example_document, slug="played")
    return tournament


@settings(
    max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(writes=writes)
def test_random_writes_through_the_services_keep_the_export_importable(played, writes):
    with transaction.atomic():
        for write in writes:
            try:
                with transaction.atomic():
                    apply(Tournament.objects.get(pk=played.pk), write)
            except ValidationError:
                pass  # refused, with nothing saved
        document = json.loads(json.dumps(export_tournament(Tournament.objects.get(pk=played.pk))))
        copy, _warnings = import_tournament(json.loads(json.dumps(document)), slug="copy")
        exported = export_tournament(copy)
        for player, again in zip(document["players"], exported["players"], strict=True):
            person = Person.objects.get(uuid=player["person"])
            birth = player.get("birth_date")
            if not persons.agrees(
                person, player["name"], birth and datetime.date.fromisoformat(birth)
            ):
                assert again.pop("person") != player.pop("person")
        assert exported == document
        transaction.set_rollback(True)
