"""The venue's push, against the real endpoint in this process behind a network that fails
when told to (httpx's MockTransport): back-off, the latest state only, revisions that grow."""

import gzip
import json
from datetime import timedelta

import httpx
import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils import timezone

from interchange.exporter import export_tournament
from interchange.importer import import_tournament
from scoring.models import Sheet
from scoring.sheets import confirm_sheet
from sync.models import VenuePush
from sync.pusher import NoTournament, Pusher
from sync.selectors import unconfirmed_sheet_addresses, venue_status
from sync.services import create_push_token
from tests.sync.helpers import demo_document, enter_sheets, in_progress
from tournament.models import Tournament

pytestmark = pytest.mark.django_db

SERVER = "http://verejny.example"


class Network:
    """Carries the venue's pushes to this process's push endpoint, under the short name
    ``kopie`` (the venue's ``mcr`` lives in the same test database); down while told to."""

    def __init__(self):
        self.down = 0
        self.received: list[dict] = []
        self.client = Client()

    def __call__(self, request: httpx.Request) -> httpx.Response:
        assert request.url.path == "/api/turnaj/mcr/"
        if self.down:
            self.down -= 1
            raise httpx.ConnectError("Connection refused", request=request)
        if request.method == "GET":  # the revision held, asked at every interval
            answer = self.client.get(
                "/api/turnaj/kopie/", headers={"Authorization": request.headers["Authorization"]}
            )
            return httpx.Response(answer.status_code, content=answer.content)
        self.received.append(json.loads(gzip.decompress(request.content)))
        answer = self.client.generic(
            "PUT",
            "/api/turnaj/kopie/",
            request.content,
            content_type="application/json",
            headers={
                "Authorization": request.headers["Authorization"],
                "Content-Encoding": request.headers["Content-Encoding"],
            },
        )
        return httpx.Response(answer.status_code, content=answer.content)


@pytest.fixture
def venue():
    full = demo_document()
    import_tournament(in_progress(full, 5), slug="mcr")
    referee = User.objects.create_user("rozhodci")
    return lambda count: enter_sheets("mcr", full, count, referee)


@pytest.fixture
def network():
    return Network()


@pytest.fixture
def pusher(network):
    token = create_push_token(slug="kopie", kind="championship", year=2026)
    made = Pusher(slug="mcr", server=SERVER, token=token, transport=httpx.MockTransport(network))
    yield made
    made.close()


def copies_equal() -> bool:
    return export_tournament(Tournament.objects.get(slug="kopie")) == export_tournament(
        Tournament.objects.get(slug="mcr")
    )


def test_while_the_server_is_down_the_watch_backs_off_and_then_sends_only_the_latest(
    venue, network, pusher
):
    network.down = 4
    pauses, answers = [], []

    def sleep(seconds):
        pauses.append(seconds)
        if not answers[-1][0].accepted:
            venue(1)  # the referees go on entering sheets during the outage

    pusher.watch(
        report=lambda answer, retry_in: answers.append((answer, retry_in)),
        interval=0.5,
        max_backoff=4,
        sleep=sleep,
        stop=lambda: bool(answers) and answers[-1][0].accepted,
    )
    assert pauses == [1, 2, 4, 4, 0.5]
    assert [a.accepted for a, _ in answers] == [False] * 4 + [True]
    assert [retry for _, retry in answers] == [1, 2, 4, 4, None]
    assert all(a.status is None and "nedostupný" in a.text for a, _ in answers[:4])
    revisions = [a.revision for a, _ in answers]
    assert revisions == sorted(set(revisions)), "each new state gets a higher revision"
    # one push reached the server, with the state at that moment (not the queued ones)
    assert len(network.received) == 1 and network.received[0]["revision"] == revisions[-1]
    assert copies_equal()
    state = VenuePush.objects.get(slug="mcr")
    assert (state.accepted_revision, state.status, state.failing_since) == (
        revisions[-1],
        200,
        None,
    )


def test_the_same_state_is_retried_under_the_same_revision(venue, network, pusher):
    network.down = 2
    answers = []
    pusher.watch(
        report=lambda answer, retry_in: answers.append(answer),
        sleep=lambda seconds: None,
        stop=lambda: bool(answers) and answers[-1].accepted,
    )
    assert len({a.revision for a in answers}) == 1 and answers[-1].accepted
    # nothing changed: the watch pushes nothing more; a change is pushed under the next number
    polls = []
    pusher.watch(
        report=lambda answer, retry_in: answers.append(answer),
        sleep=polls.append,
        stop=lambda: len(polls) == 3,
    )
    assert len(answers) == 3 and len(network.received) == 1
    venue(2)
    pusher.watch(
        report=lambda answer, retry_in: answers.append(answer),
        sleep=polls.append,
        stop=lambda: answers[-1].revision > answers[0].revision,
    )
    assert answers[-1].accepted and answers[-1].revision == answers[0].revision + 1
    assert copies_equal()


def test_a_repeated_push_is_known_to_the_server_and_the_next_revision_can_be_raised(
    venue, network, pusher
):
    first = pusher.push()
    again = pusher.push()
    assert first.accepted and again.accepted and again.revision == first.revision
    assert again.status == 409 and "už měl" in again.text
    raised = Pusher(
        slug="mcr",
        server=SERVER,
        token="unused",
        next_revision=40,
        transport=httpx.MockTransport(lambda request: httpx.Response(500)),
    )
    answer = raised.push()
    assert (answer.revision, answer.accepted, answer.text) == (40, False, "server odpověděl 500")


def test_refusals_are_told_in_czech_and_recorded(venue, network):
    wrong = Pusher(
        slug="mcr", server=SERVER, token="spatny", transport=httpx.MockTransport(network)
    )
    answer = wrong.push()
    assert answer.status == 401 and "nepřijímá" in answer.text and not answer.accepted
    state = VenuePush.objects.get(slug="mcr")
    assert state.failing_since == answer.at and state.answer == answer.text
    assert not venue_status(slug="mcr", now=answer.at).failing_too_long
    later = answer.at + timedelta(minutes=2, seconds=1)
    assert venue_status(slug="mcr", now=later).failing_too_long


def test_a_missing_tournament_is_said_not_pushed(network, pusher):
    with pytest.raises(NoTournament):
        pusher.push()
    said = []
    polls = []
    pusher.watch(
        report=lambda *a: pytest.fail("nothing to push"),
        missing=lambda: said.append(1),
        sleep=polls.append,
        stop=lambda: len(polls) == 2,
    )
    assert said == [1, 1] and network.received == []


def test_the_page_warns_when_changes_wait_and_nobody_watches(venue, network, pusher):
    answer = pusher.push()
    assert not venue_status(slug="mcr", now=timezone.now()).pending
    venue(1)
    status = venue_status(slug="mcr", now=timezone.now())
    assert status.pending and not status.not_watched
    status = venue_status(slug="mcr", now=answer.at + timedelta(minutes=3))
    assert status.not_watched and not status.failing_too_long


def test_sheets_waiting_for_the_referee_are_pushed_as_unconfirmed_until_confirmed(
    venue, network, pusher
):
    venue(3)  # entered at the desk, not confirmed yet
    waiting = unconfirmed_sheet_addresses(Tournament.objects.get(slug="mcr"))
    assert len(waiting) == 3
    assert pusher.push().accepted
    assert network.received[-1]["unconfirmed"] == waiting
    assert unconfirmed_sheet_addresses(Tournament.objects.get(slug="kopie")) == waiting
    again = pusher.push()  # the same state, unconfirmed sheets included: the server has it
    assert again.accepted and again.status == 409

    referee = User.objects.get(username="rozhodci")
    other = User.objects.create_user("druhy-rozhodci")
    for sheet in Sheet.objects.filter(
        table__game__stage__tournament__slug="mcr", confirmed_at__isnull=True
    ):
        assert sheet.entered_by == referee
        confirm_sheet(sheet=sheet, by=other, version=sheet.version)
    assert pusher.push().accepted
    assert "unconfirmed" not in network.received[-1]
    assert unconfirmed_sheet_addresses(Tournament.objects.get(slug="kopie")) == []


def _tampered(content: bytes) -> bytes:
    """The push with a seat of player 999 (a copy of the venue's data edited by hand)."""
    body = json.loads(gzip.decompress(content))
    body["tournament"]["stages"]["qualifier"]["games"][0]["tables"][0]["seats"][0] = 999
    return gzip.compress(json.dumps(body, ensure_ascii=False).encode())


def test_a_refused_push_is_kept_with_the_servers_reasons_until_one_is_accepted(
    venue, network, pusher
):
    """Issue 22: a refusal (an invalid document, a stale revision) is seen at the venue, in
    Czech with the server's reasons, until a push is accepted; an unreachable server in
    between does not hide it."""
    forward = network.__call__
    tamper = {"on": True}

    def carrying(request: httpx.Request) -> httpx.Response:
        if tamper["on"] and not network.down:
            request = httpx.Request(
                request.method,
                request.url,
                headers=request.headers,
                content=_tampered(request.content),
            )
        return forward(request)

    pusher.client._transport = httpx.MockTransport(carrying)
    refused = pusher.push()
    assert refused.status == 400 and not refused.accepted
    assert any("999" in reason for reason in refused.reasons), refused.reasons
    state = VenuePush.objects.get(slug="mcr")
    assert state.refused_revision == refused.revision and "999" in state.refusal
    assert "odmít" in state.refusal  # the answer line, in Czech

    network.down = 1
    unreachable = pusher.push()
    assert unreachable.status is None and unreachable.refused_before == refused.revision
    state.refresh_from_db()
    assert "999" in state.refusal

    tamper["on"] = False
    assert pusher.push().accepted
    state.refresh_from_db()
    assert (state.refusal, state.refused_at, state.refused_revision) == ("", None, None)


def test_a_stale_revision_is_a_refusal_too(venue, network, pusher):
    from sync.models import AcceptedPush

    assert pusher.push().accepted
    AcceptedPush.objects.filter(slug="kopie").update(revision=500)  # another copy pushed
    venue(1)
    stale = pusher.push()
    assert stale.status == 409 and not stale.accepted
    state = VenuePush.objects.get(slug="mcr")
    assert "500" in state.refusal and state.refused_revision == stale.revision


def test_push_watch_prints_the_refusal_and_its_reasons(venue, network, pusher):
    """``push --watch`` reports every try until one is accepted: a refusal with every reason
    of the server, a later unreachable try with the refusal that still stands."""
    from io import StringIO

    from django.core.management.base import OutputWrapper

    from sync.management.commands.push import Command

    forward = network.__call__
    tries = []

    def carrying(request: httpx.Request) -> httpx.Response:
        tries.append(request)
        if len(tries) == 1:
            content = _tampered(request.content)
            request = httpx.Request(
                request.method, request.url, headers=request.headers, content=content
            )
        if len(tries) == 2:
            raise httpx.ConnectError("Connection refused", request=request)
        return forward(request)

    pusher.client._transport = httpx.MockTransport(carrying)
    command = Command()
    out = StringIO()
    command.stdout = OutputWrapper(out)
    pusher.watch(
        report=command._line,
        sleep=lambda seconds: None,
        stop=lambda: bool(tries) and VenuePush.objects.get(slug="mcr").accepted_at is not None,
    )
    lines = out.getvalue().splitlines()
    assert "odmítnuto" in lines[0] and "999" in lines[0]
    assert "Veřejný server odeslání odmítl" in lines[1] and lines[2].startswith("  - ")
    assert any("999" in line for line in lines[2:4])
    unreachable = next(line for line in lines if "nedostupný" in line)
    assert "odmítl poslední odeslání" in unreachable
    assert "přijato" in lines[-1]


def test_a_server_restored_from_an_older_backup_is_found_behind_and_pushed_again(
    venue, network, pusher
):
    """The watch asks the server's revision at every interval: a server that holds less than
    it accepted (restored from a backup) is said to be behind, on the organiser's page too,
    and gets the current state again without any change at the venue."""
    from sync.models import AcceptedPush

    answers, polls, behind = [], [], []
    pusher.watch(
        report=lambda answer, retry_in: answers.append(answer),
        sleep=polls.append,
        stop=lambda: bool(answers),
    )
    venue(2)
    pusher.watch(
        report=lambda answer, retry_in: answers.append(answer),
        sleep=polls.append,
        stop=lambda: len(answers) == 2,
    )
    accepted = answers[-1].revision
    assert answers[-1].accepted and copies_equal()
    older = export_tournament(Tournament.objects.get(slug="kopie"))
    # the restore: the server's data and its accepted revision as they were after the first
    AcceptedPush.objects.filter(slug="kopie").update(revision=answers[0].revision)
    Tournament.objects.filter(slug="kopie").delete()
    import_tournament(in_progress(demo_document(), 5), slug="kopie")
    assert not copies_equal()
    checked = len(polls)
    pusher.watch(
        report=lambda answer, retry_in: answers.append(answer),
        sleep=polls.append,
        stop=lambda: len(polls) > checked,  # one interval
        behind=lambda held, was: behind.append((held, was)),
    )
    assert venue_status(slug="mcr", now=timezone.now()).server_behind is False  # pushed
    assert behind == [(answers[0].revision, accepted)]
    assert answers[-1].accepted and answers[-1].revision == accepted and copies_equal()
    assert export_tournament(Tournament.objects.get(slug="kopie")) == older
    assert len(network.received) == 3
    push = VenuePush.objects.get(slug="mcr")
    assert push.server_revision == accepted and push.server_checked_at is not None
    # a server found behind and not yet pushed to: the organiser's page says so
    VenuePush.objects.filter(slug="mcr").update(server_revision=1)
    assert venue_status(slug="mcr", now=timezone.now()).server_behind


def test_the_watch_goes_on_when_the_venues_own_database_fails(venue, network, pusher, monkeypatch):
    """The venue's disk full (or its connection lost): the watch says so, waits and tries
    again; it does not stop."""
    from django.db import OperationalError

    from sync import services

    real = services.record_watching
    failing = {"left": 2}

    def record_watching(**kwargs):
        if failing["left"]:
            failing["left"] -= 1
            raise OperationalError("database or disk is full")
        return real(**kwargs)

    monkeypatch.setattr(services, "record_watching", record_watching)
    monkeypatch.setattr("sync.pusher._drop_connection", lambda: None)  # the test's transaction
    answers, failures, pauses = [], [], []
    clock = iter(range(0, 10**6, 40))  # every look a heartbeat: record_watching each time
    pusher.watch(
        report=lambda answer, retry_in: answers.append(answer),
        sleep=pauses.append,
        clock=lambda: next(clock),
        stop=lambda: bool(answers),
        failed=lambda error, retry_in: failures.append((str(error), retry_in)),
    )
    assert failures == [("database or disk is full", 1.0), ("database or disk is full", 2.0)]
    assert answers[-1].accepted and pauses[:2] == [1.0, 2.0]
