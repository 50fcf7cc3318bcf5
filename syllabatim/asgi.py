"""The application as ``make serve`` serves it (uvicorn, ``syllabatim.serving``).

The venue's laptop serves the hall's network itself, without a proxy in front: every phone,
referee and reader talks to this process. So:

- A request is read whole in the event loop before any thread sees it (``WholeRequests``): a
  client sending half a request, or its body a byte a minute, costs a socket, not a worker.
  A body larger than ``PUSH_MAX_BYTES`` is refused with 413, one that stops arriving for
  ``BODY_IDLE_SECONDS`` with 408.
- Django (WSGI, unchanged) then runs in one of two pools of threads (``by_audience``): the
  staff's (the referees' desk, the table links of the phones, sign-in, the organiser's
  pages, the admin, the venue's push) and the public's (everything else: standings, the
  live refresh, downloads, static files). However many readers wait, they wait in the public
  pool's queue (in the event loop, without a thread), and the staff's threads stay free.
- A thread makes the answer whole and hands it back to the event loop, which sends it
  (``WholeAnswers``): one hand-off a request each way, and a client that never reads its
  answer holds a socket, not a thread. Each thread runs its requests in a context of its
  own, kept for the thread's life, as a plain WSGI server's thread does.
"""

import asyncio
import io
import os
import sys
from concurrent.futures import ThreadPoolExecutor

from django.conf import settings
from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "syllabatim.settings")

# The staff's addresses (syllabatim/urls.py), in Czech and under /en/.
STAFF_PREFIXES = ("/rozhodci/", "/sprava/", "/stul/", "/ucet/", "/admin/", "/api/")
BODY_IDLE_SECONDS = 30  # a body that stops arriving for so long is not waited for
ENCODING = (sys.getfilesystemencoding(), "surrogateescape")  # of the process's environment


def is_staff(path: str) -> bool:
    if path.startswith("/en/"):
        path = path[3:]
    return path.startswith(STAFF_PREFIXES)


async def _answer(send, status: int, text: str) -> None:
    body = text.encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"text/plain; charset=utf-8"),
                (b"content-length", str(len(body)).encode()),
                (b"connection", b"close"),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})


class WholeRequests:
    """ASGI middleware: the app gets a request only once its body has arrived whole."""

    def __init__(self, app, max_bytes: int, idle_seconds: float = BODY_IDLE_SECONDS):
        self.app = app
        self.max_bytes = max_bytes
        self.idle_seconds = idle_seconds

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        given = dict(scope.get("headers", ()))
        declared = given.get(b"content-length", b"0")
        if declared == b"0" and b"transfer-encoding" not in given:
            return await self.app(scope, receive, send)  # no body: whole already
        if not declared.isdigit() or int(declared) > self.max_bytes:
            return await _answer(send, 413, "Request body too large.")
        chunks, size = [], 0
        while True:
            try:
                message = await asyncio.wait_for(receive(), self.idle_seconds)
            except TimeoutError:
                return await _answer(send, 408, "Request body not received in time.")
            if message["type"] == "http.disconnect":
                return None
            body = message.get("body", b"")
            size += len(body)
            if size > self.max_bytes:
                return await _answer(send, 413, "Request body too large.")
            chunks.append(body)
            if not message.get("more_body", False):
                break
        whole = {"type": "http.request", "body": b"".join(chunks), "more_body": False}
        # The body is whole now: the application sees its length, as if the client had sent
        # it (a chunked push has none, and a WSGI application would read it as empty).
        headers = [
            (name, value)
            for name, value in scope.get("headers", ())
            if name not in (b"content-length", b"transfer-encoding")
        ]
        scope = {**scope, "headers": [*headers, (b"content-length", str(size).encode())]}
        given = False

        async def replay():
            nonlocal given
            if not given:
                given = True
                return whole
            return await receive()  # after the body: the client's disconnect, if any

        return await self.app(scope, replay, send)


class WholeAnswers:
    """ASGI app: the WSGI ``app`` in a pool of ``threads`` threads, each answer made whole in
    its thread and then sent by the event loop. A request is one hand-off to a thread and one
    back, as in a plain WSGI server's thread (issue 32): a2wsgi, which served before, made
    the thread wait for the event loop for the head, for each chunk of the body and for its
    end, four round trips a request, and the cached standings cost a third more processor time
    than under gunicorn. A thread never waits for a client, even one that does not read:
    the event loop writes the answer as fast as the client takes it (the largest answer is
    an admin script of 325 kB held in memory meanwhile).

    Each thread runs its requests in its own context, kept for the thread's life, as a plain
    WSGI server's thread does: what Django keeps for a context, as its cache's connection to
    Redis, serves the thread's next request too."""

    def __init__(self, app, threads: int):
        self.app = app
        self.pool = ThreadPoolExecutor(max_workers=threads, thread_name_prefix="django")

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":  # a websocket: refused (uvicorn answers 403)
            return
        message = await receive()  # the whole body (``WholeRequests``)
        environ = build_environ(scope, io.BytesIO(message.get("body", b"")))
        loop = asyncio.get_running_loop()
        # run_in_executor, unlike asyncio.to_thread, runs it in the thread's own context.
        status, headers, body = await loop.run_in_executor(self.pool, self.answer, environ)
        await send({"type": "http.response.start", "status": status, "headers": headers})
        await send({"type": "http.response.body", "body": body})

    def answer(self, environ) -> tuple[int, list[tuple[bytes, bytes]], bytes]:
        head = []

        def start_response(status, headers, exc_info=None):
            head[:] = [
                int(status[:3]),
                [(n.lower().encode("latin1"), v.encode("latin1")) for n, v in headers],
            ]

        chunks = self.app(environ, start_response)
        try:
            body = b"".join(chunks)
        finally:
            if hasattr(chunks, "close"):
                chunks.close()
        return head[0], head[1], body


def build_environ(scope, body: io.BytesIO) -> dict:
    """The WSGI environ (PEP 3333) of an ASGI request whose whole body is ``body``: what
    a2wsgi's ``build_environ`` (not part of its documented interface) made, but for two things.
    A header whose name has an underscore is dropped, as gunicorn and Django's runserver drop
    it: ``X_Forwarded_For`` would otherwise be joined to ``X-Forwarded-For`` (both are
    ``HTTP_X_FORWARDED_FOR``) and set the client's address behind a proxy that passes it on
    (``accounts.access.client_address``), and with it the limits on wrong guesses. And the
    query string is read as ISO-8859-1, as PEP 3333 says, not refused outside ASCII."""
    script_name = scope.get("root_path", "").encode().decode("latin1")
    path_info = scope["path"].encode().decode("latin1")
    if path_info.startswith(script_name):
        path_info = path_info[len(script_name) :]
    if os.environ.get("SCRIPT_NAME"):  # as gunicorn and a2wsgi read it
        script_name = os.environ["SCRIPT_NAME"].encode(*ENCODING).decode("latin1")
    server, port = scope.get("server") or ("localhost", 80)
    environ = {
        "REQUEST_METHOD": scope["method"],
        "SCRIPT_NAME": script_name,
        "PATH_INFO": path_info,
        "QUERY_STRING": scope.get("query_string", b"").decode("latin1"),
        "SERVER_NAME": server,
        "SERVER_PORT": str(port or 0),
        "SERVER_PROTOCOL": f"HTTP/{scope.get('http_version', '1.1')}",
        "wsgi.version": (1, 0),
        "wsgi.url_scheme": scope.get("scheme", "http"),
        "wsgi.input": body,
        "wsgi.errors": sys.stderr,
        "wsgi.multithread": True,
        "wsgi.multiprocess": True,
        "wsgi.run_once": False,
    }
    if scope.get("client"):
        environ["REMOTE_ADDR"], port = scope["client"]
        environ["REMOTE_PORT"] = str(port)
    for name, value in scope.get("headers", ()):
        if b"_" in name:
            continue
        key = name.decode("latin1").upper().replace("-", "_")
        if key not in ("CONTENT_LENGTH", "CONTENT_TYPE"):
            key = "HTTP_" + key
        value = value.decode("latin1")
        environ[key] = environ[key] + "," + value if key in environ else value
    return environ


def by_audience(staff, public):
    """ASGI app: the staff's addresses to ``staff``, the rest to ``public``."""

    async def route(scope, receive, send):
        if scope["type"] == "http" and is_staff(scope.get("path", "")):
            return await staff(scope, receive, send)
        return await public(scope, receive, send)

    return route


def threads(name: str, default: int) -> int:
    return max(1, int(os.environ.get(name, default)))


django_application = get_wsgi_application()
application = WholeRequests(
    by_audience(
        staff=WholeAnswers(django_application, threads("SERVE_STAFF_THREADS", 8)),
        public=WholeAnswers(django_application, threads("SERVE_PUBLIC_THREADS", 2)),
    ),
    max_bytes=settings.PUSH_MAX_BYTES,
)
