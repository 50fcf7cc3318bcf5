"""Every staff page takes the same number of queries whatever the number of players."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from interchange.importer import import_tournament
from sample.simulate import full_championship
from tournament.models import Team, Tournament

pytestmark = pytest.mark.django_db


def pages(tournament) -> dict[str, str]:
    slug = tournament.slug
    team = Team.objects.filter(tournament=tournament).first()
    return {
        "start": reverse("staff:start"),
        "day": reverse("staff:tournament", kwargs={"slug": slug}),
        "settings": reverse("staff:settings", kwargs={"slug": slug}),
        "players": reverse("staff:players", kwargs={"slug": slug}),
        "players found": reverse("staff:players", kwargs={"slug": slug})
        + "?hledat=a&nezpusobili=on",
        "new player": reverse("staff:player_new", kwargs={"slug": slug}),
        "player": reverse("staff:player", kwargs={"slug": slug, "number": 3}),
        "teams": reverse("staff:teams", kwargs={"slug": slug}),
        "team": reverse("staff:team", kwargs={"slug": slug, "team": team.pk}),
        "new team": reverse("staff:team_new", kwargs={"slug": slug}),
    }


def test_query_counts_are_the_same_at_10_and_120_players(as_organiser):
    counts = {}
    for size in (10, 120):
        Tournament.objects.all().delete()
        tournament, _ = import_tournament(full_championship(size, seed=size), slug="t")
        if not Team.objects.exists():
            Team.objects.create(tournament=tournament, name="Jediné")
        for name, url in pages(tournament).items():
            with CaptureQueriesContext(connection) as captured:
                response = as_organiser.get(url)
            assert response.status_code == 200, (name, response.status_code)
            counts.setdefault(name, {})[size] = len(captured)
    for name, by_size in counts.items():
        assert by_size[10] == by_size[120], (name, by_size)
