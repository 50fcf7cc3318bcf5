"""Two app servers sharing PostgreSQL and Redis (issue 32, 2): each keeps the tournament's state
and the pages it served in its own process, yet after a sheet is saved through one, both
answer the new standings within a second, the one that saved it at once, and neither answers
the old after that."""

import os
import re
import shutil
import subprocess
import time

import httpx
import pytest
from django.db import connection

from tests.scorekeeper.conftest import game, round_form, table_links, tournament  # noqa: F401
from tests.sync.conftest import Instance, database_url, free_port, wait_for
from tournament.models import Tournament

pytestmark = pytest.mark.django_db(transaction=True)  # the servers see the committed rows

WITHIN = 1.0  # seconds after the save (issue 32, 2)
WATCHED = 2.0  # seconds both servers are asked again after that
STANDINGS = "/turnaj/mcr/kvalifikace/"


@pytest.fixture
def redis_url(tmp_path):
    """The suite's Redis (REDIS_URL), else a redis-server of the test's own on a free port."""
    if os.environ.get("REDIS_URL"):
        yield os.environ["REDIS_URL"]
        return
    if shutil.which("redis-server") is None:
        pytest.skip("neither REDIS_URL nor redis-server: two servers need a shared Redis")
    port = free_port()
    server = subprocess.Popen(
        ["redis-server", "--port", str(port), "--save", "", "--appendonly", "no"],
        cwd=tmp_path,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        wait_for(lambda: _answers_ping(port), 10, "redis-server")
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        server.terminate()
        server.wait(timeout=10)


def _answers_ping(port: int) -> bool:
    import redis

    try:
        return redis.Redis(port=port, socket_timeout=0.5).ping()
    except redis.RedisError:
        return False


@pytest.fixture
def two_servers(table_links, redis_url, tmp_path):  # noqa: F811
    """Two servers as ``make serve`` runs them (one worker each) on the test's database and
    one Redis, under a key prefix of their own."""
    if connection.vendor != "postgresql":
        pytest.skip("two processes share the test database on PostgreSQL (SQLite's is in memory)")
    url = database_url(connection.settings_dict)
    prefix = f"two-servers-{os.getpid()}-{time.time_ns()}"
    servers = [
        Instance(
            url, log=tmp_path / f"server-{n}.log", REDIS_URL=redis_url, CACHE_KEY_PREFIX=prefix
        )
        for n in (1, 2)
    ]
    try:
        for server in servers:
            server.start()
        yield servers
    finally:
        for server in servers:
            server.kill()


def standings(server: Instance) -> str:
    response = httpx.get(server.url + STANDINGS, timeout=5)
    assert response.status_code == 200
    return response.text


def test_a_sheet_saved_through_one_server_is_shown_by_both_within_a_second(
    two_servers,
    game,  # noqa: F811
    table_links,  # noqa: F811
):
    saving, other = two_servers
    before = Tournament.objects.get(slug="mcr")
    old = {server.url: standings(server) for server in two_servers}
    assert old[saving.url] == old[other.url]  # one state, one page (computed once, shared)
    for server in two_servers:  # each now keeps the old state and page in its process
        assert standings(server) == old[server.url]

    client = httpx.Client(base_url=saving.url, timeout=5)
    form = client.get(table_links[1])
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', form.text).group(1)
    table = game.tables.get(number=1)
    data = round_form(table, round="5", version="0", csrfmiddlewaretoken=token)
    standings(other)  # the other server keeps the old state for a while from now
    saved = client.post(table_links[1], data=data, headers={"Referer": saving.url + "/"})
    saved_at = time.monotonic()
    assert saved.status_code == 302, saved.text
    assert Tournament.objects.get(slug="mcr").revision > before.revision

    first_new: dict[str, float] = {}
    answers: list[tuple[str, float, bool]] = []  # (server, seconds after the save, new)
    while time.monotonic() - saved_at < WITHIN + WATCHED:
        for server in two_servers:
            # Counted from when the request was sent: what the server kept then is measured,
            # not how long a loaded machine took to answer (a later answer is only fresher).
            seconds = time.monotonic() - saved_at
            page = standings(server)
            new = page != old[server.url]
            answers.append((server.url, round(seconds, 3), new))
            if new:
                first_new.setdefault(server.url, seconds)
            elif server.url in first_new:
                raise AssertionError(f"{server.url}: the old standings after the new: {answers}")
        time.sleep(0.02)

    print(f"\nthe new standings first shown, asked after (s): {first_new}; {len(answers)} answers")
    assert answers[0][0] == saving.url and answers[0][2]  # the saving server: at once
    assert set(first_new) == {saving.url, other.url}
    late = [answer for answer in answers if answer[1] >= WITHIN]
    assert {server for server, _seconds, _new in late} == {saving.url, other.url}
    assert all(new for _server, _seconds, new in late), answers  # none older than WITHIN
    assert standings(saving) == standings(other)  # the same state's page
