"""The organiser's pages of persons (issue 25): the player's form asks which person a player
is, the possible duplicates lead to the merge page, the merge moves tournaments and keeps
every result, and the person's page shows the merge in its history."""

import copy
from datetime import date

import pytest
from django.urls import reverse

from interchange.importer import import_tournament
from season.models import ArchiveEntry
from tournament import services
from tournament.models import Person, Player

pytestmark = pytest.mark.django_db


@pytest.fixture
def club():
    return services.create_tournament(
        values={
            "slug": "klub",
            "name": "Klubový turnaj",
            "year": 2026,
            "start_date": date(2026, 3, 1),
        }
    )


def registration(name: str, number: int = 1, birth: str = "1960-02-02", **extra) -> dict:
    return {
        "start_number": number,
        "name": name,
        "birth_date": birth,
        "sight_class": "B1",
        "club": "",
        "paid": "on",
        "plays_b_final": "on",
        "present": "on",
        **extra,
    }


def test_a_new_player_of_a_known_name_is_confirmed_as_a_person(as_organiser, club):
    known = Person.objects.create(name="Jan Kolář", birth_date=date(1960, 2, 2), club="Brno")
    url = reverse("staff:player_new", kwargs={"slug": "klub"})
    asked = as_organiser.post(url, registration("jan kolar"))
    assert asked.status_code == 400  # nothing stored before the organiser says who it is
    text = asked.content.decode()
    assert str(known.uuid) in text and "Brno" in text
    assert not Player.objects.exists()
    done = as_organiser.post(url, registration("jan kolar", person=str(known.uuid)))
    assert done.status_code == 302
    assert Player.objects.get(start_number=1).person == known
    other = as_organiser.post(url, registration("Jan Kolář", number=2, person="new"))
    assert other.status_code == 302
    assert Player.objects.get(start_number=2).person != known


def test_a_name_nobody_has_makes_a_new_person_without_asking(as_organiser, club):
    url = reverse("staff:player_new", kwargs={"slug": "klub"})
    assert as_organiser.post(url, registration("Zdeněk Nový")).status_code == 302
    assert Player.objects.get().person.name == "Zdeněk Nový"


def test_the_player_s_page_changes_the_person(as_organiser, club):
    url = reverse("staff:player_new", kwargs={"slug": "klub"})
    as_organiser.post(url, registration("Eva Malá", birth="1990-01-01"))
    player = Player.objects.get()
    twin = Person.objects.create(name="Eva Mala")
    page = reverse("staff:player", kwargs={"slug": "klub", "number": 1})
    text = as_organiser.get(page).content.decode()
    assert str(player.person.uuid) in text and str(twin.uuid) in text
    as_organiser.post(page, registration("Eva Malá", birth="1990-01-01", person=str(twin.uuid)))
    player.refresh_from_db()
    assert player.person == twin


def test_duplicates_lead_to_the_merge_which_keeps_every_result(as_organiser, example_document):
    import_tournament(copy.deepcopy(example_document), slug="first")
    second = copy.deepcopy(example_document)
    del second["players"][0]["birth_date"]
    import_tournament(second, slug="second")
    keep = Player.objects.get(tournament__slug="first", start_number=1).person
    merged = Player.objects.get(tournament__slug="second", start_number=1).person
    duplicates = as_organiser.get(reverse("staff:persons_duplicates")).content.decode()
    link = f"{reverse('staff:persons_merge')}?ponechat={keep.uuid}&amp;sloucit={merged.uuid}"
    assert link in duplicates
    shown = as_organiser.get(link.replace("&amp;", "&"))
    assert shown.status_code == 200
    assert shown.content.decode().count("/sprava/first/hraci/1/") == 1
    assert shown.content.decode().count("/sprava/second/hraci/1/") == 1
    before = sorted(ArchiveEntry.objects.values_list("player_id", "points", "place", "medal"))
    done = as_organiser.post(
        link.replace("&amp;", "&"), {"ponechat": str(keep.uuid), "sloucit": str(merged.uuid)}
    )
    assert done.status_code == 302 and done["Location"].endswith(f"/osoby/{keep.uuid}/")
    assert sorted(ArchiveEntry.objects.values_list("player_id", "points", "place", "medal")) == (
        before
    )
    assert keep.players.count() == 2
    page = as_organiser.get(done["Location"]).content.decode()
    assert "sloučena s osobou" in page  # the merge in the record's history
    assert str(merged.uuid) in page
    assert "Eva" not in as_organiser.get(reverse("staff:persons_duplicates")).content.decode()


def test_merging_two_players_of_one_tournament_is_refused_on_the_page(
    as_organiser, example_document
):
    import_tournament(example_document, slug="first")
    one, two = (p.person for p in Player.objects.filter(tournament__slug="first")[:2])
    url = f"{reverse('staff:persons_merge')}?ponechat={one.uuid}&sloucit={two.uuid}"
    page = as_organiser.get(url).content.decode()
    assert 'role="alert"' in page and 'name="sloucit"' in page  # the choice, not the merge
    refused = as_organiser.post(url, {"ponechat": str(one.uuid), "sloucit": str(two.uuid)})
    assert refused.status_code == 400
    assert one.players.count() == 1 and two.players.count() == 1


def test_the_persons_pages_are_the_organiser_s(as_referee, club):
    person = Person.objects.create(name="Eva Malá")
    for url in (
        reverse("staff:persons"),
        reverse("staff:persons_duplicates"),
        reverse("staff:persons_merge"),
        reverse("staff:person", kwargs={"person_id": person.uuid}),
    ):
        assert as_referee.get(url).status_code == 403


def test_the_persons_list_finds_a_name_typed_without_accents(as_organiser):
    Person.objects.create(name="Růžena Šťastná", birth_date=date(1952, 6, 11))
    Person.objects.create(name="Eva Doležal")
    page = as_organiser.get(reverse("staff:persons") + "?hledat=ruzena+stastna").content.decode()
    assert "Růžena Šťastná" in page and "Eva Doležal" not in page


def test_persons_who_only_share_a_name_are_kept_apart(as_organiser):
    first = Person.objects.create(name="Jan Novák", birth_date=date(1950, 1, 1))
    second = Person.objects.create(name="Jan Novak", birth_date=date(1988, 8, 8))
    url = reverse("staff:persons_duplicates")
    assert str(second.uuid) in as_organiser.get(url).content.decode()
    done = as_organiser.post(
        reverse("staff:persons_keep_apart"), {"osoba": [str(first.uuid), str(second.uuid)]}
    )
    assert done.status_code == 302
    assert str(second.uuid) not in as_organiser.get(url).content.decode()
    assert "jiná osoba než" in first.history.first().history_change_reason
    third = Person.objects.create(name="JAN NOVÁK")  # another of the name: the group is back
    page = as_organiser.get(url).content.decode()
    assert all(str(p.uuid) in page for p in (first, second, third))


def test_a_person_made_for_an_id_not_taken_is_listed_with_the_one_claimed(as_organiser):
    """Issue 31: a document gave a person's id to a player of another name (a name changed
    at the wedding, or a forgery): a new person, listed with the one claimed until the
    organiser merges them or finds them different people."""
    from tournament import persons

    known = Person.objects.create(name="Jana Nováková", birth_date=date(1980, 3, 3))
    claimant = persons.person_for(
        {"name": "Jana Svobodová", "birth_date": date(1980, 3, 3)}, stable_id=known.uuid
    )
    assert claimant != known and claimant.claimed == known
    url = reverse("staff:persons_duplicates")
    page = as_organiser.get(url).content.decode()
    assert "Jana Svobodová s id osoby Jana Nováková" in page
    merge = f"?ponechat={known.uuid}&amp;sloucit={claimant.uuid}"
    assert merge in page
    done = as_organiser.post(
        reverse("staff:persons_keep_apart"), {"osoba": [str(known.uuid), str(claimant.uuid)]}
    )
    assert done.status_code == 302
    assert str(claimant.uuid) not in as_organiser.get(url).content.decode()
    known.refresh_from_db()
    assert (known.name, known.birth_date) == ("Jana Nováková", date(1980, 3, 3))
