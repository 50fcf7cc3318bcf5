"""The public server's push endpoint: ``PUT /api/turnaj/<slug>/`` with a tournament's key."""

import gzip
import io
import json
import re

import pytest
from django.test import Client

from interchange.exporter import export_tournament
from interchange.importer import import_tournament
from interchange.results import results_document
from scoring.models import Sheet
from scoring.selectors import tournament_data
from sync.models import AcceptedPush, PushToken
from sync.protocol import document_digest, encode_body
from sync.selectors import unconfirmed_sheet_addresses
from sync.services import create_push_token, revoke_push_token
from tests.authors import author
from tests.conftest import at_once, database_snapshot
from tests.sync.helpers import demo_document, in_progress, sheets_in_order
from tournament.models import Tournament

URL = "/api/turnaj/mcr/"


def venue_export(sheets: int, slug: str = "venue") -> dict:
    """What the venue pushes: the export of a venue tournament with ``sheets`` sheets entered
    (stored under another short name in the same database)."""
    Tournament.objects.filter(slug=slug).delete()
    tournament, _ = import_tournament(in_progress(demo_document(), sheets), slug=slug)
    return export_tournament(tournament)


def put(client: Client, body, token: str | None, **headers):
    if not isinstance(body, bytes):
        body = json.dumps(body).encode()
    if token is not None:
        headers["Authorization"] = f"Bearer {token}"
    return client.generic("PUT", URL, body, content_type="application/json", headers=headers)


def server_export(slug: str = "mcr") -> dict:
    return export_tournament(Tournament.objects.get(slug=slug))


@pytest.fixture
def token(db) -> str:
    """A key for the championship of 2026 (the demo's), created on this server as „mcr“."""
    return create_push_token(slug="mcr", kind="championship", year=2026, by=author("test"))


@pytest.mark.django_db
def test_a_push_makes_the_servers_tournament_the_venues(client, token):
    pushed = venue_export(20)
    response = put(client, {"revision": 1, "tournament": pushed}, token)
    assert response.status_code == 200, response.content
    assert response.json() == {"revision": 1, "digest": document_digest(pushed), "warnings": []}
    assert server_export() == pushed
    assert results_document(
        tournament_data(Tournament.objects.get(slug="mcr"))
    ) == results_document(tournament_data(Tournament.objects.get(slug="venue")))
    # a newer state replaces it whole; compressed bodies are read too
    newer = venue_export(60)
    response = put(client, encode_body(2, newer), token, content_encoding="gzip")
    assert response.status_code == 200 and response.json()["revision"] == 2
    assert server_export() == newer
    assert AcceptedPush.objects.get(slug="mcr").revision == 2
    assert PushToken.objects.get().last_used_at is not None


@pytest.mark.django_db
def test_a_stale_or_replayed_revision_is_refused_and_changes_nothing(client, token):
    first, second = venue_export(10), venue_export(30)
    assert put(client, {"revision": 5, "tournament": second}, token).status_code == 200
    before = database_snapshot()
    for revision, document in ((5, second), (5, first), (4, first), (1, second)):
        response = put(client, {"revision": revision, "tournament": document}, token)
        assert response.status_code == 409, response.content
        assert response.json()["revision"] == 5
        assert response.json()["digest"] == document_digest(second)
        assert "není novější než revize 5" in response.json()["errors"][0]
    assert database_snapshot() == before
    assert server_export() == second


@pytest.mark.django_db
def test_a_broken_document_stores_nothing_and_lists_every_error(client, token):
    assert put(client, {"revision": 1, "tournament": venue_export(10)}, token).status_code == 200
    corrected = venue_export(30)
    broken = json.loads(json.dumps(corrected))
    broken["players"].append(dict(broken["players"][0]))  # a start number twice
    table = broken["stages"]["qualifier"]["games"][0]["tables"][0]
    table["rounds"][0]["results"][0]["laid"] = 999  # over the deal's card values
    before = database_snapshot()
    response = put(client, {"revision": 2, "tournament": broken}, token)
    assert response.status_code == 400
    errors = response.json()["errors"]
    assert len(errors) >= 2 and any("999" in e or "kart" in e for e in errors), errors
    assert database_snapshot() == before
    assert AcceptedPush.objects.get(slug="mcr").revision == 1
    # a refused revision is not used up: the corrected document goes in under it
    assert put(client, {"revision": 2, "tournament": corrected}, token).status_code == 200


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (b"{not json", "není platný JSON"),
        (b"[1, 2]", "objekt JSON"),
        (json.dumps({"revision": 0, "tournament": {}}).encode(), "nejméně 1"),
        (json.dumps({"revision": True, "tournament": {}}).encode(), "celé číslo"),
        (json.dumps({"revision": "7", "tournament": {}}).encode(), "celé číslo"),
        (json.dumps({"revision": 3}).encode(), "Chybí „tournament“"),
    ],
)
@pytest.mark.django_db
def test_a_malformed_body_is_refused_with_a_czech_reason(client, token, body, message):
    response = put(client, body, token)
    assert response.status_code == 400
    assert any(message in error for error in response.json()["errors"]), response.json()
    assert not Tournament.objects.exists()


@pytest.mark.django_db
def test_a_wrong_key_is_refused_and_reveals_nothing(client, token):
    other = create_push_token(slug="jine", kind="club", year=2026, by=author("test"))
    revoked = create_push_token(slug="mcr", by=author("test"))
    revoke_push_token(slug="mcr", token_id=PushToken.objects.get(hint=revoked[:6]).pk)
    document = {"revision": 1, "tournament": venue_export(5)}
    answers = [
        put(client, document, None),
        put(client, document, "x" * 43),
        put(client, document, token[:-1]),
        put(client, document, other),  # a valid key of another tournament
        put(client, document, revoked),
        client.generic(
            "PUT", URL, json.dumps(document), headers={"Authorization": f"Basic {token}"}
        ),
        client.generic(
            "PUT",
            "/api/turnaj/neni-takovy/",
            json.dumps(document),
            headers={"Authorization": f"Bearer {token}"},
        ),
    ]
    for answer in answers:
        assert answer.status_code == 401
        assert answer.content == answers[0].content
        assert answer["WWW-Authenticate"].startswith("Bearer")
    assert not Tournament.objects.filter(slug__in=["mcr", "neni-takovy"]).exists()
    assert not AcceptedPush.objects.exists()


@pytest.mark.django_db
def test_a_body_over_the_limit_is_refused_before_it_is_read(client, token, settings):
    document = venue_export(5)
    size = len(json.dumps({"revision": 1, "tournament": document}).encode())
    settings.PUSH_MAX_BYTES = size - 1
    response = put(client, {"revision": 1, "tournament": document}, token)
    assert response.status_code == 413
    # also when the wrong key comes with it: nothing of the body is read
    assert put(client, {"revision": 1, "tournament": document}, "wrong").status_code == 413
    # a small gzip body that unpacks past the limit
    bomb = gzip.compress(b" " * (size + 10))
    assert put(client, bomb, token, content_encoding="gzip").status_code == 413
    settings.PUSH_MAX_BYTES = size
    assert put(client, {"revision": 1, "tournament": document}, token).status_code == 200


@pytest.mark.django_db
def test_only_put_and_no_csrf_needed(token):
    client = Client(enforce_csrf_checks=True)
    assert client.post(URL, {}).status_code == 405
    document = {"revision": 1, "tournament": venue_export(5)}
    assert put(client, document, token).status_code == 200


def test_get_with_the_key_answers_the_revision_held(token):
    """What ``push --watch`` asks at every interval: 0 before any push, then the last
    accepted revision and its digest; without the key 401, like a push."""
    client = Client()
    key = {"Authorization": f"Bearer {token}"}
    assert client.get(URL).status_code == 401
    assert client.get(URL, headers={"Authorization": "Bearer wrong"}).status_code == 401
    assert client.get(URL, headers=key).json() == {"revision": 0, "digest": ""}
    document = {"revision": 7, "tournament": venue_export(5)}
    accepted = put(client, document, token).json()
    assert client.get(URL, headers=key).json() == {"revision": 7, "digest": accepted["digest"]}


@pytest.mark.django_db
def test_keys_and_the_revision_survive_the_replacement_and_the_revision_only_grows(client, token):
    revisions = []
    for revision, sheets in enumerate((5, 6, 7), start=1):
        assert put(client, {"revision": revision, "tournament": venue_export(sheets)}, token)
        revisions.append(Tournament.objects.filter(slug="mcr").values_list("pk", "revision")[0])
    assert PushToken.objects.filter(tournament__slug="mcr", revoked_at__isnull=True).count() == 1
    assert [pk for pk, _ in revisions] == sorted({pk for pk, _ in revisions})
    assert [r for _, r in revisions] == sorted({r for _, r in revisions})


@pytest.mark.django_db
def test_the_public_pages_show_the_pushed_results_at_once(client, token):
    put(client, {"revision": 1, "tournament": venue_export(10)}, token)
    url = "/turnaj/mcr/kvalifikace/vysledky.json"
    before = client.get(url).json()
    assert client.get(url).json() == before  # now from the cache
    put(client, {"revision": 2, "tournament": venue_export(40)}, token)
    after = client.get(url).json()
    venue = results_document(tournament_data(Tournament.objects.get(slug="venue")))
    assert after != before and after["qualifier"] == venue["qualifier"]


def race(token: str, revision: int, documents: list[dict]) -> dict:
    """Push the documents at the same moment under the same revision; their answers."""
    answers = at_once(
        *(
            lambda document=document: put(
                Client(), {"revision": revision, "tournament": document}, token
            )
            for document in documents
        )
    )
    return dict(enumerate(answers))


@pytest.mark.django_db(transaction=True)
def test_two_pushes_racing_do_not_both_win(token):
    documents = [venue_export(10, slug="venue-a"), venue_export(20, slug="venue-b")]
    for revision in (10, 11, 12):
        answers = race(token, revision, documents)
        statuses = sorted(answer.status_code for answer in answers.values())
        assert statuses == [200, 409], statuses
        winner = next(i for i, answer in answers.items() if answer.status_code == 200)
        assert server_export() == documents[winner]
        assert AcceptedPush.objects.get(slug="mcr").revision == revision
        assert Tournament.objects.filter(slug="mcr").count() == 1


@pytest.mark.django_db
def test_a_replacement_is_not_recorded_as_thousands_of_deletions(client, token):
    from scoring.models import Lot, RoundResult, Sheet

    histories = (RoundResult.history, Sheet.history, Lot.history)
    first, second = venue_export(60, slug="venue-a"), venue_export(135, slug="venue-b")
    put(client, {"revision": 1, "tournament": first}, token)
    before = [history.count() for history in histories]
    assert put(client, {"revision": 2, "tournament": second}, token).status_code == 200
    assert [history.count() for history in histories] == before
    assert server_export() == second


def last_sheet_of(kind: str) -> dict:
    stage, game, table, number = [s for s in sheets_in_order(demo_document()) if s[0] == kind][-1]
    return {"stage": stage, "game": game, "table": table, "round": number}


def unconfirm(slug: str, address: dict) -> None:
    Sheet.objects.filter(
        table__game__stage__tournament__slug=slug,
        table__game__stage__kind=address["stage"],
        table__game__number=address["game"],
        table__number=address["table"],
        round__number=address["round"],
    ).update(confirmed_at=None)


@pytest.mark.django_db
def test_a_sheet_the_venue_has_not_confirmed_stays_unconfirmed_on_the_server(client, token):
    """The A-final's last sheet waits for the referee at the venue: the server must not
    announce the A-final as over (no champion) before the venue does."""
    pushed = venue_export(10_000)  # every sheet of the demo
    waiting = last_sheet_of("final_a")
    unconfirm("venue", waiting)
    venue = Tournament.objects.get(slug="venue")
    assert unconfirmed_sheet_addresses(venue) == [waiting]
    assert not tournament_data(venue).stage_over("final_a")

    body = {"revision": 1, "tournament": pushed, "unconfirmed": [waiting]}
    response = put(client, body, token)
    assert response.status_code == 200, response.content
    assert response.json()["digest"] == document_digest(pushed, [waiting])
    server = Tournament.objects.get(slug="mcr")
    assert unconfirmed_sheet_addresses(server) == [waiting]
    assert not tournament_data(server).stage_over("final_a")
    page = client.get("/turnaj/mcr/finale-a/").content.decode()
    assert "průběžné pořadí" in page and "Mistr ČR" not in page
    assert server_export() == pushed  # the document itself is the venue's

    # confirmed at the venue: the next push announces it
    assert put(client, {"revision": 2, "tournament": pushed}, token).status_code == 200
    assert unconfirmed_sheet_addresses(Tournament.objects.get(slug="mcr")) == []
    assert tournament_data(Tournament.objects.get(slug="mcr")).stage_over("final_a")
    assert "Mistr ČR" in client.get("/turnaj/mcr/finale-a/").content.decode()


@pytest.mark.parametrize(
    "unconfirmed",
    [
        {"stage": "final_a"},
        [{"stage": "final_c", "game": 1, "table": 1, "round": 1}],
        [{"stage": "final_a", "game": 0, "table": 1, "round": 1}],
        [{"stage": "final_a", "game": 1, "table": 1}],
        [{"stage": "final_a", "game": 1, "table": 1, "round": True}],
    ],
)
@pytest.mark.django_db
def test_a_malformed_list_of_unconfirmed_sheets_is_refused(client, token, unconfirmed):
    body = {"revision": 1, "tournament": venue_export(10), "unconfirmed": unconfirmed}
    response = put(client, body, token)
    assert response.status_code == 400
    assert any("„unconfirmed“" in error for error in response.json()["errors"]), response.json()
    assert not Tournament.objects.filter(slug="mcr").exists()


@pytest.mark.django_db
def test_an_unconfirmed_sheet_the_document_lacks_is_refused_with_its_place(client, token):
    assert put(client, {"revision": 1, "tournament": venue_export(10)}, token).status_code == 200
    missing = {"stage": "final_a", "game": 1, "table": 1, "round": 1}  # not entered by sheet 12
    body = {"revision": 2, "tournament": venue_export(12), "unconfirmed": [missing]}
    before = database_snapshot()
    response = put(client, body, token)
    assert response.status_code == 400
    assert response.json()["errors"] == [
        "Finále A, partie 1, stůl 1, kolo 1, pole „unconfirmed“: dokument nemá pro toto kolo u "
        "tohoto stolu zapsaný list."
    ]
    assert database_snapshot() == before


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (b"[" * 1000, "hlouběji než do 40 úrovní"),  # Python's parser recursed into a 500
        (b"[" * 100_000 + b"]" * 100_000, "hlouběji než do 40 úrovní"),
        (b'{"revision": 1, "tournament": ' + b'{"a": ' * 60 + b"1" + b"}" * 61, "hlouběji"),
        (b'{"revision": 1, "tournament": {"name": "\\udcff"}}', "tournament.name: text obsahuje"),
        (b'{"revision": 1, "tournament": {"\\ud800": 1}}', "osamocenou náhradní polovinu"),
        (b'{"revision": 1, "tournament": "\xff"}', "není v UTF-8"),
        (b'{"revision": 1, "tournament": ' + b"1" * 5000 + b"}", "není platný JSON"),
    ],
)
@pytest.mark.django_db
def test_nested_or_unencodable_json_is_refused_and_recorded(client, token, body, message):
    """400 with the error list (never a 500), the refusal kept for the organiser's page, and
    nothing stored; gzipped alike."""
    before = database_snapshot()
    for sent, headers in ((body, {}), (gzip.compress(body), {"Content-Encoding": "gzip"})):
        response = put(client, sent, token, **headers)
        assert response.status_code == 400, response.content
        errors = response.json()["errors"]
        assert any(message in error for error in errors), errors
        assert message in AcceptedPush.objects.get(slug="mcr").refusal
        AcceptedPush.objects.filter(slug="mcr").update(refusal="")
    assert database_snapshot() == before


def chunked_request(body: bytes, token: str, *, terminated: bool):
    """A PUT as a server hands over a chunked body: no Content-Length, the stream ends with the
    body (``wsgi.input_terminated``) or, for a server that does not mark it, may not."""
    from django.test import RequestFactory

    request = RequestFactory().generic(
        "PUT",
        URL,
        b"",
        content_type="application/json",
        headers={"Authorization": f"Bearer {token}", "Transfer-Encoding": "chunked"},
    )
    request.META.pop("CONTENT_LENGTH", None)
    request.META["wsgi.input"] = io.BytesIO(body)
    if terminated:
        request.META["wsgi.input_terminated"] = True
    return request


@pytest.mark.django_db
def test_a_chunked_push_is_read_within_the_size_limit(token, settings):
    from sync.views import push

    document = {"revision": 1, "tournament": venue_export(5)}
    body = json.dumps(document).encode()
    response = push(chunked_request(body, token, terminated=True), slug="mcr")
    assert response.status_code == 200, response.content
    assert server_export() == document["tournament"]
    settings.PUSH_MAX_BYTES = len(body) - 1
    document["revision"] = 2
    response = push(chunked_request(json.dumps(document).encode(), token, terminated=True), "mcr")
    assert response.status_code == 413
    response = push(chunked_request(body, token, terminated=False), slug="mcr")
    assert response.status_code == 411
    assert AcceptedPush.objects.get(slug="mcr").revision == 1


@pytest.mark.django_db
def test_a_pushed_name_with_a_control_character_is_refused_with_its_place(client, token):
    """The push is checked as the import is: a name holds no control code (it would reach the
    embosser), nor an emoji (it would break the PDF's text layer)."""
    document = venue_export(5)
    document["players"][0]["name"] = "Jana\x1b[31mNová"
    document["teams"][0]["name"] += " \U0001f600"
    response = put(client, {"revision": 1, "tournament": document}, token)
    assert response.status_code == 400
    errors = "\n".join(response.json()["errors"])
    assert "U+001B" in errors and "řídicí znak" in errors and "U+1F600" in errors
    assert not Tournament.objects.filter(slug="mcr").exists()


@pytest.mark.django_db
def test_a_pushed_hold_and_pushed_reasons_stay_off_the_public_servers_pages(client, token):
    """The pushed document carries sanctions' reasons (for the server's staff) and the
    A-final held for the ceremony: the server's public pages show neither the reasons nor the
    held results until a later push releases them (issue 21: 1, 5)."""
    from tournament.services import hold_results, release_results

    Tournament.objects.filter(slug="venue").delete()
    document = demo_document()
    document["sanctions"] = [
        {"player": 1, "scope": "game", "stage": "qualifier", "game": 1, "reason": "Důvod PX7"}
    ]
    venue, _ = import_tournament(document, slug="venue")
    hold_results(tournament=venue, kind="final_a", announcement="18:00")
    pushed = export_tournament(venue)
    assert put(client, {"revision": 1, "tournament": pushed}, token).status_code == 200
    public = Client()
    for path in ("kvalifikace/", "finale-a/", "hrac/1/", "losovani.json", "finale-a/vysledky.json"):
        page = public.get(f"/turnaj/mcr/{path}").content.decode()
        assert "Důvod PX7" not in page, path
    final_a = public.get("/turnaj/mcr/finale-a/").content.decode()
    assert "Výsledky budou vyhlášeny v 18:00." in final_a
    assert not re.search(r"Mistr(yně)? ČR v Syllabatimu", final_a)
    release_results(tournament=venue, kind="final_a")
    assert (
        put(client, {"revision": 2, "tournament": export_tournament(venue)}, token).status_code
        == 200
    )
    final_a = public.get("/turnaj/mcr/finale-a/").content.decode()
    assert "Výsledky budou vyhlášeny" not in final_a
    assert re.search(r"Mistr(yně)? ČR v Syllabatimu", final_a)  # the title, announced now
