"""The ceremony's state is pushed (issue 35, point 4c): the public ceremony page on the server
moves with the venue's, through ``push --watch`` between two instances of the app."""

import httpx
import pytest
from django.contrib.auth.models import User

from interchange.importer import import_tournament
from scoring import ceremony
from sync import protocol
from sync.selectors import venue_document
from tests.sync import conftest as sync_conftest
from tests.sync.conftest import stop, venue_database_url, wait_for
from tests.sync.helpers import demo_document
from tournament.models import Tournament

pytestmark = pytest.mark.django_db(transaction=True)

DEMO_KIND_AND_YEAR = ("--kind", "championship", "--year", "2026")
PORTS = iter(range(18350, 18400))  # this work's ports only


@pytest.fixture
def our_ports(monkeypatch):
    def next_free() -> int:
        import socket

        for port in PORTS:
            with socket.socket() as probe:
                try:
                    probe.bind(("127.0.0.1", port))
                except OSError:
                    continue
                return port
        raise RuntimeError("no free port left in 18350–18399")

    monkeypatch.setattr(sync_conftest, "free_port", next_free)


def test_the_venue_s_state_carries_the_ceremony_and_its_digest_tells_it():
    tournament = import_tournament(demo_document(), slug="mcr")[0]
    before = venue_document("mcr")
    assert before.ceremony is None
    organiser = User.objects.create_user("organizator")
    ceremony.show_next(tournament=tournament, by=organiser)
    after = venue_document("mcr")
    assert after.ceremony == {"shown": 1}
    assert protocol.document_digest(
        after.document, after.unconfirmed, after.ceremony
    ) != protocol.document_digest(after.document, after.unconfirmed)
    assert after.marker != before.marker  # the reveal moved the stamp: the watch pushes


def test_the_public_ceremony_page_on_the_server_follows_the_venue(
    our_ports, new_instance, tmp_path
):
    tournament = import_tournament(demo_document(), slug="mcr")[0]  # the venue: this database
    organiser = User.objects.create_user("organizator")
    server = new_instance("server")
    token = server.manage("create_push_token", "mcr", *DEMO_KIND_AND_YEAR).stdout.strip()
    venue = new_instance("venue", database_url=venue_database_url())
    server.start()
    watch = venue.popen(
        *("push", "mcr", "--to", server.url, "--token", token, "--watch"),
        *("--interval", "0.2", "--max-backoff", "1"),
        log=tmp_path / "watch.log",
    )
    page = f"{server.url}/turnaj/mcr/vyhlaseni/"

    try:
        wait_for(lambda: httpx.get(page).status_code == 200, 30, "the first push")
        first_page = httpx.get(page).text
        state = ceremony.show_next(tournament=tournament, by=organiser)
        first = state.reveals[0]
        wait_for(lambda: first.name in httpx.get(page).text, 30, "the first reveal on the server")
        assert first.name not in first_page
        state = ceremony.show_next(tournament=tournament, by=organiser)
        second = state.reveals[1]
        wait_for(lambda: second.name in httpx.get(page).text, 30, "the second reveal")
        ceremony.start_over(tournament=tournament, by=organiser)
        wait_for(lambda: first.name not in httpx.get(page).text, 30, "the start over")
        assert Tournament.objects.get(slug="mcr").ceremony.shown == 0
    finally:
        stop(watch)
        stop(server.server)
