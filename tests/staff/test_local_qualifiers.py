"""The staff's pages of local qualifiers (issue 25, A): the local qualifier's announcement,
frozen at its first draw, and its qualified players recorded once it is over; the
championship's players qualified locally with the source, and the tick by hand with a reason.
Each page takes the same number of queries whatever the field's size."""

from datetime import date

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from interchange.importer import import_tournament
from sample.simulate import qualifier_only
from tournament.models import (
    LocalQualification,
    LocalQualifierAnnouncement,
    Person,
    Player,
    Tournament,
)

pytestmark = pytest.mark.django_db


def local_over(size: int, slug: str = "brno") -> Tournament:
    """A local qualifier of ``size`` players, its two games played, each player a person,
    announced (for 2027, the best 2 per category) before it was played."""
    tournament, _ = import_tournament(qualifier_only(size, seed=size, games=2), slug=slug)
    Tournament.objects.filter(pk=tournament.pk).update(
        kind="local_qualifier", name="Místní kvalifikace Brno 2026"
    )
    tournament.refresh_from_db()
    for player in tournament.players.all():
        player.person = Person.objects.create(name=player.name, sight_class=player.sight_class)
        player.save()
    LocalQualifierAnnouncement.objects.create(
        tournament=tournament, championship_year=2027, places=2, per_category=True
    )
    return tournament


def championship_of(local: Tournament, slug: str = "mcr2027") -> Tournament:
    """A 2027 championship registering the local qualifier's persons, nobody paid."""
    championship = Tournament.objects.create(
        slug=slug, name="Mistrovství ČR 2027", year=2027, start_date=date(2027, 6, 12)
    )
    for player in local.players.all():
        Player.objects.create(
            tournament=championship,
            start_number=player.start_number,
            name=player.name,
            sight_class=player.sight_class,
            person=player.person,
        )
    return championship


def test_the_announcement_is_made_before_the_first_draw(as_organiser):
    tournament, _ = import_tournament({**qualifier_only(8, games=1), "stages": {}}, slug="ostrava")
    Tournament.objects.filter(pk=tournament.pk).update(kind="local_qualifier")
    url = "/sprava/ostrava/mistni-kvalifikace/"
    page = as_organiser.get(url).content.decode()
    assert "Zatím nic není vyhlášeno." in page and 'for="id_places"' in page

    refused = as_organiser.post(url, {"championship_year": "2027", "places": "0"})
    assert refused.status_code == 400
    html = refused.content.decode()
    assert 'aria-describedby="id_places_helptext id_places_error"' in html
    assert not LocalQualifierAnnouncement.objects.exists()

    done = as_organiser.post(
        url, {"championship_year": "2027", "places": "3", "per_category": "on"}
    )
    assert done.status_code == 302
    announcement = LocalQualifierAnnouncement.objects.get(tournament=tournament)
    assert (announcement.championship_year, announcement.places, announcement.per_category) == (
        2027,
        3,
        True,
    )
    page = as_organiser.get(url).content.decode()
    assert "Kvalifikuje na mistrovství 2027: nejlepších 3 v každé kategorii" in page
    assert "Místní kvalifikace není u konce" in page


def test_after_the_first_draw_the_announcement_stays(as_organiser):
    local = local_over(8)
    url = f"/sprava/{local.slug}/mistni-kvalifikace/"
    page = as_organiser.get(url).content.decode()
    assert "bylo vyhlášeno předem a už se nemění" in page
    assert 'name="places"' not in page
    refused = as_organiser.post(url, {"championship_year": "2030", "places": "9"})
    assert refused.status_code == 400
    assert LocalQualifierAnnouncement.objects.get(tournament=local).places == 2


def test_the_qualified_are_recorded_and_the_championship_shows_the_source(as_organiser):
    local = local_over(12)
    championship = championship_of(local)
    page = as_organiser.get(f"/sprava/{local.slug}/mistni-kvalifikace/").content.decode()
    assert "Postupující podle konečného pořadí" in page and "Zaznamenat postup" in page

    response = as_organiser.post(f"/sprava/{local.slug}/mistni-kvalifikace/zapsat/")
    assert response.status_code == 302
    records = list(LocalQualification.objects.filter(source=local))
    assert len(records) >= 4  # the best 2 of B1 and of VS
    qualified = championship.players.filter(local_qualifier=True).select_related(
        "local_qualification"
    )
    assert {p.person_id for p in qualified} == {r.person_id for r in records}

    one = qualified.first()
    source = f"Místní kvalifikace Brno 2026, {one.local_qualification.place}. místo"
    players = as_organiser.get(f"/sprava/{championship.slug}/hraci/").content.decode()
    assert "postup z místní kvalifikace: " + source in players
    assert "Hráči s postupem z místní kvalifikace" in players
    listed = as_organiser.get(
        f"/sprava/{championship.slug}/hraci/mistni-kvalifikace/"
    ).content.decode()
    assert source in listed
    again = as_organiser.get(f"/sprava/{local.slug}/mistni-kvalifikace/").content.decode()
    assert "Zaznamenané postupy" in again and "Zaznamenat znovu" in again


def test_recording_before_the_end_is_refused_with_the_reason(as_organiser):
    tournament, _ = import_tournament({**qualifier_only(8, games=1), "stages": {}}, slug="plzen")
    Tournament.objects.filter(pk=tournament.pk).update(kind="local_qualifier")
    LocalQualifierAnnouncement.objects.create(
        tournament=tournament, championship_year=2027, places=2
    )
    response = as_organiser.post("/sprava/plzen/mistni-kvalifikace/zapsat/", follow=True)
    assert "Místní kvalifikace není u konce" in response.content.decode()
    assert not LocalQualification.objects.exists()


def test_a_tick_by_hand_needs_a_reason_shown_next_to_it(as_organiser):
    championship = championship_of(local_over(8))
    player = championship.players.get(start_number=1)
    url = f"/sprava/{championship.slug}/hraci/mistni-kvalifikace/"
    refused = as_organiser.post(url, {"player": "1", "qualified": "on", "reason": ""})
    assert refused.status_code == 400
    html = refused.content.decode()
    assert 'aria-describedby="id_reason_helptext id_reason_error"' in html
    assert f"{player}" in html and "z místní kvalifikace." in html
    player.refresh_from_db()
    assert not player.local_qualifier

    done = as_organiser.post(
        url, {"player": "1", "qualified": "on", "reason": "Kvalifikace v Ostravě"}
    )
    assert done.status_code == 302
    player.refresh_from_db()
    assert player.local_qualifier and player.local_qualifier_reason == "Kvalifikace v Ostravě"
    listed = as_organiser.get(url).content.decode()
    assert "zaškrtnuto ručně: Kvalifikace v Ostravě" in listed
    players = as_organiser.get(f"/sprava/{championship.slug}/hraci/").content.decode()
    assert "postup z místní kvalifikace: zaškrtnuto ručně: Kvalifikace v Ostravě" in players

    as_organiser.post(url, {"player": "1", "reason": ""})
    player.refresh_from_db()
    assert not player.local_qualifier and not player.local_qualifier_reason


def test_query_counts_are_the_same_at_10_and_120_players(as_organiser):
    counts = {}
    for size in (10, 120):
        Tournament.objects.all().delete()
        Person.objects.all().delete()
        local = local_over(size)
        championship = championship_of(local)
        as_organiser.post(f"/sprava/{local.slug}/mistni-kvalifikace/zapsat/")
        assert LocalQualification.objects.exists()
        Player.objects.filter(tournament=championship, start_number=1).update(
            local_qualifier=True, local_qualifier_reason="ručně"
        )
        pages = {
            "local qualifier": f"/sprava/{local.slug}/mistni-kvalifikace/",
            "qualified locally": f"/sprava/{championship.slug}/hraci/mistni-kvalifikace/",
            "players": f"/sprava/{championship.slug}/hraci/",
        }
        for name, url in pages.items():
            with CaptureQueriesContext(connection) as captured:
                response = as_organiser.get(url)
            assert response.status_code == 200, (name, response.status_code)
            counts.setdefault(name, {})[size] = len(captured)
    for name, by_size in counts.items():
        assert by_size[10] == by_size[120], (name, by_size)
