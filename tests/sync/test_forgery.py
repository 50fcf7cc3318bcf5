"""A push key cannot rewrite the national record (issue 31, point 1).

The forgery: a copy of the championship, renamed "Mistrovství ČR v Syllabatimu 2025", with
every ``players[].person`` set to another real person's id (they are public, in the persons'
addresses). The public server's organiser creates each tournament (short name, kind, year)
before its key; a key pushes to its tournament alone; a document of another kind or year is
refused with the reason; a person's id links only when the person's name and birth date agree.
"""

import copy
import json
import re
import uuid

import pytest
from django.core.cache import cache
from django.core.management import CommandError, call_command
from django.test import Client

from interchange.exporter import export_tournament
from interchange.importer import import_tournament
from interchange.results import results_document
from public import selectors as public_selectors
from refusals import Refused
from scoring.selectors import tournament_data
from season import merges, rating
from season.models import PersonRating
from sync.models import AcceptedPush, PushedTournament, PushToken
from sync.services import create_push_token, receive_tournament
from tests.authors import author
from tests.conftest import database_snapshot
from tests.sync.helpers import demo_document
from tournament.models import Person, Player, Tournament

pytestmark = pytest.mark.django_db

FORGED_NAME = "Mistrovství ČR v Syllabatimu 2025"


def championship_2025() -> dict:
    """The demo championship, played in 2025: the real one of that year."""
    document = demo_document()
    info = document["tournament"]
    info["name"], info["year"] = FORGED_NAME, 2025
    info["start_date"], info["end_date"] = "2025-06-14", "2025-06-15"
    return document


@pytest.fixture
def record():
    """This server's national record: the championship of 2025, complete, in the archive and
    the rating, its players real persons with pages."""
    tournament, _warnings = import_tournament(championship_2025(), slug="mcr-2025")
    assert public_selectors.archive().champions  # its champions are the archive's
    return tournament


def forgery(real: Tournament, **tournament) -> dict:
    """What anyone can build from the public pages: the championship's results, and each
    player pointed at another real person (the next player's), half of them under that
    person's name as well; no birth dates, which are never public."""
    document = export_tournament(real)
    document["tournament"].update({"name": FORGED_NAME, **tournament})
    if tournament.get("kind", "championship") != "championship":  # with the same finals
        document["tournament"].setdefault("settings", {})["finals"] = True
    players = document["players"]
    ids = [player["person"] for player in players]
    names = [player["name"] for player in players]
    for index, player in enumerate(players):
        other = (index + 1) % len(players)
        player["person"] = ids[other]
        if index % 2:
            player["name"] = names[other]
        player.pop("birth_date", None)
    return document


def put(client: Client, slug: str, token: str, revision: int, document: dict):
    return client.generic(
        "PUT",
        f"/api/turnaj/{slug}/",
        json.dumps({"revision": revision, "tournament": document}),
        content_type="application/json",
        headers={"Authorization": f"Bearer {token}"},
    )


def what_the_public_sees() -> dict:
    """Every existing person's page and rating page, the archive and the rating list,
    rendered afresh; each person's name and birth date, and each tournament's results."""
    cache.clear()
    public = Client()
    seen = {}
    for person in Person.objects.all():
        seen[f"/osoby/{person.uuid}/"] = public.get(f"/osoby/{person.uuid}/").content
        seen[f"/hodnoceni/{person.pk}/"] = public.get(f"/hodnoceni/{person.pk}/").content
        seen[f"person {person.pk}"] = (person.name, person.birth_date, person.merged_into_id)
    for path in ("/archiv/", "/hodnoceni/?partii=1", "/"):
        seen[path] = public.get(path).content
    for tournament in Tournament.objects.all():
        seen[tournament.slug] = results_document(tournament_data(tournament))
    assert all(v for v in seen.values()), "a page did not render"
    return seen


def stored_ratings() -> dict[int, tuple]:
    rating.refresh()
    return {
        row.person_id: (row.mu, row.sigma, row.games)
        for row in PersonRating.objects.order_by("person")
    }


def test_a_key_pushes_only_to_its_tournament_and_no_push_creates_one(client, record):
    """No key for a short name the organiser has not created; a key of one tournament is no
    key for another, nor for a new short name: one answer for all, and nothing stored."""
    with pytest.raises(Refused, match="zadejte jeho druh a rok"):
        create_push_token(slug="falesne", by=author("test"))
    assert not PushedTournament.objects.filter(slug="falesne").exists()
    club = create_push_token(slug="klub-2025", kind="club", year=2025, by=author("test"))
    before = database_snapshot()
    document = forgery(record, kind="club")
    answers = [
        put(client, slug, club, 1, document) for slug in ("falesne", "mcr-2025", "jiny-klub")
    ]
    assert {answer.status_code for answer in answers} == {401}
    assert len({answer.content for answer in answers}) == 1
    assert database_snapshot() == before
    assert not AcceptedPush.objects.exists()
    # the key is bound to the tournament's record, not to a short name typed again
    key = PushToken.objects.get()
    assert key.tournament == PushedTournament.objects.get(slug="klub-2025")
    assert put(client, "klub-2025", club, 1, document).status_code == 200


@pytest.mark.parametrize(
    ("slug", "kind", "year", "reason"),
    [
        # a club's key: the championship's kind is not the club tournament's
        (
            "klub-2025",
            "club",
            2025,
            "Pole „tournament.kind“: dokument je mistrovství 2025, ale organizátor tohoto "
            "serveru založil turnaj „klub-2025“ jako klubový turnaj 2025",
        ),
        # the next championship's key: it cannot rewrite 2025
        (
            "mcr-2026",
            "championship",
            2026,
            "Pole „tournament.year“: dokument je mistrovství 2025, ale organizátor tohoto "
            "serveru založil turnaj „mcr-2026“ jako mistrovství 2026",
        ),
        (
            "kvalifikace-brno",
            "local_qualifier",
            2026,
            "Pole „tournament.kind“: dokument je mistrovství 2025, ale organizátor tohoto "
            "serveru založil turnaj „kvalifikace-brno“ jako místní kvalifikace 2026",
        ),
    ],
)
def test_the_forgery_is_refused_with_the_reason_and_changes_nothing(
    client, record, slug, kind, year, reason
):
    token = create_push_token(slug=slug, kind=kind, year=year, by=author("test"))
    shown = what_the_public_sees()
    before = database_snapshot()
    answer = put(client, slug, token, 1, forgery(record))
    assert answer.status_code == 400, answer.content
    errors = answer.json()["errors"]
    assert len(errors) == 1 and errors[0].startswith(reason), errors
    assert "klíč odesílá jen turnaj, pro který byl vytvořen" in errors[0]
    assert database_snapshot() == before  # the refusal is kept for the organiser's page
    assert AcceptedPush.objects.get(slug=slug).refusal == errors[0]
    assert what_the_public_sees() == shown
    assert not Tournament.objects.filter(slug=slug).exists()


def test_the_forgery_under_its_own_tournament_claims_no_real_person(client, record):
    """The same forgery, made a club tournament of 2025 to fit the key it has: accepted as
    that club tournament, its players are new persons (listed among the possible duplicates
    for the organiser), and no existing person's page, name or rating, no champion or title
    of the archive, and no other tournament's results change."""
    real = set(Person.objects.values_list("pk", flat=True))
    token = create_push_token(slug="klub-2025", kind="club", year=2025, by=author("test"))
    shown = what_the_public_sees()
    archive = public_selectors.archive()
    ratings = stored_ratings()
    assert ratings  # the championship's players are rated

    answer = put(client, "klub-2025", token, 1, forgery(record, kind="club"))

    assert answer.status_code == 200, answer.content
    forged = Player.objects.filter(tournament__slug="klub-2025")
    assert forged.count() == record.players.count()
    assert not forged.filter(person__in=real).exists()
    warned = [w for w in answer.json()["warnings"] if "nárok, ne klíč" in w]
    assert len(warned) == forged.count()
    duplicates = {p.pk for group in merges.possible_duplicates() for p in group.persons}
    assert set(forged.values_list("person", flat=True)) <= duplicates
    after = what_the_public_sees()
    for key, value in shown.items():
        if key.startswith(("/osoby/", "/hodnoceni/", "person ", "mcr-2025")) and key != (
            "/hodnoceni/?partii=1"
        ):
            assert after[key] == value, key
    now = public_selectors.archive()
    assert now.champions == archive.champions and now.most_titles == archive.most_titles
    assert FORGED_NAME not in {c.tournament.name for c in now.champions if c.year != 2025}
    # The rating is one fit of everyone (rules.rating): its origin is the mean skill and how
    # much strong opponents lower the points (the field, clamped to 0-0.9) is fitted from the
    # whole record, so persons who never met the real ones move a real rating by a few
    # thousandths of a point a deal; no game of a real person moves it, and the pages above,
    # which show the ratings, are the same to the byte.
    after_ratings = {pk: value for pk, value in stored_ratings().items() if pk in real}
    assert after_ratings.keys() == ratings.keys()
    for pk, (mu, sigma, games) in after_ratings.items():
        assert (mu, sigma, games) == (
            pytest.approx(ratings[pk][0], abs=1e-2),
            pytest.approx(ratings[pk][1], abs=1e-2),
            ratings[pk][2],
        ), pk


def test_the_forgery_in_a_file_import_claims_no_real_person(record):
    """The file import reads ``players[].person`` by the same rule as the push."""
    before = what_the_public_sees()
    _tournament, warnings = import_tournament(forgery(record, kind="club"), slug="soubor")
    assert not Player.objects.filter(
        tournament__slug="soubor", person__players__tournament=record
    ).exists()
    assert sum("nárok, ne klíč" in str(w) for w in warnings) == record.players.count()
    after = what_the_public_sees()
    assert all(after[key] == value for key, value in before.items() if key.startswith("/osoby/"))


def test_the_venues_own_pushes_keep_their_players_persons(client, record):
    """The venue's pushes find their persons: those whose name and birth date agree, and a
    person this server did not know, made with the venue's id at the first push and the
    tournament's own at the next ones (a birth date or not, a name corrected or not)."""
    token = create_push_token(slug="mcr-2026", kind="championship", year=2026, by=author("test"))
    venue = demo_document()  # the venue's championship of 2026, last year's people
    del venue["players"][0]["birth_date"]  # one without a birth date: a person of the venue's
    venue_tournament, _ = import_tournament(venue, slug="venue")
    pushed = export_tournament(venue_tournament)
    venue_tournament.delete()  # the venue has its own database
    Person.objects.filter(players__isnull=True).delete()
    claimed = {player["no"]: player["person"] for player in pushed["players"]}
    known = set(Person.objects.values_list("uuid", flat=True))
    assert sum(uuid.UUID(value) not in known for value in claimed.values()) == 1

    def linked() -> dict[int, str]:
        return {
            number: str(person)
            for number, person in Player.objects.filter(tournament__slug="mcr-2026").values_list(
                "start_number", "person__uuid"
            )
        }

    answer = put(client, "mcr-2026", token, 1, pushed)
    assert answer.status_code == 200, answer.content
    # the new person shares its name with last year's: the organiser may merge them
    assert [w[:10] for w in answer.json()["warnings"]] == ["Hráč č. 1:"]
    assert "duplicitami" in answer.json()["warnings"][0]
    assert linked() == claimed
    count = Person.objects.count()
    for revision in (2, 3):
        changed = copy.deepcopy(pushed)
        changed["players"][0]["name"] += " Nová" * (revision - 1)  # a name corrected
        changed["players"][1]["name"] += " Nový" * (revision - 1)
        assert put(client, "mcr-2026", token, revision, changed).status_code == 200
        assert linked() == claimed
    assert Person.objects.count() == count  # no new person at any push


def test_a_claim_never_renames_or_re_dates_a_person(client, record):
    token = create_push_token(slug="klub-2025", kind="club", year=2025, by=author("test"))
    victim = Player.objects.get(tournament=record, start_number=1).person
    undated = Person.objects.create(name="Bez Data")
    document = forgery(record, kind="club")
    document["players"][-1]["person"] = str(uuid.uuid4())  # it claimed the victim
    document["players"][0].update(
        person=str(victim.uuid), name="Jiné Jméno", birth_date="1950-01-01"
    )
    document["players"][1].update(
        person=str(undated.uuid), name="Bez Data", birth_date="1960-02-02"
    )
    before = {p.pk: (p.name, p.birth_date) for p in (victim, undated)}
    answer = put(client, "klub-2025", token, 1, document)
    assert answer.status_code == 200, answer.json()
    after = {p.pk: (p.name, p.birth_date) for p in Person.objects.filter(pk__in=before)}
    assert after == before
    assert undated.players.count() == 0  # a name alone is no agreement


def test_the_organiser_creates_the_tournament_before_its_first_key(record):
    with pytest.raises(Refused) as refused:
        receive_tournament(slug="mcr-2025", kind="club", year=2025)
    assert "mistrovství 2025" in str(refused.value)
    assert receive_tournament(slug="mcr-2025").kind == "championship"  # as it is here
    with pytest.raises(Refused):
        receive_tournament(slug="novy", kind="championship")  # no year
    with pytest.raises(Refused):
        receive_tournament(slug="osoby", kind="club", year=2025)  # a staff page's address
    made = receive_tournament(slug="novy", kind="club", year=2027)
    with pytest.raises(Refused, match="klubový turnaj 2027"):
        receive_tournament(slug="novy", kind="club", year=2028)
    assert receive_tournament(slug="novy") == made


def test_the_command_creates_the_tournament_with_its_kind_and_year(capsys):
    with pytest.raises(CommandError, match="zadejte jeho druh a rok"):
        call_command("create_push_token", "mcr-2027")
    call_command("create_push_token", "mcr-2027", "--kind", "championship", "--year", "2027")
    key = capsys.readouterr().out.strip()
    assert re.fullmatch(r"[\w-]{43}", key)
    received = PushedTournament.objects.get(slug="mcr-2027")
    assert (received.kind, received.year) == ("championship", 2027)
    call_command("create_push_token", "mcr-2027")  # another key of the same tournament
    assert received.keys.count() == 2
    with pytest.raises(CommandError, match="mistrovství 2027"):
        call_command("create_push_token", "mcr-2027", "--year", "2025")
