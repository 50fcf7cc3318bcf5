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
- Each thread runs its requests in a context of its own, kept for the thread's life
  (``ThreadContexts``), as a plain WSGI server's thread does: what Django keeps for a context,
  as its cache's connection to Redis, serves the thread's next request too.
"""

import asyncio
import contextvars
import os
import threading

from a2wsgi import WSGIMiddleware
from django.conf import settings
from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "syllabatim.settings")

# The staff's addresses (syllabatim/urls.py), in Czech and under /en/.
STAFF_PREFIXES = ("/rozhodci/", "/sprava/", "/stul/", "/ucet/", "/admin/", "/api/")
BODY_IDLE_SECONDS = 30  # a body that stops arriving for so long is not waited for


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
        declared = dict(scope.get("headers", ())).get(b"content-length", b"0")
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


class ThreadContexts:
    """WSGI middleware: every request a thread runs, and the iteration of its answer, in the
    same context, the thread's own. a2wsgi runs each request in a new copy of the event
    loop's context, and Django keeps its caches for a context (``asgiref.local``): without
    this, every request made a new cache object, and so a new connection to Redis (issue 32:
    the cached standings at half gunicorn's pace)."""

    def __init__(self, app):
        self.app = app
        self.threads = threading.local()

    def __call__(self, environ, start_response):
        context = getattr(self.threads, "context", None)
        if context is None:
            context = self.threads.context = contextvars.Context()
        return _InContext(context, context.run(self.app, environ, start_response))


class _InContext:
    """A WSGI answer whose chunks are produced, and which is closed, in ``context``."""

    def __init__(self, context: contextvars.Context, answer):
        self.context = context
        self.answer = answer

    def __iter__(self):
        chunks = self.context.run(iter, self.answer)
        while True:
            try:
                yield self.context.run(next, chunks)
            except StopIteration:
                return

    def close(self) -> None:
        close = getattr(self.answer, "close", None)
        if close is not None:
            self.context.run(close)


def by_audience(staff, public):
    """ASGI app: the staff's addresses to ``staff``, the rest to ``public``."""

    async def route(scope, receive, send):
        if scope["type"] == "http" and is_staff(scope.get("path", "")):
            return await staff(scope, receive, send)
        return await public(scope, receive, send)

    return route


def threads(name: str, default: int) -> int:
    return max(1, int(os.environ.get(name, default)))


django_application = ThreadContexts(get_wsgi_application())
application = WholeRequests(
    by_audience(
        staff=WSGIMiddleware(django_application, workers=threads("SERVE_STAFF_THREADS", 8)),
        public=WSGIMiddleware(django_application, workers=threads("SERVE_PUBLIC_THREADS", 2)),
    ),
    max_bytes=settings.PUSH_MAX_BYTES,
)
