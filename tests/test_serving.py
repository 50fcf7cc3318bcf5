"""``make serve`` as the venue runs it, on a free port with its own database: slow clients
holding sockets half-sent do not starve it, and its access log carries no table link's
secret."""

import logging
import os
import signal
import socket
import subprocess
import sys
import time

import httpx
import pytest
from django.conf import settings

from scorekeeper.redaction import REDACTED
from syllabatim.serving import LOG_CONFIG, RedactingAccessFilter
from tests.sync.conftest import free_port, wait_for

SECRET = "cC3nu4tN7hRaNCxWdvMF2bgsOzM"
SLOW_CLIENTS = 200
NEVER_READING = 50


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    """``make serve`` with one worker process (the hardest case for slow clients)."""
    work = tmp_path_factory.mktemp("serve")
    port = free_port()
    log = work / "serve.log"
    environment = {
        **{k: v for k, v in os.environ.items() if k != "DJANGO_ALLOW_ASYNC_UNSAFE"},
        "DATABASE_URL": f"sqlite:///{work}/db.sqlite3",
        "BIND": f"127.0.0.1:{port}",
        "WORKERS": "1",
        "PYTHONUNBUFFERED": "1",
    }
    with log.open("w") as output:
        server = subprocess.Popen(
            ["make", "--no-print-directory", "serve"],
            cwd=settings.BASE_DIR,
            env=environment,
            stdout=output,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # make, the shell and the server: one group, stopped whole
        )
    url = f"http://127.0.0.1:{port}"

    def answers():
        if server.poll() is not None:
            raise AssertionError("make serve stopped: " + log.read_text())
        try:
            return httpx.get(f"{url}/zdravi/", timeout=1).status_code == 200
        except httpx.HTTPError:
            return False

    try:
        wait_for(answers, 180, "make serve")
        for path in ("/zdravi/", "/", "/ucet/prihlaseni/"):  # the first request of each
            httpx.get(url + path, timeout=30)
        yield port, log
    finally:
        if server.poll() is None:
            os.killpg(server.pid, signal.SIGTERM)
            try:
                server.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(server.pid, signal.SIGKILL)
                server.wait(timeout=10)


def half_requests(port: int) -> list[socket.socket]:
    """Clients that send half a request and then nothing: half the headers, or the headers
    and half of the body they announce (a sign-in form, a phone's round)."""
    form = b"Content-Type: application/x-www-form-urlencoded\r\n"
    heads = [
        b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/",
        b"POST /ucet/prihlaseni/ HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        + form
        + b"Content-Length: 400\r\n\r\nusername=ro",
        b"POST /stul/ABCDEF-x/kolo-1/ HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        + form
        + b"Content-Length: 900\r\n\r\nversion=0&",
    ]
    sockets = []
    for number in range(SLOW_CLIENTS):
        client = socket.create_connection(("127.0.0.1", port), timeout=5)
        client.sendall(heads[number % len(heads)])
        sockets.append(client)
    return sockets


def never_reading(port: int) -> list[socket.socket]:
    """Clients that ask for a page and never read the answer."""
    sockets = []
    for _number in range(NEVER_READING):
        client = socket.create_connection(("127.0.0.1", port), timeout=5)
        client.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        sockets.append(client)
    return sockets


def test_slow_clients_do_not_starve_make_serve(served):
    """Hundreds of clients holding half a request, and clients never reading their answers
    (issues 20 and 32): the server's one worker answers the others all the same."""
    port, _log = served
    slow = half_requests(port)
    deaf = never_reading(port)
    try:
        time.sleep(1.0)  # the server has read what they sent, and answered the pages
        for path in ("/zdravi/", "/", "/ucet/prihlaseni/", "/turnaj/zadny/"):
            answer = httpx.get(f"http://127.0.0.1:{port}{path}", timeout=1.0)
            assert answer.status_code in (200, 404), path
        for client in slow:  # still waiting for the rest of their request, unanswered
            client.setblocking(False)
            with pytest.raises(BlockingIOError):
                client.recv(1)
    finally:
        for client in slow + deaf:
            client.close()


def test_the_access_log_carries_no_table_link_secret(served):
    port, log = served
    assert httpx.get(f"http://127.0.0.1:{port}/stul/T3NT2C-{SECRET}/kolo-5/").status_code == 404
    line = wait_for(
        lambda: next(
            (li for li in log.read_text().splitlines() if '"GET /stul/T3NT2C' in li), None
        ),
        10,
        "the request's line in the access log",
    )
    assert f"/stul/T3NT2C-{REDACTED}/kolo-5/" in line and "404" in line
    assert SECRET not in log.read_text()


def test_the_access_filter_redacts_uvicorns_record():
    record = logging.LogRecord(
        "uvicorn.access",
        logging.INFO,
        __file__,
        1,
        '%s - "%s %s HTTP/%s" %d',
        ("192.168.1.20:5123", "POST", f"/en/stul/T3NT2C-{SECRET}/kolo-5/?x=1", "1.1", 302),
        None,
    )
    assert RedactingAccessFilter().filter(record)
    assert SECRET not in record.getMessage()
    assert f"/en/stul/T3NT2C-{REDACTED}/kolo-5/?x=1" in record.getMessage()
    assert LOG_CONFIG["handlers"]["access"]["filters"] == ["redact"]
    assert LOG_CONFIG["loggers"]["uvicorn.access"]["handlers"] == ["access"]


def test_the_worker_processes_share_a_new_cache_folder_removed_at_the_end(monkeypatch):
    from syllabatim import serving

    monkeypatch.delenv("REDIS_URL", raising=False)
    monkeypatch.delenv("DJANGO_CACHE_DIR", raising=False)
    seen = []

    def run(uvicorn, host, port, workers):
        folder = os.environ.get("DJANGO_CACHE_DIR", "")
        seen.append((folder, os.path.isdir(folder), host, port, workers))

    monkeypatch.setattr(serving, "_run", run)
    serving.serve("0.0.0.0:8123", 3)
    folder, existed, host, port, workers = seen[0]
    assert existed and not os.path.exists(folder) and "DJANGO_CACHE_DIR" not in os.environ
    assert (host, port, workers) == ("0.0.0.0", "8123", 3)
    monkeypatch.setenv("REDIS_URL", "redis://127.0.0.1:6379/0")  # one cache for all already
    serving.serve("127.0.0.1:8124", 1)
    assert len(seen) == 2 and "DJANGO_CACHE_DIR" not in os.environ


def test_a_start_removes_the_cache_folders_of_servers_killed_before(tmp_path, monkeypatch):
    """A killed server leaves its folder: the next start removes those whose process is gone
    (and an older version's, named without a process id), and keeps a running server's."""
    from syllabatim import cache_folders

    gone = subprocess.Popen(["true"])
    gone.wait()
    killed = tmp_path / f"syllabatim-cache-{gone.pid}-abc"
    older = tmp_path / "syllabatim-cache-x1y2z3"
    alive = tmp_path / f"syllabatim-cache-{os.getppid()}-def"
    other = tmp_path / "someone-elses"
    for folder in (killed, older, alive, other):
        folder.mkdir()
        (folder / "entry.djcache").write_bytes(b"x")
    made = cache_folders.new_folder(tmp_path)
    assert not killed.exists() and not older.exists()
    assert alive.exists() and other.exists()
    assert os.path.basename(made).startswith(f"syllabatim-cache-{os.getpid()}-")
    assert cache_folders.stale_folders(tmp_path) == []


def accepted_socket_options(listening: socket.socket) -> tuple[int, int]:
    """The ``proto`` and ``TCP_NODELAY`` of a connection accepted on ``listening`` by asyncio,
    as a uvicorn worker accepts it."""
    import asyncio
    import threading

    seen = {}

    class Report(asyncio.Protocol):
        def connection_made(self, transport):
            accepted = transport.get_extra_info("socket")
            seen["options"] = (
                accepted.proto,
                accepted.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY),
            )
            transport.close()

    async def accept_one():
        server = await asyncio.get_running_loop().create_server(Report, sock=listening)
        port = listening.getsockname()[1]
        _reader, writer = await asyncio.open_connection("127.0.0.1", port)
        for _ in range(200):
            if "options" in seen:
                break
            await asyncio.sleep(0.01)
        writer.close()
        server.close()

    # A loop in a thread of its own: this one may already run one (Playwright's).
    thread = threading.Thread(target=asyncio.run, args=(accept_one(),))
    thread.start()
    thread.join()
    return seen["options"]


def test_the_workers_connections_send_without_waiting_for_acknowledgements():
    """Issue 32: the socket handed to the worker processes says it is TCP, so that asyncio
    turns Nagle's algorithm off on every connection (a response's body then leaves without
    waiting 40 ms for the client to acknowledge its head)."""
    import pickle
    from multiprocessing.reduction import ForkingPickler

    from syllabatim.serving import APPLICATION, TcpConfig

    config = TcpConfig(APPLICATION, host="127.0.0.1", port=free_port(), workers=2)
    bound = config.bind_socket()
    # What a worker gets: the socket as multiprocessing hands it to a spawned process.
    handed = pickle.loads(ForkingPickler.dumps(bound))
    bound.close()
    try:
        assert handed.proto == socket.IPPROTO_TCP
        assert accepted_socket_options(handed) == (socket.IPPROTO_TCP, 1)
    finally:
        handed.close()


def test_the_server_module_imports_before_django_is_set_up():
    """``python -m syllabatim.serving`` imports its modules before ``django.setup()``: none of
    them may read a setting at import (the process's page store once did, and the server did
    not start)."""
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    done = subprocess.run(
        [sys.executable, "-c", "import syllabatim.serving"],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr


def answers_on_one_connection(port: int, requests: list[bytes]) -> list[tuple]:
    """``requests`` sent together on one kept-alive connection; their answers read as a
    client reads them, each body by its Content-Length (none after a HEAD)."""
    answers = []
    with socket.create_connection(("127.0.0.1", port), timeout=10) as client:
        client.sendall(b"".join(requests))
        stream = client.makefile("rb")
        for request in requests:
            status = int(stream.readline().split()[1])
            headers = {}
            while (line := stream.readline()) != b"\r\n":
                name, _colon, value = line.decode("latin1").partition(":")
                headers[name.lower()] = value.strip()
            head = request.startswith(b"HEAD ")
            body = b"" if head else stream.read(int(headers["content-length"]))
            answers.append((status, headers, body))
        client.settimeout(0.5)
        with pytest.raises(TimeoutError):  # nothing more: a HEAD's answer had no body
            client.recv(1)
    return answers


def test_one_connection_carries_a_chunked_upload_a_head_and_a_get(served):
    """A phone's kept-alive connection: a chunked form, a HEAD (its answer without a body but
    with the length of the GET's) and a GET, each answered in turn."""
    port, _log = served
    form = b"username=rozhodci&password=x"
    chunked = (
        b"POST /ucet/prihlaseni/ HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        b"Content-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked\r\n\r\n"
        + b"9\r\n"
        + form[:9]
        + b"\r\n"
        + b"%x\r\n" % len(form[9:])
        + form[9:]
        + b"\r\n0\r\n\r\n"
    )
    page = b" /ucet/prihlaseni/ HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
    upload, head, get = answers_on_one_connection(port, [chunked, b"HEAD" + page, b"GET" + page])
    assert upload[0] == 403  # read whole and refused by Django (no CSRF cookie)
    assert head[0] == get[0] == 200 and head[2] == b""
    assert head[1]["content-length"] == get[1]["content-length"] == str(len(get[2]))
    assert b"<form" in get[2]


def test_a_header_that_never_ends_is_refused(served):
    """uvicorn keeps a request's head however long it grows (a client could fill the
    laptop's memory with one header): past the limit it is answered 400 and cut off, and
    the server answers the next request."""
    port, _log = served
    with socket.create_connection(("127.0.0.1", port), timeout=10) as client:
        client.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Endless: ")
        try:
            for _chunk in range(64):  # 4 MB
                client.sendall(b"a" * 65536)
        except OSError:  # cut off before all of it was sent
            pass
        answer = client.recv(100)
    assert answer.startswith(b"HTTP/1.1 400 ")
    assert httpx.get(f"http://127.0.0.1:{port}/zdravi/", timeout=5).status_code == 200
    # A large body arriving with its head, at once, is no part of the head.
    form = b"username=" + b"a" * 1_000_000
    upload = (
        b"POST /ucet/prihlaseni/ HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        b"Content-Type: application/x-www-form-urlencoded\r\n"
        b"Content-Length: %d\r\n\r\n" % len(form) + form
    )
    (status, _headers, _body), *_ = answers_on_one_connection(port, [upload, upload])
    assert status == 403  # Django's: no CSRF cookie


def test_clients_leaving_before_their_answer_leave_no_error(served):
    """Readers who ask and go away at once (a page reloaded, a phone leaving the hall's
    network), some cutting the connection off: their answers are dropped without a line of
    error in the log, and the threads serve the next reader."""
    import struct

    port, log = served
    logged_before = len(log.read_text())
    for number in range(120):
        client = socket.create_connection(("127.0.0.1", port), timeout=5)
        path = (b"/", b"/zdravi/", b"/ucet/prihlaseni/")[number % 3]
        client.sendall(b"GET " + path + b" HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        if number % 2:  # reset rather than closed
            client.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        client.close()
    assert httpx.get(f"http://127.0.0.1:{port}/", timeout=10).status_code == 200
    time.sleep(0.5)
    since = log.read_text()[logged_before:]
    assert not any(word in since for word in ("ERROR", "Traceback", "Exception")), since
