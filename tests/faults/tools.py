"""What the fault-injection test drives: the production server (``python -m
syllabatim.serving``, debug off) on its own database, a private PostgreSQL cluster, a private
redis-server, a small disk (tmpfs), and phones that save rounds through their table links the
way a person does (saving again after an error, with the same values)."""

import contextlib
import json
import os
import random
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import pytest
from django.conf import settings

BASE = Path(settings.BASE_DIR)
NOT_INHERITED = {
    "DJANGO_ALLOW_ASYNC_UNSAFE",
    "DATABASE_URL",
    "REDIS_URL",
    "CACHE_KEY_PREFIX",
    "DJANGO_CACHE_DIR",
    "SYLLABATIM_PUSH_TOKEN",
    "DJANGO_SETTINGS_MODULE",
}
SECRET_KEY = "faults-" + secrets.token_urlsafe(48)
_next_port = [int(os.environ.get("FAULTS_PORT_BASE", "0"))]


def unavailable(reason: str):
    """A tool missing on a developer's machine skips the test; in CI it fails."""
    if os.environ.get("CI") == "true":
        pytest.fail(f"the fault-injection test cannot run in CI: {reason}")
    pytest.skip(reason)


def port() -> int:
    """The next port from FAULTS_PORT_BASE when set (a range of one's own), else a free one."""
    if _next_port[0]:
        _next_port[0] += 1
        return _next_port[0] - 1
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_for(condition, timeout: float, what: str, step: float = 0.1):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = condition()
        if found:
            return found
        time.sleep(step)
    raise AssertionError(f"waited {timeout} s for {what}")


def environment(database_url: str, **extra: str) -> dict:
    return {
        **{k: v for k, v in os.environ.items() if k not in NOT_INHERITED},
        "DATABASE_URL": database_url,
        "DJANGO_DEBUG": "0",
        "DJANGO_SECRET_KEY": SECRET_KEY,
        "DJANGO_LOG_LEVEL": "WARNING",
        "PYTHONUNBUFFERED": "1",
        **extra,
    }


def run_python(code: str, env: dict) -> str:
    """Python with Django set up on ``env``'s database; its last line of output."""
    done = subprocess.run(
        [sys.executable, "-c", "import django; django.setup()\n" + code],
        env={**env, "DJANGO_SETTINGS_MODULE": "syllabatim.settings"},
        cwd=BASE,
        capture_output=True,
        text=True,
        timeout=180,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout.strip().splitlines()[-1] if done.stdout.strip() else ""


def manage(env: dict, *args: str, check: bool = True) -> subprocess.CompletedProcess:
    done = subprocess.run(
        [sys.executable, "manage.py", *args],
        env=env,
        cwd=BASE,
        capture_output=True,
        text=True,
        timeout=180,
    )
    if check:
        assert done.returncode == 0, done.stdout + done.stderr
    return done


def stop_group(process: subprocess.Popen | None, sig=signal.SIGKILL) -> None:
    if process is not None and process.poll() is None:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, sig)
        process.wait(timeout=30)


class Server:
    """``python -m syllabatim.serving`` (as ``make serve`` starts it, debug off) on a port of
    its own; its output in ``log``."""

    def __init__(self, name: str, env: dict, work: Path, workers: int = 2):
        self.name, self.env, self.workers = name, env, workers
        self.port = port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = work / f"{name}.log"
        self.process: subprocess.Popen | None = None

    def start(self) -> float:
        """Start and wait until it answers; the seconds that took."""
        started = time.monotonic()
        with self.log.open("a") as output:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "syllabatim.serving", "--bind", f"127.0.0.1:{self.port}"]
                + ["--workers", str(self.workers)],
                env=self.env,
                cwd=BASE,
                stdout=output,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        wait_for(self.answers, 90, f"the {self.name} server")
        return time.monotonic() - started

    def answers(self) -> bool:
        if self.process is None or self.process.poll() is not None:
            raise AssertionError(f"the {self.name} server stopped:\n" + self.log.read_text())
        try:
            return httpx.get(f"{self.url}/zdravi/", timeout=2).status_code == 200
        except httpx.HTTPError:
            return False

    def health(self) -> str:
        return httpx.get(f"{self.url}/zdravi/", timeout=10).text

    def workers_pids(self) -> list[int]:
        """The worker processes (uvicorn's spawned children of the master)."""
        found = []
        for entry in Path("/proc").iterdir():
            if not entry.name.isdigit():
                continue
            try:
                stat = (entry / "stat").read_text()
                command = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()
            except OSError:
                continue
            parent = int(stat.rsplit(")", 1)[1].split()[1])
            if parent == self.process.pid and "spawn_main" in command:
                found.append(int(entry.name))
        return sorted(found)

    def kill(self) -> None:
        """The whole server at once (master and workers), as a crash or a power cut."""
        stop_group(self.process)
        self.process = None

    def stop(self) -> None:
        """Stopped in order (as Ctrl+C): it removes its cache folder itself."""
        if self.process is not None and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                pass
        stop_group(self.process)
        self.process = None

    def cache_folder(self) -> Path | None:
        """The cache folder the running server made (named for its process id)."""
        if self.process is None:
            return None
        found = list(Path(tempfile.gettempdir()).glob(f"syllabatim-cache-{self.process.pid}-*"))
        return found[0] if found else None

    def count(self, text: str) -> int:
        return self.log.read_text(errors="replace").count(text)


class Cluster:
    """A PostgreSQL cluster of the test's own (initdb, pg_ctl) on its own port, to stop and
    start; as the ``postgres`` user when the test runs as root."""

    def __init__(self, work_name: str = "faults-pg"):
        # Debian keeps the server's programs by version, outside PATH
        binaries = sorted(Path("/usr/lib/postgresql").glob("*/bin/pg_ctl"))
        pg_ctl = str(binaries[-1]) if binaries else shutil.which("pg_ctl")
        if pg_ctl is None or not (Path(pg_ctl).parent / "createdb").exists():
            unavailable("PostgreSQL's server (pg_ctl, initdb, createdb) is not installed")
        self.bin = Path(pg_ctl).parent
        self.port = port()
        self.folder = Path(tempfile.mkdtemp(prefix=f"{work_name}-"))
        self.data = self.folder / "data"
        self.as_user: list[str] = []
        if os.geteuid() == 0:
            if shutil.which("runuser") is None:
                unavailable("runuser is missing (PostgreSQL refuses to run as root)")
            shutil.chown(self.folder, "postgres")
            self.as_user = ["runuser", "-u", "postgres", "--"]

    def _run(self, *command: str) -> None:
        done = subprocess.run(
            [*self.as_user, *command], capture_output=True, text=True, timeout=120, cwd="/"
        )
        assert done.returncode == 0, done.stdout + done.stderr

    def init(self) -> None:
        self._run(
            str(self.bin / "initdb"),
            *("-D", str(self.data), "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"),
        )
        self.start()
        self._run(str(self.bin / "createdb"), "-h", "127.0.0.1", "-p", str(self.port), "faults")

    def url(self) -> str:
        return f"postgres://postgres@127.0.0.1:{self.port}/faults"

    def start(self) -> None:
        options = (
            f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 -c fsync=off "
            "-c max_connections=60"
        )
        self._run(
            str(self.bin / "pg_ctl"),
            *("-D", str(self.data), "-o", options, "-l", str(self.folder / "log"), "-w", "start"),
        )

    def stop(self, mode: str = "fast") -> None:
        self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", mode, "-w", "stop")

    def remove(self) -> None:
        with contextlib.suppress(AssertionError, subprocess.SubprocessError):
            self.stop("immediate")
        shutil.rmtree(self.folder, ignore_errors=True)


class Redis:
    """A redis-server of the test's own, to stop and start again on the same port."""

    def __init__(self, work: Path):
        self.binary = shutil.which("redis-server")
        if self.binary is None:
            unavailable("redis-server is not installed (apt-get install redis-server)")
        self.port = port()
        self.work = work
        self.process: subprocess.Popen | None = None

    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        self.process = subprocess.Popen(
            [self.binary, "--port", str(self.port), "--bind", "127.0.0.1"]
            + ["--save", "", "--appendonly", "no"],
            stdout=subprocess.DEVNULL,
            cwd=self.work,
            start_new_session=True,
        )
        wait_for(self._answers, 10, "redis-server")

    def _answers(self) -> bool:
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", self.port), 1):
            return True
        return False

    def stop(self) -> None:
        stop_group(self.process)
        self.process = None


class SmallDisk:
    """A tmpfs of ``size`` mounted for the test (root only), to fill and free."""

    def __init__(self, size: str = "24m"):
        if os.geteuid() != 0 or shutil.which("mount") is None:
            unavailable("a small disk needs root (mount -t tmpfs)")
        self.path = Path(tempfile.mkdtemp(prefix="faults-disk-"))
        done = subprocess.run(
            ["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(self.path)],
            capture_output=True,
            text=True,
        )
        if done.returncode != 0:
            shutil.rmtree(self.path, ignore_errors=True)
            unavailable(f"mount -t tmpfs refused: {done.stderr.strip()}")
        self.filler = self.path / "filler"

    def fill(self) -> int:
        """Write a file until the disk is full; the bytes written."""
        written = 0
        block = b"\0" * 65536
        with self.filler.open("ab") as output:
            while True:
                try:
                    output.write(block)
                    output.flush()
                    written += len(block)
                except OSError:
                    break
        small = b"\0" * 512
        with self.filler.open("ab", buffering=0) as output:
            while True:
                try:
                    output.write(small)
                    written += len(small)
                except OSError:
                    break
        return written

    def free_space(self) -> None:
        self.filler.unlink(missing_ok=True)

    def remove(self) -> None:
        subprocess.run(["umount", "-l", str(self.path)], capture_output=True)
        shutil.rmtree(self.path, ignore_errors=True)


PREPARE = """
import json
from bench.crowd import prepare
from tournament.models import Stage, Tournament
people = prepare({slug!r}, {tables})
Stage.objects.filter(tournament__slug={slug!r}).update(confirmation_required=False)
tournament = Tournament.objects.get(slug={slug!r})
people["kind"], people["year"] = tournament.kind, tournament.year
print(json.dumps(people))
"""

STORED = """
import json
from collections import Counter
from scoring.models import RoundResult, Sheet
sheets = {
    f"{table}-{rnd}": version
    for table, rnd, version in Sheet.objects.filter(
        table__game__stage__tournament__slug=SLUG, table__game__number=2
    ).values_list("table__number", "round__number", "version")
}
results = {}
for table, rnd, player, laid, unused, closed in RoundResult.objects.filter(
    table__game__stage__tournament__slug=SLUG, table__game__number=2
).values_list("table__number", "round__number", "player__start_number", "laid", "unused", "closed"):
    results.setdefault(f"{table}-{rnd}", {})[str(player)] = [laid, unused, closed]
created = Counter(
    f"{table}-{rnd}"
    for table, rnd in RoundResult.history.filter(
        history_type="+", table__game__stage__tournament__slug=SLUG, table__game__number=2
    ).values_list("table__number", "round__number")
)
print(json.dumps({"sheets": sheets, "results": results, "created": created}))
"""


def prepare(env: dict, slug: str, tables: int) -> dict:
    """A qualifier whose game 2 is drawn with every table's link (``bench.crowd.prepare``),
    its sheets needing no confirmation (the game completes with its last round)."""
    return json.loads(run_python(PREPARE.format(slug=slug, tables=tables), env))


def stored(env: dict, slug: str) -> dict:
    """The sheets' versions, the stored lines and how many lines were created (the history's
    "+" rows) per "table-round" of game 2."""
    return json.loads(run_python(STORED.replace("SLUG", repr(slug)), env))


def round_values(table: int, players: list[int], number: int) -> list[dict]:
    """What table ``table`` laid in round ``number``: the same every time it is asked."""
    from sample.simulate import play_round

    rng = random.Random(table * 100 + number)
    skill = {p: rng.uniform(0.45, 1.0) for p in players}
    return play_round(rng, players, skill, number)["results"]


def form_field(html: str, name: str) -> str:
    found = re.search(rf'name="{name}" value="([^"]*)"', html)
    return found.group(1) if found else ""


@dataclass
class Attempt:
    table: int
    round: int
    status: int | None  # None: no answer (connection refused or cut)
    at: float  # time.monotonic() when the answer came
    text: str = ""
    kind: str = "save"  # or "page": the round's page asked


@dataclass
class Phones:
    """The scorekeepers' phones of one tournament: each saves its table's round and, on an
    error or no answer, saves again with the same values, as a person taps "Save" again."""

    root: str
    people: dict
    attempts: list[Attempt] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def _note(self, attempt: Attempt) -> None:
        with self.lock:
            self.attempts.append(attempt)

    def page(self, client: httpx.Client, table: int, number: int, deadline: float):
        address = f"/stul/{self.people['tables'][str(table)]}/kolo-{number}/"
        while True:
            try:
                page = client.get(address)
                if page.status_code == 200:
                    return address, page.text
                self._note(
                    Attempt(table, number, page.status_code, time.monotonic(), page.text, "page")
                )
            except httpx.HTTPError:
                self._note(Attempt(table, number, None, time.monotonic(), kind="page"))
            if time.monotonic() > deadline:
                raise AssertionError(f"table {table}: no page of round {number}")
            time.sleep(0.3)

    def form(self, table: int, number: int, html: str) -> dict:
        data = {
            "version": form_field(html, "version"),
            "round": str(number),
            "confirm_warnings": "on",
            "csrfmiddlewaretoken": form_field(html, "csrfmiddlewaretoken"),
        }
        for line in round_values(table, self.people["seats"][str(table)], number):
            data[f"p{line['player']}-laid"] = str(line["laid"])
            data[f"p{line['player']}-unused"] = str(line["unused"])
            if line["closed"]:
                data[f"p{line['player']}-closed"] = "on"
        return data

    def send(
        self,
        client: httpx.Client,
        table: int,
        number: int,
        address: str,
        data: dict,
        deadline: float,
        until_saved: bool = True,
    ) -> Attempt:
        """Post the round, again and again while it fails (unless ``until_saved`` is off):
        the last attempt."""
        while True:
            try:
                answer = client.post(address, data=data, headers={"Referer": self.root + address})
                attempt = Attempt(table, number, answer.status_code, time.monotonic(), answer.text)
            except httpx.HTTPError:
                attempt = Attempt(table, number, None, time.monotonic())
            self._note(attempt)
            if attempt.status in (200, 302) or not until_saved:
                return attempt
            if time.monotonic() > deadline:
                raise AssertionError(f"table {table}, round {number}: not saved: {attempt}")
            time.sleep(0.3)

    def client(self) -> httpx.Client:
        return httpx.Client(base_url=self.root, timeout=30)

    def save(self, table: int, number: int, deadline: float) -> Attempt:
        with self.client() as client:
            address, html = self.page(client, table, number, deadline)
            return self.send(
                client, table, number, address, self.form(table, number, html), deadline
            )

    def burst(self, number: int, during=None, timeout: float = 90) -> float:
        """Every table saves round ``number`` at once (``during()`` runs meanwhile); the
        seconds until every table's round was saved."""
        started = time.monotonic()
        deadline = started + timeout
        errors: list[BaseException] = []

        def save(table: int) -> None:
            try:
                self.save(table, number, deadline)
            except BaseException as error:  # told to the test below, not lost in the thread
                errors.append(error)

        threads = [threading.Thread(target=save, args=(int(t),)) for t in self.people["tables"]]
        for thread in threads:
            thread.start()
        if during is not None:
            during()
        for thread in threads:
            thread.join(timeout + 10)
        assert not errors, errors
        assert not any(thread.is_alive() for thread in threads), "a phone still waits"
        return time.monotonic() - started

    def of_round(self, number: int) -> list[Attempt]:
        return [a for a in self.attempts if a.round == number]

    def expected(self, rounds) -> dict:
        """What every table sent for these rounds, as ``stored`` reads it back."""
        return {
            f"{table}-{number}": {
                str(line["player"]): [line["laid"], line["unused"], line["closed"]]
                for line in round_values(int(table), players, number)
            }
            for table, players in self.people["seats"].items()
            for number in rounds
        }
