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
def test_the_organiser_reads_everything_in_the_admin_in_czech(organiser_client, app, model, klass):
    """The admin shows every model; it adds none of them: the staff pages and the desk write
    them through the services' checks (issue 22)."""
    page = organiser_client.get(reverse(f"admin:{app}_{model}_changelist"))
    assert page.status_code == 200
    assert 'lang="cs"' in page.content.decode()
    assert organiser_client.get(reverse(f"admin:{app}_{model}_add")).status_code == 403
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


def test_the_admin_writes_nothing_past_the_services(organiser_client):
    """Issue 22: the admin stored a close bonus of 50 after results, a seat's player 999 and a
    lot naming player 999; the export then failed its own import. Now every such write is
    refused and the export still imports."""
    import json

    from interchange.exporter import export_tournament
    from interchange.importer import import_tournament
    from scoring.models import Lot, RoundResult
    from tournament.models import Seat

    tournament = Tournament.objects.get(slug="example")
    before = json.dumps(export_tournament(tournament), sort_keys=True)
    seat = Seat.objects.filter(table__game__stage__tournament=tournament).first()
    lot = Lot.objects.create(tournament=tournament, stage="qualifier", order=[6, 14])
    table = seat.table
    result = RoundResult.objects.filter(table__game__stage__tournament=tournament).first()
    writes = [
        (reverse("admin:scoring_roundresult_delete", args=[result.pk]), {"post": "yes"}),
        (
            reverse("admin:tournament_tournament_change", args=[tournament.pk]),
            {
                "name": tournament.name,
                "slug": tournament.slug,
                "year": tournament.year,
                "start_date": "2025-06-14",
                "close_bonus": 50,
                "max_card_value": 1,
            },
        ),
        (reverse("admin:tournament_player_change", args=[seat.player.pk]), {"start_number": 999}),
        (reverse("admin:tournament_table_change", args=[table.pk]), {"number": 1}),
        (
            reverse("admin:scoring_lot_change", args=[lot.pk]),
            {"stage": "qualifier", "order": "[999, 6]"},
        ),
        (reverse("admin:tournament_player_delete", args=[seat.player.pk]), {"post": "yes"}),
        (reverse("admin:tournament_team_add"), {"tournament": tournament.pk, "name": "Nový"}),
    ]
    for url, data in writes:
        assert organiser_client.post(url, data).status_code == 403, url
    lot.delete()
    after = export_tournament(tournament)
    assert json.dumps(after, sort_keys=True) == before
    import_tournament(after, slug="again")


def test_a_change_page_of_the_admin_offers_no_save(organiser_client):
    tournament = Tournament.objects.get(slug="example")
    html = organiser_client.get(
        reverse("admin:tournament_tournament_change", args=[tournament.pk])
    ).content.decode()
    assert 'name="_save"' not in html and 'name="close_bonus"' not in html


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
