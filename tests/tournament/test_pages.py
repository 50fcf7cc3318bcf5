import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from accounts.roles import ORGANISER, REFEREE, create_account
from interchange.importer import import_tournament
from tournament.models import Game, Player, Stage, Table, Team, Tournament

pytestmark = pytest.mark.django_db


def test_front_page_lists_tournaments_accessibly(client, example_document):
    import_tournament(example_document, slug="example")
    page = client.get("/")
    html = page.content.decode()
    assert page.status_code == 200
    assert '<html lang="cs">' in html
    assert "Mistrovství ČR v Syllabatimu 2025 (ukázka)" in html
    assert "<caption" in html and 'scope="col"' in html and 'scope="row"' in html
    assert '<main id="main"' in html and 'href="#main"' in html
    assert reverse("admin:index") not in html  # for the organiser only
    assert reverse("public:home", kwargs={"slug": "example"}) in html
    assert html.count("<h1") == 1


def test_front_page_in_english(client):
    html = client.get("/en/").content.decode()
    assert '<html lang="en">' in html and 'href="/" lang="cs"' in html


@pytest.fixture
def organiser_client(example_document):
    import_tournament(example_document, slug="example")
    create_account(username="org", role=ORGANISER, password="heslo-organizatora")
    client = Client()
    client.login(username="org", password="heslo-organizatora")
    return client


ADMIN_MODELS = [
    ("tournament", "tournament", Tournament),
    ("tournament", "player", Player),
    ("tournament", "team", Team),
    ("tournament", "stage", Stage),
    ("tournament", "game", Game),
    ("tournament", "table", Table),
    ("tournament", "card", None),
    ("scoring", "roundresult", None),
    ("scoring", "lot", None),
    ("scoring", "sheet", None),
]


def test_the_organiser_finds_the_staff_pages_on_the_front_page_not_the_admin(organiser_client):
    html = organiser_client.get("/").content.decode()
    assert reverse("staff:start") in html and reverse("admin:index") not in html


@pytest.mark.parametrize(("app", "model", "klass"), ADMIN_MODELS)
def test_the_organiser_edits_everything_in_the_admin_in_czech(organiser_client, app, model, klass):
    page = organiser_client.get(reverse(f"admin:{app}_{model}_changelist"))
    assert page.status_code == 200
    assert 'lang="cs"' in page.content.decode()
    if model not in ("roundresult", "sheet"):  # these are entered at the referee's desk
        assert organiser_client.get(reverse(f"admin:{app}_{model}_add")).status_code == 200
    if klass is not None:
        obj = klass.objects.first()
        assert (
            organiser_client.get(reverse(f"admin:{app}_{model}_change", args=[obj.pk])).status_code
            == 200
        )


def test_a_referee_is_not_an_admin_user():
    create_account(username="ref", role=REFEREE, password="heslo-rozhodciho")
    client = Client()
    assert client.login(username="ref", password="heslo-rozhodciho")
    assert client.get(reverse("admin:index")).status_code == 302  # to the admin's login
    assert not User.objects.get(username="ref").is_staff


def test_team_size_is_checked_in_the_admin(organiser_client):
    tournament = Tournament.objects.create(
        slug="fresh", name="Nový", year=2026, start_date="2026-06-13"
    )
    players = [
        Player.objects.create(
            tournament=tournament, start_number=n, name=f"Hráč {n}", sight_class="B1"
        )
        for n in (1, 2)
    ]
    data = {
        "tournament": tournament.pk,
        "name": "Dvojice",
        "members-TOTAL_FORMS": "2",
        "members-INITIAL_FORMS": "0",
        "members-MIN_NUM_FORMS": "0",
        "members-MAX_NUM_FORMS": "5",
        "members-0-player": players[0].pk,
        "members-1-player": players[1].pk,
    }
    page = organiser_client.post(reverse("admin:tournament_team_add"), data)
    assert page.status_code == 200
    assert not Team.objects.filter(name="Dvojice").exists()
    assert "3" in page.content.decode() and "5" in page.content.decode()


def test_a_frozen_roster_cannot_be_edited_in_the_admin(organiser_client):
    team = Team.objects.get(name="Družstvo Vltava 1")
    page = organiser_client.get(reverse("admin:tournament_team_change", args=[team.pk]))
    assert 'name="members-0-player"' not in page.content.decode()


def test_an_admin_change_of_a_result_goes_through_the_sheet_checks(organiser_client):
    from scoring.models import RoundResult, Sheet

    closer = RoundResult.objects.filter(closed=True).first()
    other = RoundResult.objects.filter(table=closer.table, round=closer.round, closed=False).first()
    url = reverse("admin:scoring_roundresult_change", args=[other.pk])
    data = {"laid": other.laid, "unused": 0, "closed": "on", "penalty": 0}
    page = organiser_client.post(url, data)
    assert page.status_code == 200 and "jen jeden" in page.content.decode()
    other.refresh_from_db()
    assert not other.closed
    data = {"laid": other.laid + 1, "unused": other.unused, "penalty": 0}
    page = organiser_client.post(url, data)  # the sheet is confirmed: a reason is needed
    assert page.status_code == 200 and "uveďte důvod opravy" in page.content.decode()
    other.refresh_from_db()
    assert other.laid == data["laid"] - 1
    data["correction_reason"] = "přepis z papírového zápisu"
    assert organiser_client.post(url, data).status_code == 302
    other.refresh_from_db()
    sheet = Sheet.objects.get(table=other.table, round=other.round)
    assert other.laid == data["laid"] and sheet.version == 2 and not sheet.confirmed
    assert sheet.history.first().correction_reason == "přepis z papírového zápisu"
