"""The production server at a plain server's pace (issue 32): ``make serve``'s server
(``syllabatim.serving``) next to gunicorn's sync workers, the same number of processes on the
same database and cache, in one run: requests per second of a 404 (middleware and routing)
and of the qualifier's public standings (cached by revision), wrk with 8 connections,
alternating runs, medians, and the servers' processor time a request. Then what issue 20
asked of it: the pace of ordinary requests while hundreds of slow clients hold sockets
(headers or a sign-in's body a byte at a time, answers never read), next to the same without
them; and what such clients do to gunicorn, and to granian's WSGI server (measured beside
them where it is installed: the fastest of the servers issue 32 names).

``SERVING_ROUNDS=5 SERVING_SECONDS=4 SLOW_CLIENTS=300`` are the defaults; ``SERVING_PORT=N``
serves on N, N+1, N+2 instead of free ports the system chooses.
"""

import asyncio
import importlib.util
import json
import os
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path

import httpx
from django.conf import settings

from bench.public import free_port, wait_until_answering
from sample.simulate import full_championship

WORKERS = 2  # the machine has two cores
CONNECTIONS = 8
ROUNDS = int(os.environ.get("SERVING_ROUNDS", 5))
SECONDS = int(os.environ.get("SERVING_SECONDS", 4))
SLOW_CLIENTS = int(os.environ.get("SLOW_CLIENTS", 300))
TRICKLE_EVERY = 0.5  # seconds between two bytes of a slow client
SAMPLES = 100  # ordinary requests timed with and without the slow clients
TARGET = 0.9
PAGES = {"404": "/tady-nic-neni/", "standings": "/turnaj/bench/kvalifikace/"}
STAFF_PAGE = "/ucet/prihlaseni/"
CSRF = "s" * 32  # a CSRF secret as Django makes them (the cookie's and the form's)
GRANIAN_THREADS = 10  # a process's threads, as make serve's 8 for the staff and 2 for the public


def processor_seconds(pid: int) -> float:
    """CPU time (user and system) of the process ``pid`` and its children, living ones
    (Linux's /proc; 0 elsewhere)."""
    total = 0.0
    try:
        children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    total = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total + sum(processor_seconds(int(child)) for child in children)


def requests_per_second(url: str, seconds: int = SECONDS, pid: int | None = None):
    """wrk's requests per second, and the server's CPU milliseconds per request when its
    ``pid`` is given (the figure other work on the machine disturbs least)."""
    before = processor_seconds(pid) if pid else 0.0
    done = subprocess.run(
        ["wrk", "-t2", f"-c{CONNECTIONS}", f"-d{seconds}s", url],
        capture_output=True,
        text=True,
        check=True,
    )
    spent = processor_seconds(pid) - before if pid else 0.0
    found = re.search(r"Requests/sec:\s+([\d.]+)", done.stdout)
    count = re.search(r"(\d+) requests in", done.stdout)
    if found is None or count is None:
        raise SystemExit(f"{url}: wrk measured nothing: {done.stdout} {done.stderr}")
    return float(found.group(1)), 1000 * spent / max(1, int(count.group(1)))


def start(command: list[str], environment: dict) -> subprocess.Popen:
    return subprocess.Popen(
        command,
        env=environment,
        cwd=settings.BASE_DIR,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,  # the server and its workers: one group, stopped whole
    )


def stop(server: subprocess.Popen) -> None:
    os.killpg(server.pid, signal.SIGTERM)
    try:
        server.wait(timeout=30)
    except subprocess.TimeoutExpired:
        os.killpg(server.pid, signal.SIGKILL)
        server.wait()


def commands(ports: dict) -> dict:
    """How each server compared is started, ``WORKERS`` processes each."""
    found = {
        "make serve": [sys.executable, "-m", "syllabatim.serving", "--workers", str(WORKERS)]
        + ["--bind", f"127.0.0.1:{ports['make serve']}"],
        "gunicorn sync": [sys.executable, "-m", "gunicorn", "--workers", str(WORKERS)]
        + ["--bind", f"127.0.0.1:{ports['gunicorn sync']}", "syllabatim.wsgi"],
    }
    if "granian wsgi" in ports:
        found["granian wsgi"] = [
            *(sys.executable, "-m", "granian", "--interface", "wsgi", "--no-access-log"),
            *("--workers", str(WORKERS), "--blocking-threads", str(GRANIAN_THREADS)),
            *(
                "--host",
                "127.0.0.1",
                "--port",
                str(ports["granian wsgi"]),
                "syllabatim.wsgi:application",
            ),
        ]
    return found


@contextmanager
def servers():
    """A throw-away SQLite database with a 60-player championship, one cache folder, and on
    it ``make serve``'s server, gunicorn's sync workers and granian's WSGI server (where it
    is installed): yields their addresses and their first processes' ids."""
    base = Path(settings.BASE_DIR)
    with tempfile.TemporaryDirectory() as work:
        environment = {
            **os.environ,
            "DATABASE_URL": f"sqlite:///{work}/bench.sqlite3",
            "DJANGO_DEBUG": "0",
            "DJANGO_SECRET_KEY": "bench-" + "q" * 50,
            "DJANGO_LOG_LEVEL": "ERROR",
        }
        if not environment.get("REDIS_URL"):
            environment["DJANGO_CACHE_DIR"] = f"{work}/cache"  # shared by all, as by workers
        manage = [sys.executable, str(base / "manage.py")]
        for args in (["migrate", "--noinput", "-v0"], ["collectstatic", "--noinput", "-v0"]):
            subprocess.run(manage + args, env=environment, check=True, capture_output=True)
        document = Path(work) / "bench.json"
        document.write_text(json.dumps(full_championship(60, seed=60)), encoding="utf-8")
        subprocess.run(
            manage + ["import_tournament", str(document), "--slug", "bench"],
            env=environment,
            check=True,
            capture_output=True,
        )
        names = ["make serve", "gunicorn sync"]
        if importlib.util.find_spec("granian") is not None:
            names.append("granian wsgi")
        first = os.environ.get("SERVING_PORT")
        ports = {
            name: int(first) + number if first else free_port() for number, name in enumerate(names)
        }
        started = [start(command, environment) for command in commands(ports).values()]
        try:
            roots = {name: f"http://127.0.0.1:{port}" for name, port in ports.items()}
            for root in roots.values():
                wait_until_answering(f"{root}/zdravi/")
            yield roots, {name: server.pid for name, server in zip(names, started, strict=True)}
        finally:
            for server in started:
                stop(server)


def paces(roots: dict, pids: dict) -> dict:
    """Medians of ``ROUNDS`` alternating runs: {(server, page): (requests per second, CPU
    milliseconds per request)}."""
    for root in roots.values():  # every worker warm, the standings in the cache
        for path in PAGES.values():
            requests_per_second(root + path, seconds=2)
    figures = {(name, page): [] for name in roots for page in PAGES}
    order = list(roots)
    for number in range(ROUNDS):
        for name in order[number % len(order) :] + order[: number % len(order)]:
            for page, path in PAGES.items():
                figures[name, page].append(requests_per_second(roots[name] + path, pid=pids[name]))
    return {
        key: tuple(statistics.median(run[n] for run in runs) for n in (0, 1))
        for key, runs in figures.items()
    }


async def slow_client(port: int, kind: int, stop: asyncio.Event) -> None:
    """Headers a byte at a time; or whole headers, then the body they announce a byte at a
    time; or five requests for the standings at once, their answers never read. The sign-in
    carries a CSRF cookie, as a browser's does: Django reads the body of such a request (it
    refuses one without the cookie before reading it)."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    if kind == 2:
        request = f"GET {PAGES['standings']} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode()
        writer.write(request * 5)
        await stop.wait()
    else:
        body = f"csrfmiddlewaretoken={CSRF}&username=ctenar&password={'x' * 400}".encode()
        head = (
            f"POST {STAFF_PAGE} HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: csrftoken={CSRF}\r\n"
            "Content-Type: application/x-www-form-urlencoded\r\n"
            f"Content-Length: {len(body)}\r\n\r\n"
        ).encode()
        if kind == 1:
            writer.write(head)
        trickle = head + body if kind == 0 else body
        for byte in trickle:
            if stop.is_set():
                break
            writer.write(bytes([byte]))
            try:
                await asyncio.wait_for(stop.wait(), TRICKLE_EVERY)
            except TimeoutError:
                pass
    writer.transport.abort()


async def ordinary_requests(
    root: str, timeout: float, count: int = SAMPLES
) -> tuple[list[float], int]:
    """``count`` requests one after another, the public's standings and the staff's
    sign-in page in turn: their durations, and how many got no answer in ``timeout``."""
    durations, unanswered = [], 0
    async with httpx.AsyncClient(base_url=root, timeout=timeout) as client:
        for number in range(count):
            path = STAFF_PAGE if number % 2 else PAGES["standings"]
            begun = time.perf_counter()
            try:
                answer = await client.get(path)
                if answer.status_code != 200:
                    raise SystemExit(f"{root}{path}: {answer.status_code}")
            except httpx.TimeoutException:
                unanswered += 1
            durations.append(time.perf_counter() - begun)
    return durations, unanswered


async def among_slow_clients(root: str, clients: int, timeout: float, count: int = SAMPLES):
    port = int(root.rsplit(":", 1)[1])
    stop = asyncio.Event()
    holding = [asyncio.create_task(slow_client(port, n % 3, stop)) for n in range(clients)]
    await asyncio.sleep(4 * TRICKLE_EVERY)  # every one connected, sending or not reading
    try:
        return await ordinary_requests(root, timeout, count)
    finally:
        stop.set()
        await asyncio.gather(*holding, return_exceptions=True)


def milliseconds(durations: list[float]) -> str:
    cuts = statistics.quantiles(durations, n=20, method="inclusive")
    return f"p50 {statistics.median(durations) * 1000:.1f} ms, p95 {cuts[18] * 1000:.1f} ms"


def run() -> None:
    if shutil.which("wrk") is None:
        print("wrk is not installed (apt-get install wrk): the servers' pace not measured")
        return
    if importlib.util.find_spec("gunicorn") is None:
        print("gunicorn is not installed (make install): nothing to compare with")
        return
    with servers() as (roots, pids):
        pace = paces(roots, pids)
        print(
            f"{WORKERS} processes each, the same SQLite database and cache, wrk {CONNECTIONS} "
            f"connections, {ROUNDS} alternating runs of {SECONDS} s, medians:"
        )
        for page in PAGES:
            theirs, their_cpu = pace["gunicorn sync", page]
            for name in roots:
                if name == "gunicorn sync":
                    continue
                ours, our_cpu = pace[name, page]
                ratio = ours / theirs
                goal = f" (target at least {TARGET}: {'met' if ratio >= TARGET else 'NOT MET'})"
                print(
                    f"  {page}: {name} {ours:.0f} requests/s, gunicorn sync {theirs:.0f}: "
                    f"ratio {ratio:.2f}{goal if name == 'make serve' else ''}; CPU a request "
                    f"{our_cpu:.2f} ms and {their_cpu:.2f} ms (ratio {their_cpu / our_cpu:.2f})"
                )
        ours = roots["make serve"]
        calm, _ = asyncio.run(ordinary_requests(ours, timeout=10))
        crowded, unanswered = asyncio.run(among_slow_clients(ours, SLOW_CLIENTS, timeout=10))
        print(
            f"  make serve, {SAMPLES} ordinary requests one after another (standings, sign-in "
            f"page): alone {milliseconds(calm)}; among {SLOW_CLIENTS} slow clients (a third "
            "each: headers a byte at a time, a sign-in's body a byte at a time, answers never "
            f"read) {milliseconds(crowded)}, {unanswered} unanswered in 10 s"
        )
        tried = 10
        others = {"gunicorn sync": WORKERS * 3, "granian wsgi": WORKERS * GRANIAN_THREADS * 6}
        for name, clients in others.items():
            if name in roots:
                _, frozen = asyncio.run(among_slow_clients(roots[name], clients, 1.0, tried))
                print(
                    f"  {name} among {clients} such clients: {frozen} of {tried} ordinary "
                    "requests unanswered in 1 s"
                )
