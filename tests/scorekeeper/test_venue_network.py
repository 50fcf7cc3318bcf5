"""The phones open their table links on the venue's network (issue 33, point 1): the server
answers to the addresses the organiser gave for the phones and, served on every interface, to
this machine's own; the settings page asks the phones' address from the server itself before
the day's step is done, and warns of a server that listens on this computer only."""

import json
import secrets
import signal
import socket
import sqlite3
import subprocess
import sys
from urllib.parse import urlsplit

import httpx
import pytest
from django.conf import settings as django_settings
from django.test import Client

from staff.selectors import day_steps
from syllabatim.hosts import VenueHosts, host_of
from tests.conftest import client_of
from tests.sync.conftest import Instance, stop, wait_for
from tournament.addresses import (
    BIND_VARIABLE,
    INSTANCE_HEADER,
    instance_token,
    phones_address_reached,
)

PHONES = "http://192.168.77.10:8000"
PHONES_HOST = "192.168.77.10:8000"
PORTS = range(8250, 8300)  # this helper's ports


@pytest.fixture
def venue_hosts(settings):
    """``ALLOWED_HOSTS`` as the settings make it (the test runner copies it into a plain list
    when it adds "testserver")."""
    settings.ALLOWED_HOSTS = VenueHosts(["testserver", "127.0.0.1", "localhost"])
    return settings.ALLOWED_HOSTS


def test_a_table_link_answers_with_the_phones_address_as_host(venue_hosts, tournament, table_links):
    link = table_links[1]
    assert Client().get(link, HTTP_HOST=PHONES_HOST).status_code == 400  # not given yet
    tournament.phones_url = PHONES
    tournament.save(update_fields=["phones_url"])
    venue_hosts.forget()
    assert Client().get(link, HTTP_HOST=PHONES_HOST).status_code == 200
    assert Client().get(link, HTTP_HOST="192.168.77.11:8000").status_code == 400  # a stranger
    assert Client().get(link).status_code == 200  # the configured names as before


def test_served_on_every_interface_it_answers_to_its_own_addresses(venue_hosts, monkeypatch):
    own = "10.9.8.7"
    monkeypatch.setattr("tournament.addresses.lan_address", lambda: own)
    assert Client().get("/zdravi/", HTTP_HOST=own).status_code == 400
    monkeypatch.setenv(BIND_VARIABLE, "0.0.0.0:8000")
    assert Client().get("/zdravi/", HTTP_HOST=f"{own}:8000").status_code == 200


def test_the_stored_names_are_read_once_a_second_and_only_for_a_stranger(
    venue_hosts, tournament, django_assert_num_queries
):
    with django_assert_num_queries(0):
        Client().get("/zdravi/", HTTP_HOST="localhost")
    with django_assert_num_queries(1):
        Client().get("/zdravi/", HTTP_HOST="stranger.example")
    with django_assert_num_queries(0):  # within the second: not read again
        Client().get("/zdravi/", HTTP_HOST="stranger.example")


def test_host_of_writes_ipv6_in_brackets():
    assert host_of("http://[fd00::5]:8000") == "[fd00::5]"
    assert host_of("http://Venue.Local:8000/") == "venue.local"


def test_the_health_page_names_this_server():
    answer = Client().get("/zdravi/")
    assert answer[INSTANCE_HEADER] == instance_token()


@pytest.mark.django_db(transaction=True)
def test_saving_the_settings_checks_the_phones_address_before_the_step_is_done(
    live_server, organiser, monkeypatch
):
    from interchange.demo import DEMO_FILE
    from interchange.importer import import_tournament

    document = json.loads(DEMO_FILE.read_text(encoding="utf-8"))
    del document["stages"], document["lots"]
    tournament, _ = import_tournament(document, slug="mcr")
    organiser = client_of(organiser)
    page = organiser.get(f"/sprava/{tournament.slug}/nastaveni/")
    form = {name: value for name, value in _form_values(page).items() if name != "phones_url"}

    def step():
        return next(s for s in day_steps(tournament) if s.key == "phones")

    # an address where nothing answers: refused, the step not done
    form["phones_url"] = "http://127.0.0.2:9"  # loopback network, but not a loopback *name*
    monkeypatch.setattr("tournament.addresses.is_loopback", lambda url: False)
    saved = organiser.post(f"/sprava/{tournament.slug}/nastaveni/", form, follow=True)
    assert "Tento server se na adresu http://127.0.0.2:9 nedostal" in saved.content.decode()
    tournament.refresh_from_db()
    assert not phones_address_reached(tournament.phones_url)
    assert step().state != "done"

    # the address of this very server: checked, the step done
    form["phones_url"] = live_server.url
    organiser.post(f"/sprava/{tournament.slug}/nastaveni/", form, follow=True)
    tournament.refresh_from_db()
    assert phones_address_reached(tournament.phones_url)
    assert step().state == "done"
    shown = organiser.get(f"/sprava/{tournament.slug}/nastaveni/").content.decode()
    assert 'id="phones-checked"' in shown


def test_the_settings_page_warns_of_a_server_on_loopback_only(organiser, tournament, monkeypatch):
    organiser = client_of(organiser)
    address = f"/sprava/{tournament.slug}/nastaveni/"
    assert 'id="phones-loopback-server"' not in organiser.get(address).content.decode()
    monkeypatch.setenv(BIND_VARIABLE, "127.0.0.1:8000")
    assert 'id="phones-loopback-server"' in organiser.get(address).content.decode()
    monkeypatch.setenv(BIND_VARIABLE, "0.0.0.0:8000")
    assert 'id="phones-loopback-server"' not in organiser.get(address).content.decode()


def _form_values(page) -> dict:
    """The settings form's fields as the browser would send them."""
    from html.parser import HTMLParser

    values: dict = {}

    class Fields(HTMLParser):
        select = None

        def handle_starttag(self, tag, attrs):
            attrs = dict(attrs)
            name = attrs.get("name")
            if tag == "input" and name and name != "csrfmiddlewaretoken":
                kind = attrs.get("type", "text")
                if kind in ("checkbox", "radio"):
                    if "checked" in attrs:
                        values[name] = attrs.get("value", "on")
                elif kind != "submit":
                    values[name] = attrs.get("value", "")
            elif tag == "select" and name:
                self.select = name
            elif tag == "option" and self.select and "selected" in attrs:
                values[self.select] = attrs.get("value", "")

        def handle_endtag(self, tag):
            if tag == "select":
                self.select = None

    Fields().feed(page.content.decode())
    return values


def _free_port() -> int:
    for port in PORTS:
        with socket.socket() as probe:
            try:
                probe.bind(("0.0.0.0", port))
            except OSError:
                continue
            return port
    pytest.skip("no free port in this range")


def test_the_real_server_on_every_interface_answers_the_phones_address(tmp_path):
    """``python -m syllabatim.serving --bind 0.0.0.0:PORT`` as ``make serve`` runs it."""
    port = _free_port()
    phones = f"http://192.168.77.10:{port}"
    instance = Instance(f"sqlite:///{tmp_path}/venue.sqlite3", log=tmp_path / "venue.log")
    # as make serve: without debug, one secret key (which signs the table links) throughout
    instance.environment.update(
        {"DJANGO_DEBUG": "0", "DJANGO_SECRET_KEY": secrets.token_urlsafe(50)}
    )
    instance.manage("migrate", "--noinput", "-v", "0")
    slug = instance.manage("demo").stdout.strip().splitlines()[-1]
    with sqlite3.connect(tmp_path / "venue.sqlite3") as database:  # as the settings page would
        database.execute(
            "UPDATE tournament_tournament SET phones_url = ? WHERE slug = ?", (phones, slug)
        )
    tables = json.loads(
        instance.manage("table_links", slug, "--stage", "qualifier", "--game", "1").stdout
    )["tables"]
    link = tables[0]["url"]
    assert link.startswith(phones)
    path = urlsplit(link).path
    instance.manage("collectstatic", "--noinput", "-v", "0")  # as make serve does
    log = tmp_path / "serving.log"
    with log.open("w") as output:
        server = subprocess.Popen(
            [sys.executable, "-m", "syllabatim.serving", "--bind", f"0.0.0.0:{port}"]
            + ["--workers", "1"],
            stdout=output,
            stderr=subprocess.STDOUT,
            cwd=django_settings.BASE_DIR,
            env=instance.environment,
            start_new_session=True,
        )
    url = f"http://127.0.0.1:{port}"

    def answers():
        if server.poll() is not None:
            raise AssertionError("the server stopped: " + log.read_text())
        try:
            return httpx.get(f"{url}/zdravi/", timeout=1).status_code == 200
        except httpx.HTTPError:
            return False

    try:
        wait_for(answers, 60, "the server on every interface")
        phone = httpx.get(url + path, headers={"Host": f"192.168.77.10:{port}"}, timeout=30)
        assert phone.status_code == 200, log.read_text()[-3000:]
        stranger = httpx.get(url + path, headers={"Host": f"192.0.2.1:{port}"}, timeout=30)
        assert stranger.status_code == 400
    finally:
        if server.poll() is None:
            server.send_signal(signal.SIGTERM)
            try:
                server.wait(timeout=20)
            except subprocess.TimeoutExpired:
                stop(server)
