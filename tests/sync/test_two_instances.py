"""Two instances of the app: a venue and a public server, each with its own database.

The venue is a ``manage.py`` subprocess on its own SQLite file (or this test's database, when
the test enters the sheets itself), the server the live server of this test or the server
``make serve`` starts, in subprocesses; they talk over HTTP on this machine.
"""

import json
import re
import uuid
from io import StringIO

import httpx
import pytest
import redis
from django.contrib.auth.models import User
from django.core.management import call_command

from interchange.exporter import export_tournament
from interchange.importer import import_tournament
from interchange.results import results_document
from scoring.selectors import tournament_data
from sync.models import VenuePush
from sync.selectors import venue_marker
from sync.services import create_push_token
from tests.sync.conftest import stop, venue_database_url, wait_for
from tests.sync.helpers import demo_document, enter_sheets, in_progress
from tournament.models import Tournament

pytestmark = pytest.mark.django_db(transaction=True)

DEMO_KIND_AND_YEAR = ("--kind", "championship", "--year", "2026")  # the demo championship's


def here(slug: str = "mcr") -> tuple[dict, dict]:
    """The tournament's document and results in this test's database."""
    tournament = Tournament.objects.get(slug=slug)
    return export_tournament(tournament), results_document(tournament_data(tournament))


def there(instance, slug: str = "mcr") -> tuple[dict, dict]:
    """The same, from another instance's database."""
    return (
        json.loads(instance.manage("export_tournament", slug).stdout),
        json.loads(instance.manage("results", slug).stdout),
    )


def test_the_push_command_makes_the_live_servers_results_the_venues(
    live_server, new_instance, tmp_path
):
    token = create_push_token(slug="mcr", kind="championship", year=2026)
    venue = new_instance("venue")
    full = demo_document()
    for sheets in (12, 70):
        state = tmp_path / f"state-{sheets}.json"
        state.write_text(json.dumps(in_progress(full, sheets)), encoding="utf-8")
        venue.manage("import_tournament", str(state), "--slug", "mcr", "--replace")
        done = venue.manage("push", "mcr", "--to", live_server.url, "--token", token)
        assert re.fullmatch(r"\d\d:\d\d:\d\d revize \d+: přijato\n", done.stdout), done.stdout
        venue_document, venue_results = there(venue)
        assert here() == (venue_document, venue_results)
        public = httpx.get(f"{live_server.url}/turnaj/mcr/kvalifikace/vysledky.json").json()
        assert public["qualifier"] == venue_results["qualifier"]


def test_watch_brings_the_latest_state_through_a_server_outage(new_instance, tmp_path):
    full = demo_document()
    import_tournament(in_progress(full, 3), slug="mcr")  # the venue: this test's database
    referee = User.objects.create_user("rozhodci")
    server = new_instance("server")
    token = server.manage("create_push_token", "mcr", *DEMO_KIND_AND_YEAR).stdout.strip()
    venue = new_instance("venue", database_url=venue_database_url())
    log = tmp_path / "watch.log"
    watch = venue.popen(
        *("push", "mcr", "--to", server.url, "--token", token, "--watch"),
        *("--interval", "0.2", "--max-backoff", "1"),
        log=log,
    )

    def state() -> VenuePush | None:
        return VenuePush.objects.filter(slug="mcr").first()

    def server_has_the_latest() -> bool:
        pushed = state()
        return pushed is not None and pushed.accepted_marker == venue_marker("mcr")

    def failing() -> bool:
        pushed = state()
        return pushed is not None and pushed.failing_since is not None

    try:
        wait_for(failing, 30, "a push that fails: the server is not up yet")
        enter_sheets("mcr", full, 3, referee)
        server.start()
        wait_for(server_has_the_latest, 30, "the push after the server came up")
        assert there(server) == here()

        server.kill()  # mid-way: the server is gone, the venue goes on
        enter_sheets("mcr", full, 2, referee)
        wait_for(failing, 30, "a push that fails: the server is down")
        enter_sheets("mcr", full, 4, referee)
        failed_until = state().attempted_at
        server.start()
        wait_for(server_has_the_latest, 30, "the push after the server came back")
        assert there(server) == here()
        assert watch.poll() is None, "the watch keeps running"
    finally:
        stop(watch)
    lines = [line for line in log.read_text().splitlines() if re.match(r"\d\d:\d\d:\d\d ", line)]
    revisions = [int(re.search(r"revize (\d+)", line).group(1)) for line in lines]
    assert revisions == sorted(revisions), lines
    assert any("server je nedostupný" in line and "další pokus za" in line for line in lines)
    assert sum("přijato" in line for line in lines) >= 2
    # after the outage one push brought everything: the latest state, not a queue of old ones
    accepted = VenuePush.objects.get(slug="mcr")
    assert accepted.attempted_at >= failed_until and accepted.failing_since is None
    after = lines[max(i for i, line in enumerate(lines) if "nedostupný" in line) + 1 :]
    assert len(after) == 1 and "přijato" in after[0], lines


def test_two_app_servers_on_one_redis_agree_after_a_push(new_instance, redis_url):
    prefix = f"test-{uuid.uuid4().hex}"
    first = new_instance("server", REDIS_URL=redis_url, CACHE_KEY_PREFIX=prefix)
    second = new_instance(
        "second", database_url=first.database_url, REDIS_URL=redis_url, CACHE_KEY_PREFIX=prefix
    )
    token = first.manage("create_push_token", "mcr", *DEMO_KIND_AND_YEAR).stdout.strip()
    full = demo_document()
    import_tournament(in_progress(full, 10), slug="mcr")  # the venue: this test's database
    referee = User.objects.create_user("rozhodci")
    cache = redis.Redis.from_url(redis_url)

    def keys() -> set[bytes]:
        return set(cache.scan_iter(match=f"{prefix}:*"))

    pages = [
        "/turnaj/mcr/kvalifikace/vysledky.json",
        "/turnaj/mcr/kvalifikace/",
        "/turnaj/mcr/druzstva/",
        "/turnaj/mcr/",
    ]
    first.start(wait=False)
    second.start()
    first.wait_until_it_answers()
    try:
        for round_ in range(2):
            call_command("push", "mcr", to=first.url, token=token, stdout=StringIO())
            _document, results = here()
            shown = {}
            for page in pages:
                shown[page] = httpx.get(first.url + page).content
                cached = keys()
                # the second server serves the first one's copy from the shared cache ...
                assert httpx.get(second.url + page).content == shown[page], page
                assert keys() == cached
            # ... and the results are the venue's
            assert json.loads(shown[pages[0]])["qualifier"] == results["qualifier"]
            if round_ == 0:
                enter_sheets("mcr", full, 40, referee)
                before = shown
        assert all(before[page] != shown[page] for page in pages[:2])
    finally:
        cache.delete(*keys()) if keys() else None
        stop(first.server)
        stop(second.server)


def test_the_server_hands_a_chunked_push_over_whole(new_instance):
    """A push without Content-Length (chunked, as a proxy may forward it) is read, not taken
    for an empty body; the size limit holds for it as for any other."""
    server = new_instance("server", PUSH_MAX_BYTES="400000")
    token = (
        server.manage("create_push_token", "mcr", *DEMO_KIND_AND_YEAR)
        .stdout.strip()
        .splitlines()[-1]
    )
    server.start()
    document = {"revision": 1, "tournament": in_progress(demo_document(), 10)}
    body = json.dumps(document).encode()
    assert len(body) < 400_000

    def chunks(content: bytes):
        for start in range(0, len(content), 8192):
            yield content[start : start + 8192]

    url = f"{server.url}/api/turnaj/mcr/"
    headers = {"Authorization": f"Bearer {token}", "Content-Type": "application/json"}
    answer = httpx.put(url, content=chunks(body), headers=headers, timeout=30)
    assert answer.status_code == 200, answer.text
    assert answer.json()["revision"] == 1
    too_large = json.dumps({**document, "revision": 2, "pad": "x" * 400_000}).encode()
    answer = httpx.put(url, content=chunks(too_large), headers=headers, timeout=30)
    assert answer.status_code == 413, answer.text
    stored = there(server)[0]
    assert len(stored["players"]) == len(document["tournament"]["players"])


def test_a_server_whose_redis_is_down_serves_the_table_links_and_says_so(new_instance):
    """REDIS_URL set, nothing listening there: the table links answer (404 for a wrong one,
    never 500), the public pages render, and /zdravi/ names the outage."""
    from tests.sync.conftest import free_port

    server = new_instance("server", REDIS_URL=f"redis://127.0.0.1:{free_port()}/0")
    server.start()
    for _ in range(3):
        assert httpx.get(f"{server.url}/stul/ABCDEF-spatne/", timeout=10).status_code == 404
    assert httpx.get(f"{server.url}/", timeout=10).status_code == 200
    health = httpx.get(f"{server.url}/zdravi/", timeout=10)
    assert health.status_code == 200 and "cache: unavailable since" in health.text
    log = server.log.read_text()
    assert log.count("the shared cache does not answer") == 1, log
