"""Faults the day survives by itself (issue 38), injected into the production server as the
venue and a public server run it (``python -m syllabatim.serving``, debug off, two worker
processes), while the tables' phones save rounds through their links:

- the venue (SQLite on a small disk of its own, a tmpfs): worker processes killed (``kill
  -9``) during bursts of saves; the whole server killed and started again while the phones
  hold their pages; the disk filled during a burst, then freed; the game's last round sent
  again by every phone;
- a server on PostgreSQL and Redis (a cluster and a redis-server of the test's own):
  PostgreSQL stopped and started during a burst, and between two rounds; Redis stopped
  during a burst;
- the public server (SQLite), fed by the venue's ``push --watch``: restored from an older
  backup.

It asserts that every round is stored exactly once with the values sent, what people see
(the full disk in words, "saved already", ``/zdravi/``, the staff's start page, the push's
line), and that everything recovers without a person; it prints its figures. Run alone:
``.venv/bin/python -m pytest tests/faults -m faults -s``.
"""

import shutil
import sqlite3
import subprocess
import sys
import time

import httpx
import pytest

from tests.faults import tools

pytestmark = pytest.mark.faults

SLUG = "mcr-faults"
HALL = "pg-faults"
VENUE_TABLES = 10  # asked of the draw: 70 players, drawn to 9 tables of 7-8
HALL_TABLES = 8
ROUNDS = 7  # the whole qualifier game: the seventh completes it
FULL_DISK = (
    "Disk je plný: nic nebylo uloženo",
    "Uvolněte místo na disku serveru a pak uložte znovu.",
)
DATABASE_DOWN = "Databáze neodpovídá: nic nebylo uloženo"
BEHIND = "je pozadu; posílám znovu aktuální stav"


def results(server: tools.Server, slug: str) -> dict | None:
    try:
        answer = httpx.get(f"{server.url}/turnaj/{slug}/kvalifikace/vysledky.json", timeout=10)
    except httpx.HTTPError:
        return None
    return answer.json().get("qualifier") if answer.status_code == 200 else None


def caught_up(venue: tools.Server, public: tools.Server, timeout: float) -> float:
    """Seconds until the public server shows the venue's results."""
    started = time.monotonic()
    tools.wait_for(
        lambda: (mine := results(venue, SLUG)) is not None and results(public, SLUG) == mine,
        timeout,
        "the public server to show the venue's results",
        step=0.25,
    )
    return time.monotonic() - started


def assert_stored_once(env: dict, slug: str, phones: tools.Phones, rounds) -> int:
    """Every table's rounds stored once, with the values sent: one sheet each, never saved a
    second time (version 1), each line created once. Returns the rounds stored."""
    found = tools.stored(env, slug)
    expected = phones.expected(rounds)
    assert found["results"] == expected
    assert set(found["sheets"]) == set(expected)
    assert set(found["sheets"].values()) == {1}, found["sheets"]
    assert found["created"] == {key: len(lines) for key, lines in expected.items()}
    return len(found["sheets"])


def signed_in(server: tools.Server, name: str) -> httpx.Client:
    client = httpx.Client(base_url=server.url, timeout=30)
    page = client.get("/ucet/prihlaseni/")
    answer = client.post(
        "/ucet/prihlaseni/",
        data={
            "username": name,
            "password": "bench-heslo-rozhodciho",  # bench.crowd.PASSWORD
            "csrfmiddlewaretoken": tools.form_field(page.text, "csrfmiddlewaretoken"),
        },
        headers={"Referer": f"{server.url}/ucet/prihlaseni/"},
    )
    assert answer.status_code == 302, answer.text[:500]
    return client


def failures(attempts, after: float = 0.0) -> list[tools.Attempt]:
    return [a for a in attempts if a.status not in (200, 302) and a.at > after]


def test_the_day_survives_faults_by_itself(tmp_path):
    started = time.monotonic()
    figures: list[str] = []
    disk = tools.SmallDisk("32m")
    cluster = tools.Cluster()
    redis = tools.Redis(tmp_path)
    servers: list[tools.Server] = []
    watch = None
    try:
        # --- the databases: the venue's on the small disk, the public's, the hall's on
        # PostgreSQL with Redis; migrated at once
        cluster.init()
        redis.start()
        venue_env = tools.environment(
            f"sqlite:///{disk.path}/venue.sqlite3", DJANGO_DISK_LOW_MIB="4"
        )
        public_env = tools.environment(f"sqlite:///{tmp_path}/public.sqlite3")
        hall_env = tools.environment(cluster.url(), REDIS_URL=redis.url())
        migrations = [
            subprocess.Popen(
                [sys.executable, "manage.py", "migrate", "--noinput", "-v0"],
                env=env,
                cwd=tools.BASE,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.PIPE,
            )
            for env in (venue_env, public_env, hall_env)
        ]
        tools.manage(venue_env, "collectstatic", "--noinput", "-v0")
        for migration in migrations:
            assert migration.wait(timeout=300) == 0, migration.stderr.read()
        people = tools.prepare(venue_env, SLUG, VENUE_TABLES)
        hall_people = tools.prepare(hall_env, HALL, HALL_TABLES)
        token = tools.manage(
            public_env,
            *("create_push_token", SLUG, "--kind", people["kind"], "--year", str(people["year"])),
        ).stdout.strip()

        venue = tools.Server("venue", venue_env, tmp_path)
        public = tools.Server("public", public_env, tmp_path, workers=1)
        hall = tools.Server("hall", hall_env, tmp_path)
        servers += [venue, public, hall]
        for server in servers:
            server.start()
        watch_log = tmp_path / "watch.log"
        with watch_log.open("w") as output:
            watch = subprocess.Popen(
                [sys.executable, "manage.py", "push", SLUG, "--to", public.url, "--watch"]
                + ["--interval", "0.5", "--max-backoff", "2"],
                env={**venue_env, "SYLLABATIM_PUSH_TOKEN": token},
                cwd=tools.BASE,
                stdout=output,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        figures.append(f"set-up (3 databases, 3 servers): {time.monotonic() - started:.1f} s")
        phones = tools.Phones(venue.url, people)
        tables = len(people["tables"])

        # --- 1: a plain burst
        plain = phones.burst(1)
        figures.append(f"venue round 1, {tables} phones at once: all saved in {plain:.1f} s")
        assert not failures(phones.of_round(1))

        # --- 2: worker processes killed during the burst; uvicorn starts new ones
        killed: list[int] = []

        def kill_workers():
            for pause in (0.2, 0.5):
                time.sleep(pause)
                pids = venue.workers_pids()
                assert pids, "no worker process found"
                tools.os.kill(pids[0], tools.signal.SIGKILL)
                killed.append(pids[0])

        took = phones.burst(2, during=kill_workers)
        respawn = time.monotonic()
        tools.wait_for(
            lambda: len(set(venue.workers_pids()) - set(killed)) == venue.workers, 30, "workers"
        )
        respawn = time.monotonic() - respawn
        lost = failures(phones.of_round(2))
        figures.append(
            f"venue round 2, 2 workers killed (kill -9) during the burst: all saved in "
            f"{took:.1f} s, {len(lost)} tries answered with an error or not at all and sent "
            f"again; uvicorn had both workers anew {respawn:.1f} s after the burst"
        )
        assert venue.answers()

        # --- 3: the whole server killed and started again; the phones hold their pages
        clients = {int(t): phones.client() for t in people["tables"]}
        held = {}
        for table, client in clients.items():
            address, html = phones.page(client, table, 3, time.monotonic() + 30)
            held[table] = (address, phones.form(table, 3, html))
        folder = venue.cache_folder()
        assert folder is not None and folder.exists()
        venue.kill()
        assert folder.exists()  # a killed server cannot remove its cache folder
        restart = venue.start()
        assert not folder.exists(), "the killed server's cache folder is left behind"
        deadline = time.monotonic() + 60
        for table, (address, data) in held.items():
            phones.send(clients[table], table, 3, address, data, deadline)
        for client in clients.values():
            client.close()
        assert not failures(phones.of_round(3))
        figures.append(
            f"venue killed whole (kill -9) and started again: answering after {restart:.1f} s; "
            f"the {tables} pages held across it saved at once; the killed server's cache "
            "folder removed at the start"
        )
        tools.wait_for(lambda: results(public, SLUG) == results(venue, SLUG), 60, "the push")
        backup = tmp_path / "public-backup.sqlite3"
        with (
            sqlite3.connect(f"{tmp_path}/public.sqlite3") as source,
            sqlite3.connect(backup) as copy,
        ):
            source.backup(copy)

        # --- 4: the disk fills: every phone told so, nothing saved; freed: saved again
        clients = {int(t): phones.client() for t in people["tables"]}
        held = {}
        for table, client in clients.items():
            address, html = phones.page(client, table, 4, time.monotonic() + 30)
            held[table] = (address, phones.form(table, 4, html))
        referee = signed_in(venue, people["referees"][0])  # signed in before, as on the day
        filled = disk.fill()
        deadline = time.monotonic() + 60
        answers = {
            table: phones.send(clients[table], table, 4, address, data, deadline, until_saved=False)
            for table, (address, data) in held.items()
        }
        assert {a.status for a in answers.values()} == {507}, answers
        for answer in answers.values():
            assert all(sentence in answer.text for sentence in FULL_DISK)
        assert not [k for k in tools.stored(venue_env, SLUG)["sheets"] if k.endswith("-4")]
        health = venue.health()
        assert health.startswith("disk full\n") and "nothing can be saved" in health, health
        assert "Disk je plný: nelze nic uložit" in referee.get("/sprava/").text
        disk.free_space()
        freed = time.monotonic()
        for table, (address, data) in held.items():
            phones.send(clients[table], table, 4, address, data, deadline)
        for client in clients.values():
            client.close()
        saved_again = max(a.at for a in phones.of_round(4) if a.status in (200, 302)) - freed
        assert venue.health().startswith("ok\n")
        assert "Disk je plný" not in referee.get("/sprava/").text
        referee.close()
        figures.append(
            f"venue's disk filled ({filled // 1024} KiB written to fill it): all "
            f"{tables} phones told 507 'disk full, nothing saved', /zdravi/ and the "
            f"staff's start page said so; freed: every round saved {saved_again:.1f} s later"
        )

        # --- 5-7: more bursts, a worker killed in the last one; then every phone sends the
        # game's last round again (its answer lost): "saved already", nothing doubled
        phones.burst(5)
        phones.burst(6)
        phones.burst(7, during=lambda: (time.sleep(0.3), kill_workers_once(venue)))
        resent = []
        for table in people["tables"]:
            with phones.client() as client:
                address = f"/stul/{people['tables'][table]}/kolo-7/"
                data = phones.form(int(table), 7, "")  # the values as first sent, version 0
                data["version"] = "0"
                # the phone's CSRF cookie and token, as its page held them before the game
                # completed (any form of the site gives them; the table's page has none now)
                page = client.get("/ucet/prihlaseni/")
                data["csrfmiddlewaretoken"] = tools.form_field(page.text, "csrfmiddlewaretoken")
                resent.append(
                    phones.send(client, int(table), 7, address, data, time.monotonic() + 30)
                )
        for answer in resent:
            assert answer.status == 200
            assert "Kolo 7 už bylo uloženo s těmito hodnotami; nic se nezměnilo." in answer.text
            assert "Nic nebylo uloženo" not in answer.text
        stored = assert_stored_once(venue_env, SLUG, phones, range(1, ROUNDS + 1))
        retries = venue.count("once after a lost database connection")
        sent = len([a for a in phones.attempts if a.kind == "save"])
        figures.append(
            f"venue: {tables * ROUNDS} rounds entered, {sent} requests sent "
            f"({len(failures(phones.attempts))} answered with an error or not at all, sent "
            f"again; {retries} retried by the server on a new connection), {stored} rounds "
            f"stored, each exactly once; the last round sent again by all {tables} "
            "phones: 'saved already'"
        )

        # --- the public server restored from an older backup: the watch finds it behind
        caught_up(venue, public, 60)
        public.kill()
        for suffix in ("", "-journal", "-wal", "-shm"):
            (tmp_path / f"public.sqlite3{suffix}").unlink(missing_ok=True)
        shutil.copy(backup, tmp_path / "public.sqlite3")
        restored = time.monotonic()
        public.start()
        caught_up(venue, public, 60)
        behind_for = time.monotonic() - restored
        assert BEHIND in watch_log.read_text(), watch_log.read_text()
        assert watch.poll() is None, watch_log.read_text()  # the full disk did not stop it
        figures.append(
            f"public server restored from the backup after round 3: showing the venue's "
            f"{ROUNDS} rounds again {behind_for:.1f} s after its restart, by push --watch alone"
        )

        # --- PostgreSQL stopped and started during a burst; Redis stopped during another
        hall_phones = tools.Phones(hall.url, hall_people)
        hall_tables = len(hall_people["tables"])
        hall_phones.burst(1)
        outage = {}

        def restart_postgresql():
            time.sleep(0.3)
            outage["down"] = time.monotonic()
            cluster.stop("fast")
            time.sleep(2)
            cluster.start()
            outage["up"] = time.monotonic()

        took = hall_phones.burst(2, during=restart_postgresql)
        # after PostgreSQL answers again no phone sees an error (the requests under way when
        # it came back, within a second, are counted apart)
        after = failures(hall_phones.of_round(2), after=outage["up"] + 1.0)
        assert not after, after
        during = failures(hall_phones.of_round(2))
        at_return = [a for a in during if a.at > outage["up"]]
        # what the phones saw meanwhile: no answer (a worker waiting for its connection), or
        # "the database does not answer: nothing was saved", never the generic error
        assert {a.status for a in during} <= {None, 503}, during
        for attempt in during:
            assert attempt.status is None or DATABASE_DOWN in attempt.text
        back = min(
            (
                a.at
                for a in hall_phones.of_round(2)
                if a.at > outage["up"] and a.status in (200, 302)
            ),
            default=outage["up"],
        )
        retried = hall.count("once after a lost database connection")
        down = outage["up"] - outage["down"]
        figures.append(
            f"PostgreSQL stopped and started during a burst ({down:.1f} s down): "
            f"{len(during) - len(at_return)} tries failed while it was down, {len(at_return)} "
            f"in the second it came back, none later (first save {back - outage['up']:.2f} s "
            f"after), all {hall_tables} rounds saved in {took:.1f} s; the server retried "
            f"{retried} requests once on a new connection"
        )

        # PostgreSQL restarted between two rounds: every kept connection is dead, and the
        # next burst meets them (each checked before use, and replaced)
        cluster.stop("fast")
        cluster.start()
        took = hall_phones.burst(3)
        stale = failures(hall_phones.of_round(3))
        assert not stale, stale
        figures.append(
            f"PostgreSQL restarted between two rounds: the next burst of {hall_tables} phones "
            f"saved in {took:.1f} s without an error"
        )

        def stop_redis():
            time.sleep(0.2)
            redis.stop()

        took = hall_phones.burst(4, during=stop_redis)
        assert not failures(hall_phones.of_round(4))
        assert "cache: unavailable since" in hall.health()
        redis.start()
        came_back = time.monotonic()

        def cache_ok():
            httpx.get(f"{hall.url}/turnaj/{HALL}/kvalifikace/", timeout=10)
            return "cache: ok" in hall.health()

        tools.wait_for(cache_ok, 40, "the cache in use again", step=0.5)
        cache_back = time.monotonic() - came_back
        stored_hall = assert_stored_once(hall_env, HALL, hall_phones, range(1, 5))
        figures.append(
            f"Redis stopped during a burst: all {hall_tables} rounds saved in {took:.1f} s without "
            f"an error, /zdravi/ said 'cache: unavailable'; started again: in use after "
            f"{cache_back:.1f} s; on PostgreSQL {stored_hall} rounds stored, each exactly once"
        )
    finally:
        tools.stop_group(watch)
        for server in servers:
            server.stop()
        cluster.remove()
        redis.stop()
        disk.remove()
        print("\nFault injection (issue 38):")
        for line in figures:
            print("  " + line)
        print(f"  in all {time.monotonic() - started:.1f} s")


def kill_workers_once(server: tools.Server) -> None:
    pids = server.workers_pids()
    if pids:
        tools.os.kill(pids[-1], tools.signal.SIGKILL)
