"""The address the scorekeepers' phones open: set per tournament on its settings page
(defaulting to DJANGO_SITE_URL), checked there, offered from this machine's own network
address, used by every table link and QR code, and warned about in words on the desk, the
print page, the score sheets and the staff's steps when it is a loopback address or unset."""

import json
from io import StringIO

import pytest
from django.core.management import call_command
from django.urls import reverse

from printing import catalog
from scoring import links
from tests.printing.test_pdf import text_of
from tests.staff.test_pages import NEW, html_of, refused_here
from tournament.addresses import (
    check_phones_address,
    is_loopback,
    lan_address,
    phones_address,
    suggested_url,
    validate_phones_url,
)
from tournament.models import Game
from ui.addresses import table_url

pytestmark = pytest.mark.django_db

LAN = "http://192.168.1.10:8000"
LOOPBACK_WORDS = "adresu jen tohoto počítače"
UNSET_WORDS = "Adresa pro telefony není nastavena"


@pytest.fixture
def no_site_url(settings):
    settings.SITE_URL = ""


@pytest.mark.parametrize(
    "url",
    [
        "http://127.0.0.1:8101",
        "http://127.1.2.3",
        "http://[::1]:8000",
        "http://localhost:8000",
        "https://LOCALHOST/",
        "http://app.localhost",
    ],
)
def test_loopback_addresses(url):
    assert is_loopback(url)


@pytest.mark.parametrize("url", [LAN, "https://syllabatim.example.cz", "http://10.0.0.5"])
def test_addresses_a_phone_can_reach(url):
    assert not is_loopback(url)
    validate_phones_url(url)


def test_the_tournaments_address_comes_before_django_site_url(demo, settings):
    settings.SITE_URL = "http://10.0.0.5:8000"
    assert phones_address(demo, "http://127.0.0.1:8101/").url == "http://10.0.0.5:8000"
    demo.phones_url = LAN + "/"
    assert phones_address(demo).url == LAN
    settings.SITE_URL = ""
    demo.phones_url = ""
    unset = phones_address(demo, "http://127.0.0.1:8101/")
    assert (unset.url, unset.configured, unset.loopback) == ("http://127.0.0.1:8101", False, True)


def test_this_machines_network_address_is_private_when_found():
    found = lan_address()
    if found is None:  # a machine without a network: nothing is offered
        assert suggested_url(8000) is None
    else:
        import ipaddress

        assert ipaddress.ip_address(found).is_private
        assert not ipaddress.ip_address(found).is_loopback
        assert suggested_url(8000) == f"http://{found}:8000"


def settings_data(tournament, **changes):
    return {**NEW, "name": tournament.name, **changes}


@pytest.mark.parametrize(
    "value, words",
    [
        ("192.168.1.10:8000", "Zadejte celou adresu začínající http:// nebo https://"),
        ("ftp://192.168.1.10", "Zadejte celou adresu začínající http:// nebo https://"),
        ("http://192.168.1.10:8000/turnaj/", "Jen adresu serveru, bez cesty"),
    ],
)
def test_a_wrong_address_is_refused_next_to_the_field(as_organiser, fresh, value, words):
    url = reverse("staff:settings", kwargs={"slug": "fresh"})
    response = as_organiser.post(url, settings_data(fresh, phones_url=value))
    refused_here(response, "phones_url", words)
    fresh.refresh_from_db()
    assert fresh.phones_url == ""


def test_the_organiser_sets_the_address_and_sees_it(as_organiser, fresh, no_site_url):
    url = reverse("staff:settings", kwargs={"slug": "fresh"})
    html = html_of(as_organiser.get(url, HTTP_HOST="127.0.0.1:8101"))
    section = html[html.index('id="section-phones"') :]
    section = section[: section.index("</fieldset>")]
    assert "Telefony u stolů" in section and 'name="phones_url"' in section
    assert "Telefony otevřou: <strong>http://127.0.0.1:8101</strong>" in section
    assert LOOPBACK_WORDS in section
    suggestion = suggested_url("8101")
    if suggestion is not None:  # this machine's own address in its network is offered
        assert f"Adresa tohoto počítače v místní síti je {suggestion}" in section
    response = as_organiser.post(url, settings_data(fresh, phones_url=LAN))
    assert response.status_code == 302
    fresh.refresh_from_db()
    assert fresh.phones_url == LAN
    html = html_of(as_organiser.get(url, HTTP_HOST="127.0.0.1:8101"))
    assert f"Telefony otevřou: <strong>{LAN}</strong>" in html
    assert LOOPBACK_WORDS not in html and 'id="phones-warning"' not in html


def test_the_default_is_django_site_url(as_organiser, fresh, settings):
    settings.SITE_URL = LAN
    html = html_of(as_organiser.get(reverse("staff:settings", kwargs={"slug": "fresh"})))
    assert f"Telefony otevřou: <strong>{LAN}</strong>" in html
    assert 'id="phones-warning"' not in html


def desk_page(client, tournament, host="127.0.0.1:8101"):
    return html_of(client.get(f"/rozhodci/{tournament.slug}/?partie=qualifier-1", HTTP_HOST=host))


def test_the_desk_warns_of_a_loopback_or_unset_address(as_organiser, demo, no_site_url):
    html = desk_page(as_organiser, demo)
    assert "Telefony otevřou: <strong>http://127.0.0.1:8101</strong>" in html
    assert UNSET_WORDS in html and 'href="http://127.0.0.1:8101/stul/' in html
    demo.phones_url = "http://localhost:8101"
    demo.save()
    html = desk_page(as_organiser, demo)
    assert LOOPBACK_WORDS in html and 'href="http://localhost:8101/stul/' in html
    demo.phones_url = LAN
    demo.save()
    html = desk_page(as_organiser, demo)
    assert 'id="phones-warning"' not in html
    assert f'href="{LAN}/stul/' in html and "127.0.0.1:8101/stul/" not in html


def test_the_print_page_warns_and_names_the_address(as_organiser, demo, no_site_url):
    url = reverse("printing:printouts", kwargs={"slug": demo.slug})
    html = html_of(as_organiser.get(url, HTTP_HOST="127.0.0.1:8101"))
    assert "Telefony otevřou: <strong>http://127.0.0.1:8101</strong>" in html
    assert UNSET_WORDS in html
    demo.phones_url = LAN
    demo.save()
    html = html_of(as_organiser.get(url, HTTP_HOST="127.0.0.1:8101"))
    assert f"Telefony otevřou: <strong>{LAN}</strong>" in html and 'id="phones-warning"' not in html


def test_the_score_sheets_warn_and_carry_the_tournaments_address(demo, no_site_url):
    document = catalog.Document(catalog.SHEETS, catalog.PDF, "qualifier", 1)
    text = " ".join(
        text_of(catalog.render(demo, document, base_url="http://127.0.0.1:8101/")).split()
    )
    assert "Telefon otevře server na adrese http://127.0.0.1:8101" in text
    assert (
        "Pozor: Adresa pro telefony není nastavena: odkazy používají http://127.0.0.1:8101" in text
    )
    demo.phones_url = "http://localhost:8101"
    demo.save()
    text = " ".join(
        text_of(catalog.render(demo, document, base_url="http://127.0.0.1:8101/")).split()
    )
    assert "Pozor: Telefony by otevřely http://localhost:8101" in text
    demo.phones_url = LAN
    demo.save()
    text = " ".join(
        text_of(catalog.render(demo, document, base_url="http://127.0.0.1:8101/")).split()
    )
    assert f"Telefon otevře server na adrese {LAN}" in text and "Pozor" not in text
    game = Game.objects.get(stage__tournament=demo, stage__kind="qualifier", number=1)
    assert all(
        row.url.startswith(LAN + "/stul/")
        for row in links.game_links(game, lambda link: table_url(link, LAN))
    )


def test_the_table_links_command_uses_the_tournaments_address(demo, no_site_url):
    demo.phones_url = LAN
    demo.save()
    out = StringIO()
    call_command("table_links", "mcr", "--stage", "qualifier", "--game", "1", stdout=out)
    tables = json.loads(out.getvalue())["tables"]
    assert tables and all(t["url"].startswith(LAN + "/stul/") for t in tables)


def test_the_staff_start_lists_the_address_among_the_days_steps(
    as_organiser, fresh, no_site_url, monkeypatch
):
    html = html_of(as_organiser.get(reverse("staff:start")))
    section = html[html.index('id="tournament-fresh"') :]
    assert (
        '<strong>Adresa pro telefony</strong> – <span class="state">čeká na vás</span>' in section
    )
    assert "Není nastavena" in section
    assert reverse("staff:settings", kwargs={"slug": "fresh"}) in section
    fresh.phones_url = "http://127.0.0.1:8101"
    fresh.save()
    html = html_of(as_organiser.get(reverse("staff:start")))
    assert "Telefony by otevřely http://127.0.0.1:8101" in html
    fresh.phones_url = LAN
    fresh.save()
    html = html_of(as_organiser.get(reverse("staff:start")))
    assert f"Telefony otevírají {LAN}." not in html  # not checked to reach this server yet
    monkeypatch.setattr("tournament.addresses.reaches_this_server", lambda url: "")
    assert check_phones_address(LAN) == ""  # as saving the settings does
    html = html_of(as_organiser.get(reverse("staff:start")))
    section = html[html.index('id="tournament-fresh"') :]
    assert f"Telefony otevírají {LAN}." in section
