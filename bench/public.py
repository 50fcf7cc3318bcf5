"""Public pages (issues 5 and 32, 4): requests per second of the qualifier standings (60
players, every round entered) and of the rating pages (three championships of the same 100
persons) served as ``make serve`` serves them (``syllabatim.serving``), next to the
framework's floor (a minimal view on the same server in the same run). Uses wrk (Debian
package)."""

import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path

import httpx
from django.conf import settings

from sample.simulate import full_championship

DURATION = 8  # seconds of load per address
CONNECTIONS = 16
WORKERS = 2  # the machine has two cores
RATED_CHAMPIONSHIPS, RATED_PERSONS = 3, 100


def rated_championships() -> list[dict]:
    """Championships whose players are the same persons: start number n has the first one's
    name and birth date in each, so that the import finds the person again."""
    documents = [full_championship(RATED_PERSONS, seed=seed) for seed in range(1, 4)]
    first = {player["no"]: player for player in documents[0]["players"]}
    for document in documents[1:]:
        for player in document["players"]:
            for field in ("name", "birth_date", "gender", "club"):
                player[field] = first[player["no"]][field]
    return documents[:RATED_CHAMPIONSHIPS]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_until_answering(url: str) -> None:
    """The server binds the port before its workers have loaded the app: wait for an answer,
    not for an open port."""
    for _ in range(300):
        try:
            if httpx.get(url, timeout=1).status_code == 200:
                return
        except httpx.TransportError:
            pass
        time.sleep(0.1)
    raise SystemExit(f"{url}: no answer from the server")


def requests_per_second(url: str, seconds: int = DURATION) -> float:
    done = subprocess.run(
        ["wrk", "-t2", f"-c{CONNECTIONS}", f"-d{seconds}s", url],
        capture_output=True,
        text=True,
        check=True,
    )
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", done.stdout)
    if errors:
        raise SystemExit(f"{url}: {errors.group(1)} failed responses")
    return float(re.search(r"Requests/sec:\s+([\d.]+)", done.stdout).group(1))


@contextmanager
def served(prepare=None, workers: int | None = None):
    """A throw-away SQLite database (migrated, static files collected, then ``prepare(work,
    environment, manage)`` for the rest) served as ``make serve`` serves it, debug off, on a
    free port: yields the server's address."""
    base = Path(settings.BASE_DIR)
    with tempfile.TemporaryDirectory() as work:
        environment = {
            **os.environ,
            "DATABASE_URL": f"sqlite:///{work}/bench.sqlite3",
            "DJANGO_DEBUG": "0",
            "DJANGO_SECRET_KEY": "bench-" + "q" * 50,
            "DJANGO_LOG_LEVEL": "ERROR",
        }
        manage = [sys.executable, str(base / "manage.py")]
        for args in (["migrate", "--noinput", "-v0"], ["collectstatic", "--noinput", "-v0"]):
            subprocess.run(manage + args, env=environment, check=True, capture_output=True)
        if prepare is not None:
            prepare(Path(work), environment, manage)
        port = free_port()
        command = [sys.executable, "-m", "syllabatim.serving", "--bind", f"127.0.0.1:{port}"]
        server = subprocess.Popen(
            command + (["--workers", str(workers)] if workers else []),
            env=environment,
            cwd=base,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            root = f"http://127.0.0.1:{port}"
            wait_until_answering(f"{root}/zdravi/")
            yield root
        finally:
            server.terminate()
            server.wait()


def run() -> None:
    if shutil.which("wrk") is None:
        print("wrk is not installed (apt-get install wrk): public page throughput not measured")
        return

    def championship(work, environment, manage):
        documents = [("bench", full_championship(60, seed=60))]
        documents += [(f"rated-{n}", d) for n, d in enumerate(rated_championships(), start=1)]
        for slug, content in documents:
            document = work / f"{slug}.json"
            document.write_text(json.dumps(content), encoding="utf-8")
            subprocess.run(
                manage + ["import_tournament", str(document), "--slug", slug],
                env=environment,
                check=True,
                capture_output=True,
            )
        subprocess.run(manage + ["rating"], env=environment, check=True, capture_output=True)

    pages = {
        "qualifier standings, 60 players": "/turnaj/bench/kvalifikace/",
        f"rating list, {RATED_PERSONS} persons": "/hodnoceni/?partii=1",
        "a person's rating, 3 championships": "/hodnoceni/1/",
    }
    with served(championship, workers=WORKERS) as root:
        # Warm up both workers on every address (imports, templates, the page cache),
        # so that no figure pays for the server's start.
        for url in ("/zdravi/", *pages.values()):
            requests_per_second(root + url, seconds=2)
        floor = requests_per_second(f"{root}/zdravi/")
        paces = {name: requests_per_second(root + url) for name, url in pages.items()}
    print(f"make serve, {WORKERS} workers, wrk {CONNECTIONS} connections, {DURATION} s each:")
    print(f"  minimal view (the floor): {floor:.0f} requests/s")
    for name, pace in paces.items():
        print(f"  {name}: {pace:.0f} requests/s (ratio {pace / floor:.2f}; target at least 0.5)")
