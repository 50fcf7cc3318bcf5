"""The organiser's publishing page: the venue's last push and its warnings, this server's keys."""

import re
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from accounts.roles import ORGANISER, REFEREE, create_account
from interchange.importer import import_tournament
from sync.models import PushedTournament, PushToken, VenuePush
from sync.services import push_token_for
from tests.sync.helpers import demo_document, in_progress

pytestmark = pytest.mark.django_db

PAGE = "/sprava/mcr/zverejneni/"


@pytest.fixture
def organiser() -> Client:
    import_tournament(in_progress(demo_document(), 5), slug="mcr")
    client = Client()
    client.force_login(create_account(username="org", role=ORGANISER, password="heslo-heslo"))
    return client


def html(response) -> str:
    assert response.status_code == 200
    return response.content.decode()


def test_only_the_organiser_opens_it():
    referee = Client()
    referee.force_login(create_account(username="r", role=REFEREE, password="heslo-heslo"))
    assert referee.get(PAGE).status_code == 403
    assert Client().get(PAGE).status_code == 302


def test_the_printouts_page_leads_to_it(organiser):
    assert f'href="{PAGE}"' in html(organiser.get("/sprava/mcr/tisk/"))


def test_a_new_key_is_shown_once_and_stored_only_as_its_digest(organiser):
    page = html(organiser.get(PAGE))
    assert "Tento počítač turnaj zatím neodesílal." in page
    assert "Tento server zatím žádné odeslání turnaje nepřijal." in page
    response = organiser.post(f"{PAGE}klic/novy/")
    page = html(response)
    assert response["Cache-Control"] == "no-store"
    token = re.search(r'id="new-token"[^>]* value="([^"]+)"', page).group(1)
    assert len(token) >= 43  # 256 random bits
    stored = PushToken.objects.get()
    assert token not in {stored.digest, stored.hint, stored.created_by} and stored.hint in token
    assert push_token_for(slug="mcr", token=token) == stored
    assert f"--token {token} --watch" in page
    again = html(organiser.get(PAGE))
    assert token not in again and f"<code>{stored.hint}…</code>" in again


def test_a_revoked_key_no_longer_pushes(organiser):
    html(organiser.post(f"{PAGE}klic/novy/"))
    token = PushToken.objects.get()
    response = organiser.post(f"{PAGE}klic/zneplatnit/", {"token": token.pk}, follow=True)
    page = html(response)
    assert "Klíč byl zneplatněn" in page and "zneplatněn " in page
    token.refresh_from_db()
    assert token.revoked
    gone = organiser.post(f"{PAGE}klic/zneplatnit/", {"token": token.pk}, follow=True)
    assert "Takový platný klíč neexistuje." in html(gone)


def venue_push(**fields) -> VenuePush:
    now = timezone.now()
    defaults = {
        "slug": "mcr",
        "server": "https://mcr.example.cz",
        "revision": 7,
        "attempted_at": now,
        "status": None,
        "answer": "server je nedostupný (Connection refused)",
        "accepted_revision": 6,
        "accepted_at": now - timedelta(minutes=5),
    }
    return VenuePush.objects.create(**{**defaults, **fields})


def test_the_last_push_is_shown_and_failing_for_over_two_minutes_is_an_alert(organiser):
    push = venue_push(failing_since=timezone.now() - timedelta(seconds=90))
    page = html(organiser.get(PAGE))
    assert "revize 7" in page and "server je nedostupný (Connection refused)" in page
    assert "revize 6" in page and 'role="alert"' not in page
    push.failing_since = timezone.now() - timedelta(minutes=2, seconds=5)
    push.save()
    page = html(organiser.get(PAGE))
    alert = page.split('role="alert"')[1].split("</div>")[0]
    assert "Odesílání selhává od" in alert and "Connection refused" in alert


def test_changes_that_nobody_pushes_are_an_alert(organiser):
    long_ago = timezone.now() - timedelta(minutes=10)
    venue_push(
        status=200, answer="přijato", attempted_at=long_ago, accepted_marker="0.0", watched_at=None
    )
    page = html(organiser.get(PAGE))
    assert 'role="alert"' in page and "příkaz push je déle než 2 minuty nesleduje" in page
    VenuePush.objects.update(watched_at=timezone.now())
    assert 'role="alert"' not in html(organiser.get(PAGE))


def test_a_public_server_behind_what_it_accepted_is_an_alert(organiser):
    now = timezone.now()
    venue_push(status=200, answer="přijato", attempted_at=now, watched_at=now, accepted_revision=30)
    VenuePush.objects.update(server_revision=30, server_checked_at=now)
    page = html(organiser.get(PAGE))
    assert 'role="alert"' not in page and "revizi 30 (zjištěno" in page
    VenuePush.objects.update(server_revision=10)
    page = html(organiser.get(PAGE))
    alert = page.split('role="alert"')[1].split("</div>")[0]
    assert "Veřejný server je pozadu: má revizi 10" in alert
    assert "starší než revizi 30, kterou od tohoto počítače přijal" in alert


def test_a_refusal_is_an_alert_with_the_servers_reasons_until_a_push_is_accepted(organiser):
    """Issue 22: the server refused the document; the page says so at once (not after two
    minutes), with every reason, while later tries do not reach the server."""
    push = venue_push(
        refused_at=timezone.now(),
        refused_revision=7,
        refusal="odmítnuto, 1 chyba: Kvalifikace, partie 1, stůl 1, hráč č. 999: nalosovaný "
        "hráč není registrován\nKvalifikace, partie 1, stůl 1, hráč č. 999: nalosovaný hráč "
        "není registrován",
        failing_since=timezone.now(),
    )
    page = html(organiser.get(PAGE))
    alert = page.split('role="alert"')[1].split("</div>")[0]
    assert "Veřejný server odmítl odeslání revize 7" in alert
    assert alert.count("<li>") == 2 and "hráč č. 999" in alert
    push.refusal, push.refused_at, push.refused_revision = "", None, None
    push.save()
    assert 'role="alert"' not in html(organiser.get(PAGE))


def test_the_first_key_binds_the_tournament_as_it_is_here(organiser):
    """The tournament exists on this server: its first key creates the tournament for pushes
    with its kind and year, which the page names; the next keys are bound to the same."""
    page = html(organiser.get(PAGE))
    assert "váže odesílání na tento turnaj" in page and "mistrovství 2026" in page
    assert 'name="kind"' not in page  # nothing to ask: the tournament is here
    html(organiser.post(f"{PAGE}klic/novy/"))
    html(organiser.post(f"{PAGE}klic/novy/"))
    received = PushedTournament.objects.get(slug="mcr")
    assert (received.kind, received.year) == ("championship", 2026)
    assert set(PushToken.objects.values_list("tournament", flat=True)) == {received.pk}
    page = html(organiser.get(PAGE))
    assert "nahrazuje turnaj „mcr“ a žádný jiný: mistrovství 2026" in page


def test_a_tournament_not_here_is_created_with_the_kind_and_year_given(organiser):
    page_url = "/sprava/klub-2027/zverejneni/"
    page = html(organiser.get(page_url))
    assert "Turnaj „klub-2027“ na tomto serveru zatím není" in page
    assert 'name="kind"' in page and 'name="year"' in page
    refused = html(organiser.post(f"{page_url}klic/novy/", {"kind": "club", "year": "27"}))
    assert "Nic nebylo uloženo" in refused and 'id="id_year_error"' in refused
    assert not PushedTournament.objects.filter(slug="klub-2027").exists()
    assert not PushToken.objects.exists()
    made = html(organiser.post(f"{page_url}klic/novy/", {"kind": "club", "year": "2027"}))
    token = re.search(r'id="new-token"[^>]* value="([^"]+)"', made).group(1)
    assert push_token_for(slug="klub-2027", token=token).tournament.kind_and_year == (
        "klubový turnaj 2027"
    )
    assert push_token_for(slug="mcr", token=token) is None  # a key of its tournament alone
    # without the kind and year (a form posted by hand), nothing is made
    by_hand = organiser.post("/sprava/jiny/zverejneni/klic/novy/", follow=True)
    assert "zadejte jeho druh a rok" in html(by_hand) and 'name="kind"' in html(by_hand)
    assert not PushedTournament.objects.filter(slug="jiny").exists()
