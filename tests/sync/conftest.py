"""Second instances of the app for the push tests: each a ``manage.py`` in a subprocess with its
own SQLite database (and, when asked, serving it as ``make serve`` does on a free port)."""

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest
from django.conf import settings
from django.db import connection

# What the test process set for itself, or that would point a second instance elsewhere.
NOT_INHERITED = {
    "DJANGO_ALLOW_ASYNC_UNSAFE",
    "DATABASE_URL",
    "REDIS_URL",
    "CACHE_KEY_PREFIX",
    "SYLLABATIM_PUSH_TOKEN",
}


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def database_url(settings_dict: dict) -> str:
    """The address of a Django database, for a second process to open the same one."""
    if settings_dict["ENGINE"].endswith("sqlite3"):
        return f"sqlite:///{settings_dict['NAME']}"
    host = settings_dict["HOST"] or "127.0.0.1"
    port = settings_dict["PORT"] or 5432
    user = settings_dict["USER"]
    password = f":{settings_dict['PASSWORD']}" if settings_dict["PASSWORD"] else ""
    return f"postgres://{user}{password}@{host}:{port}/{settings_dict['NAME']}"


def wait_for(condition, timeout: float, what: str, step: float = 0.1):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = condition()
        if found:
            return found
        time.sleep(step)
    raise AssertionError(f"waited {timeout} s for {what}")


class Instance:
    """The app with its own database, run as separate processes."""

    def __init__(self, database_url: str, *, log: Path, **environment: str):
        self.database_url = database_url
        self.log = log  # the server's output
        self.environment = {
            **{k: v for k, v in os.environ.items() if k not in NOT_INHERITED},
            "DATABASE_URL": database_url,
            "PYTHONUNBUFFERED": "1",
            **environment,
        }
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.server: subprocess.Popen | None = None
        self.processes: list[subprocess.Popen] = []

    def manage(self, *args: str, check: bool = True) -> subprocess.CompletedProcess:
        """Run a command to its end (without the system checks, which the suite runs once
        and which take most of a short command's time)."""
        done = subprocess.run(
            [sys.executable, "manage.py", *args, "--skip-checks"],
            capture_output=True,
            text=True,
            cwd=settings.BASE_DIR,
            env=self.environment,
            timeout=120,
        )
        if check:
            assert done.returncode == 0, done.stdout + done.stderr
        return done

    def popen(self, *args: str, log: Path) -> subprocess.Popen:
        """A long-running command, its output (both streams) in ``log``."""
        with log.open("w") as output:
            process = subprocess.Popen(
                [sys.executable, "manage.py", *args],
                stdout=output,
                stderr=subprocess.STDOUT,
                text=True,
                cwd=settings.BASE_DIR,
                env=self.environment,
                start_new_session=True,  # its own process group, killed whole
            )
        self.processes.append(process)
        return process

    def start(self, *, wait: bool = True) -> None:
        """Serve as ``make serve`` does (one worker), and wait until it answers."""
        with self.log.open("a") as output:
            self.server = subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "syllabatim.serving",
                    "--bind",
                    f"127.0.0.1:{self.port}",
                    "--workers",
                    "1",
                ],
                stdout=output,
                stderr=subprocess.STDOUT,
                cwd=settings.BASE_DIR,
                env=self.environment,
                start_new_session=True,
            )
        if wait:
            self.wait_until_it_answers()

    def wait_until_it_answers(self) -> None:
        def answers():
            if self.server.poll() is not None:
                raise AssertionError("the server stopped: " + self.log.read_text())
            try:
                return httpx.get(f"{self.url}/zdravi/", timeout=1).status_code == 200
            except httpx.HTTPError:
                return False

        wait_for(answers, 30, f"the server on {self.url}")

    def kill(self) -> None:
        """Stop the server at once, as a crash would (the master and its worker)."""
        stop(self.server)
        self.server = None


def stop(process: subprocess.Popen | None) -> None:
    if process is not None and process.poll() is None:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait(timeout=10)


@pytest.fixture(scope="session")
def migrated_database(tmp_path_factory) -> Path:
    """An empty, migrated SQLite database, made once and copied for each instance."""
    path = tmp_path_factory.mktemp("instances") / "migrated.sqlite3"
    Instance(f"sqlite:///{path}", log=path.with_suffix(".log")).manage(
        "migrate", "--noinput", "-v", "0"
    )
    return path


@pytest.fixture
def new_instance(migrated_database, tmp_path):
    """Makes instances of the app, each with its own copy of the migrated database; their
    servers and processes are stopped after the test whatever happens."""
    made: list[Instance] = []

    def make(name: str, *, database_url: str | None = None, **environment) -> Instance:
        if database_url is None:
            database = tmp_path / f"{name}.sqlite3"
            shutil.copy(migrated_database, database)
            database_url = f"sqlite:///{database}"
        instance = Instance(database_url, log=tmp_path / f"{name}.log", **environment)
        made.append(instance)
        return instance

    yield make
    for instance in made:
        for process in [instance.server, *instance.processes]:
            stop(process)


def venue_database_url() -> str:
    """The test database itself, for a push command run as a second process on it."""
    return database_url(connection.settings_dict)


def _unavailable(reason: str):
    if os.environ.get("CI") == "true":
        pytest.fail(f"the Redis tests cannot run in CI: {reason}")
    pytest.skip(reason)


def _answers(url: str) -> bool:
    import redis

    try:
        return bool(redis.Redis.from_url(url, socket_timeout=1).ping())
    except redis.exceptions.RedisError:
        return False


@pytest.fixture
def redis_url(tmp_path):
    """A Redis of the test's own (Debian's redis-server on a free port, so nothing of anyone
    else's is touched), else the machine's on 127.0.0.1:6379. Without either the test skips,
    except in CI (``CI=true``), where it fails."""
    binary = shutil.which("redis-server")
    if binary is None:
        if not _answers("redis://127.0.0.1:6379/0"):
            _unavailable("no redis-server installed and no Redis on 127.0.0.1:6379")
        yield "redis://127.0.0.1:6379/0"
        return
    port = free_port()
    process = subprocess.Popen(
        [binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
        stdout=subprocess.DEVNULL,
        cwd=tmp_path,
        start_new_session=True,
    )
    try:
        url = f"redis://127.0.0.1:{port}/0"
        wait_for(lambda: _answers(url), 10, "redis-server")
        yield url
    finally:
        stop(process)
