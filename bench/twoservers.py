"""Two app servers sharing PostgreSQL and Redis (issue 32, 2): the qualifier's cached standings
(60 players, every round entered) next to the floor (a 404: middleware and routing), wrk
against both servers at once, in alternating runs (floor, standings, floor, …); the medians
and their ratio (target at least 0.9). Each server is ``make serve``'s with one worker
process; the same is measured with the process's copies off (``PUBLIC_STATE_SECONDS=0``,
``PROCESS_CACHE_BYTES=0``: the state from PostgreSQL and the page from Redis at every hit,
as before). Needs DATABASE_URL=postgres://… and wrk; Redis from REDIS_URL, else a
redis-server of its own."""

import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack, contextmanager
from pathlib import Path

import httpx
from django.conf import settings
from django.db import connection

from bench.public import free_port, wait_until_answering
from sample.simulate import full_championship

SECONDS = 6  # of load per run
CONNECTIONS = 8  # per server
TURNS = 3  # alternating runs of each address
STANDINGS = "/turnaj/bench/kvalifikace/"
FLOOR = "/neni-tu-nic/"  # a 404


def database_url() -> str:
    found = connection.settings_dict
    host, port = found["HOST"] or "127.0.0.1", found["PORT"] or 5432
    password = f":{found['PASSWORD']}" if found["PASSWORD"] else ""
    return f"postgres://{found['USER']}{password}@{host}:{port}/{found['NAME']}"


@contextmanager
def redis():
    if os.environ.get("REDIS_URL"):
        yield os.environ["REDIS_URL"]
        return
    port = free_port()
    with tempfile.TemporaryDirectory() as work:
        server = subprocess.Popen(
            ["redis-server", "--port", str(port), "--save", "", "--appendonly", "no"],
            cwd=work,
            stdout=subprocess.DEVNULL,
        )
        try:
            time.sleep(0.5)
            yield f"redis://127.0.0.1:{port}/0"
        finally:
            server.terminate()
            server.wait()


@contextmanager
def server(environment: dict):
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "syllabatim.serving", "--bind", f"127.0.0.1:{port}"]
        + ["--workers", "1"],
        env=environment,
        cwd=settings.BASE_DIR,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        root = f"http://127.0.0.1:{port}"
        wait_until_answering(f"{root}/zdravi/")
        yield root
    finally:
        process.terminate()
        process.wait()


def wrk(url: str, seconds: int) -> float:
    done = subprocess.run(
        ["wrk", "-t1", f"-c{CONNECTIONS}", f"-d{seconds}s", url],
        capture_output=True,
        text=True,
        check=True,
    )
    return float(re.search(r"Requests/sec:\s+([\d.]+)", done.stdout).group(1))


def both(roots: list[str], path: str, status: int, seconds: int = SECONDS) -> float:
    """Requests per second of the servers together, wrk against each at once."""
    for root in roots:
        assert httpx.get(root + path, timeout=10).status_code == status, (root, path)
    with ThreadPoolExecutor(len(roots)) as pool:
        return sum(pool.map(lambda root: wrk(root + path, seconds), roots))


def measure(environment: dict) -> tuple[float, float]:
    """The medians (floor, standings) in requests per second of two servers."""
    with ExitStack() as stack:
        roots = [stack.enter_context(server(environment)) for _ in range(2)]
        both(roots, FLOOR, 404, seconds=2)  # each server warmed up on both addresses
        both(roots, STANDINGS, 200, seconds=2)
        floors, paces = [], []
        for _turn in range(TURNS):
            floors.append(both(roots, FLOOR, 404))
            paces.append(both(roots, STANDINGS, 200))
    return statistics.median(floors), statistics.median(paces)


def run() -> None:
    if shutil.which("wrk") is None:
        print("wrk is not installed (apt-get install wrk): not measured")
        return
    if connection.vendor != "postgresql":
        print("two servers share PostgreSQL: run with DATABASE_URL=postgres://… (not measured)")
        return
    if not os.environ.get("REDIS_URL") and shutil.which("redis-server") is None:
        print("neither REDIS_URL nor redis-server: not measured")
        return
    from interchange.importer import import_tournament

    import_tournament(json.loads(json.dumps(full_championship(60, seed=60))), slug="bench")
    base = Path(settings.BASE_DIR)
    with redis() as redis_url:
        environment = {
            **{k: v for k, v in os.environ.items() if k != "DJANGO_ALLOW_ASYNC_UNSAFE"},
            "DATABASE_URL": database_url(),
            "REDIS_URL": redis_url,
            "DJANGO_DEBUG": "0",
            "DJANGO_SECRET_KEY": "bench-" + "q" * 50,
            "DJANGO_LOG_LEVEL": "ERROR",
        }
        subprocess.run(
            [sys.executable, str(base / "manage.py"), "collectstatic", "--noinput", "-v0"],
            env=environment,
            check=True,
            capture_output=True,
        )
        ways = {
            "each process's copies off (state from PostgreSQL, page from Redis)": {
                "PUBLIC_STATE_SECONDS": "0",
                "PROCESS_CACHE_BYTES": "0",
            },
            "state kept 0.5 s, page kept in the process": {},
        }
        print(
            f"two servers (make serve, 1 worker each), PostgreSQL and Redis shared, wrk "
            f"{CONNECTIONS} connections against each at once, {SECONDS} s a run, medians of "
            f"{TURNS} alternating runs:"
        )
        for name, changes in ways.items():
            prefix = {"CACHE_KEY_PREFIX": f"bench-two-servers-{time.time_ns()}"}
            floor, pace = measure({**environment, **changes, **prefix})
            print(f"  {name}:")
            print(f"    a 404 (the floor): {floor:.0f} requests/s")
            print(
                f"    qualifier standings, 60 players: {pace:.0f} requests/s "
                f"(ratio {pace / floor:.2f}; target at least 0.9)"
            )
