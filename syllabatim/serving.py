"""How ``make serve`` serves the application: uvicorn running ``syllabatim.asgi`` (requests read
whole in the event loop, then Django in the staff's or the public's pool of threads), several
worker processes, and an access log without table links' secrets.

    python -m syllabatim.serving [--bind HOST:PORT] [--workers N]

Why not gunicorn's sync workers, which served until issue 20: six sockets sending half a
request held all of them, and every phone waited. gunicorn's threads (gthread) hand a socket
to a thread as soon as it is readable, so a half-sent request still holds a thread; uvicorn
parses in its event loop, and ``syllabatim.asgi`` waits for the body there too.

Why ``TcpConfig`` (issue 32): with several workers uvicorn binds the listening socket in the
parent and hands it to the workers, and it makes that socket without naming its protocol
(``proto`` 0). Every accepted socket inherits that 0, and asyncio turns Nagle's algorithm off
(``TCP_NODELAY``) only on a socket whose ``proto`` says TCP. uvicorn writes a response in two
sends (the head, then the body): the body waited for the client's delayed acknowledgement of
the head, 40 ms on Linux, on every request of a kept-alive connection (uvicorn issue #3149).
uvloop, uvicorn's event loop where it is installed (a dependency but on Windows), sets the
option itself; asyncio's loop, where uvloop is not, needs ``TcpConfig``.
"""

import argparse
import logging
import os
import secrets
import shutil
import socket

import django
import uvicorn
from django.conf import settings
from django.db import DatabaseError, connections
from uvicorn.config import STARTUP_FAILURE
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from scorekeeper.redaction import redact
from syllabatim import cache_folders
from tournament.addresses import BIND_VARIABLE, INSTANCE_VARIABLE

APPLICATION = "syllabatim.asgi:application"
DEFAULT_BIND = "127.0.0.1:8000"
DEFAULT_WORKERS = 3
HEAD_MAX_BYTES = 64 * 1024  # a request's line and headers (gunicorn allowed 100 × 8 kB)


class RedactingAccessFilter(logging.Filter):
    """uvicorn's access log (client, method, path, version, status) without the secret of a
    table link: every argument and the message go through ``scorekeeper.redaction.redact``."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.msg = redact(record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(redact(value) for value in record.args)
        return True


# uvicorn's own logging configuration, with the filter on the access log.
LOG_CONFIG = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"redact": {"()": "syllabatim.serving.RedactingAccessFilter"}},
    "formatters": {
        "default": {"()": "uvicorn.logging.DefaultFormatter", "fmt": "%(levelprefix)s %(message)s"},
        "access": {
            "()": "uvicorn.logging.AccessFormatter",
            "fmt": '%(asctime)s %(client_addr)s - "%(request_line)s" %(status_code)s',
        },
    },
    "handlers": {
        "default": {
            "formatter": "default",
            "class": "logging.StreamHandler",
            "stream": "ext://sys.stderr",
        },
        "access": {
            "formatter": "access",
            "class": "logging.StreamHandler",
            "stream": "ext://sys.stdout",
            "filters": ["redact"],
        },
    },
    "loggers": {
        "uvicorn": {"handlers": ["default"], "level": "INFO", "propagate": False},
        "uvicorn.error": {"level": "INFO"},
        "uvicorn.access": {"handlers": ["access"], "level": "INFO", "propagate": False},
    },
}


def more_open_files() -> None:
    """Each waiting client holds a socket: allow as many as the system lets this user."""
    try:
        import resource  # not on Windows, where there is no such limit to raise
    except ImportError:
        return
    try:
        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        if soft != hard:
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    except (ValueError, OSError):
        pass


class TcpConfig(uvicorn.Config):
    """uvicorn's configuration, its listening socket saying that it is TCP, so that every
    connection it accepts has ``TCP_NODELAY`` (see above)."""

    def bind_socket(self) -> socket.socket:
        bound = super().bind_socket()
        # Built again around the same descriptor, Python asks the system for the protocol.
        return socket.socket(fileno=bound.detach())


class BoundedHeads(HttpToolsProtocol):
    """uvicorn's HTTP/1.1 (httptools) with a limit on a request's line and headers: uvicorn
    sets none there, and kept every byte of a header that never ends (one client sending
    100 MB of it grew the worker by 170 MB). Over ``HEAD_MAX_BYTES`` the request is answered
    400 and its connection closed, as uvicorn answers a request it cannot parse."""

    head: int | None = 0  # bytes of the request's head read, None once it is whole

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self.head = -1  # begun inside the bytes being read: counted from the next ones

    def on_headers_complete(self) -> None:
        self.head = None
        super().on_headers_complete()

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        # Counted once parsed: bytes that end a head (and begin a body) are not the head's.
        if self.head is not None and not self.transport.is_closing():
            self.head = 0 if self.head < 0 else self.head + len(data)
            if self.head > HEAD_MAX_BYTES:
                self.head = None
                self.send_400_response("Request head too large.")


def serve(bind: str = DEFAULT_BIND, workers: int = DEFAULT_WORKERS) -> None:
    host, _colon, port = bind.rpartition(":")
    more_open_files()
    # Where the workers listen (the settings page warns of a loopback address; on every
    # interface they answer to this machine's addresses) and one token for all of them (the
    # health page's, which tells this server from another at the phones' address).
    os.environ[BIND_VARIABLE] = bind
    os.environ.setdefault(INSTANCE_VARIABLE, secrets.token_hex(16))
    shared_cache = None
    if not os.environ.get("REDIS_URL") and not os.environ.get("DJANGO_CACHE_DIR"):
        # One cache for the worker processes (settings: DJANGO_CACHE_DIR), new at each start:
        # nothing kept from another database that might have the same ids and revisions.
        # Those of servers killed before are removed first (issue 38).
        shared_cache = cache_folders.new_folder()
        os.environ["DJANGO_CACHE_DIR"] = shared_cache
    try:
        _run(uvicorn, host, port, workers)
    finally:
        if shared_cache is not None:
            os.environ.pop("DJANGO_CACHE_DIR", None)
            shutil.rmtree(shared_cache, ignore_errors=True)


def _run(uvicorn, host: str, port: str, workers: int) -> None:
    config = TcpConfig(
        APPLICATION,
        host=host.strip("[]") or "127.0.0.1",
        port=int(port),
        workers=workers,
        log_config=LOG_CONFIG,
        # The client is the socket's peer; behind a proxy Django reads X-Forwarded-For itself
        # (DJANGO_BEHIND_PROXY), in one place.
        proxy_headers=False,
        server_header=False,
        lifespan="off",
        http="syllabatim.serving:BoundedHeads",
    )
    # What uvicorn.run does with such a configuration, with ours.
    if workers > 1:
        from uvicorn.supervisors import Multiprocess

        Multiprocess(config, sockets=[config.bind_socket()]).run()
        return
    server = uvicorn.Server(config)
    try:
        server.run()
    except KeyboardInterrupt:
        pass
    if not server.started:  # the port taken, say: uvicorn.run's exit status
        raise SystemExit(STARTUP_FAILURE)


def refuse_the_demo_password() -> None:
    """Without debug the server does not start while the demo organiser's account has the
    published password (``accounts.demo_account``): it exits with the reason and the fix."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "syllabatim.settings")
    django.setup()
    from accounts.demo_account import published_password_refusal  # once the apps are loaded

    if settings.DEBUG:
        return
    try:
        refusal = published_password_refusal()
    except DatabaseError:  # not migrated yet: no account at all
        refusal = None
    finally:
        connections.close_all()
    if refusal is not None:
        raise SystemExit(refusal)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m syllabatim.serving", description=__doc__)
    parser.add_argument("--bind", default=os.environ.get("BIND") or DEFAULT_BIND)
    parser.add_argument(
        "--workers", type=int, default=int(os.environ.get("WORKERS") or DEFAULT_WORKERS)
    )
    arguments = parser.parse_args(argv)
    refuse_the_demo_password()
    serve(arguments.bind, arguments.workers)


if __name__ == "__main__":
    main()
