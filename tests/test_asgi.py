"""The application as ``make serve`` serves it (syllabatim.asgi): the staff's requests have
threads of their own whatever the readers do, and a request reaches a thread only whole."""

import asyncio
import sys
import threading

import httpx
import pytest

from syllabatim.asgi import WholeAnswers, WholeRequests, by_audience, is_staff


def run(coroutine_function):
    """``asyncio.run`` in a thread of its own: this one may already run a loop (Playwright's,
    when browser tests ran before in the same worker)."""
    outcome = {}

    def main():
        try:
            outcome["value"] = asyncio.run(coroutine_function())
        except BaseException as error:  # handed to the test's thread
            outcome["error"] = error

    thread = threading.Thread(target=main)
    thread.start()
    thread.join()
    if "error" in outcome:
        raise outcome["error"]
    return outcome["value"]


@pytest.mark.parametrize(
    ("path", "staff"),
    [
        ("/rozhodci/mcr/", True),
        ("/en/rozhodci/mcr/", True),
        ("/stul/ABCDEF-x/", True),
        ("/ucet/prihlaseni/", True),
        ("/sprava/", True),
        ("/admin/", True),
        ("/api/turnaj/mcr/", True),
        ("/turnaj/mcr/kvalifikace/zive/", False),
        ("/en/turnaj/mcr/", False),
        ("/static/css/site.css", False),
        ("/", False),
        ("/stulx/", False),
    ],
)
def test_the_staffs_addresses(path, staff):
    assert is_staff(path) is staff


def test_readers_filling_their_pool_leave_the_staff_their_threads():
    """Every public thread is busy (a reader's request that does not finish), more readers
    wait behind them: a referee's request is answered all the same."""
    readers_may_finish = threading.Event()
    readers_inside = threading.Semaphore(0)

    def django(environ, start_response):
        if environ["PATH_INFO"].startswith("/turnaj/"):
            readers_inside.release()
            readers_may_finish.wait(timeout=60)
        start_response("200 OK", [("Content-Type", "text/plain")])
        return [environ["PATH_INFO"].encode()]

    app = WholeRequests(
        by_audience(staff=WholeAnswers(django, 2), public=WholeAnswers(django, 2)),
        max_bytes=1000,
    )

    async def day():
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://hall") as client:
            readers = [
                asyncio.create_task(client.get("/turnaj/mcr/kvalifikace/zive/")) for _ in range(10)
            ]
            for _thread in range(2):  # both public threads hold a reader
                assert await asyncio.to_thread(readers_inside.acquire, timeout=30)
            desk = await asyncio.wait_for(client.get("/rozhodci/mcr/"), timeout=30)
            waiting = sum(not reader.done() for reader in readers)
            readers_may_finish.set()
            answered = await asyncio.gather(*readers)
            return desk, waiting, answered

    try:
        desk, waiting, answered = run(day)
    finally:
        readers_may_finish.set()
    assert desk.status_code == 200 and desk.text == "/rozhodci/mcr/"
    assert waiting == 10  # the readers were all still waiting when the referee was answered
    assert [reader.status_code for reader in answered] == [200] * 10


def answer_of(app, messages, scope_extra=None):
    """Run the ASGI ``app`` on one request whose body arrives as ``messages`` (then nothing,
    ever): what it sent back, and what the app behind it received."""
    sent, seen = [], []

    async def inner(scope, receive, send):
        seen.append(await receive())
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b"ok"})

    async def send_request():
        queue = list(messages)

        async def receive():
            if queue:
                return queue.pop(0)
            await asyncio.Event().wait()  # a client that sends nothing more

        async def send(message):
            sent.append(message)

        chunked = [(b"transfer-encoding", b"chunked")]
        scope = {"type": "http", "method": "POST", "path": "/ucet/prihlaseni/", "headers": chunked}
        scope.update(scope_extra or {})
        await app(inner)(scope, receive, send)

    run(send_request)
    status = next(m["status"] for m in sent if m["type"] == "http.response.start")
    return status, seen


def test_a_body_reaches_the_app_whole_in_one_message():
    status, seen = answer_of(
        lambda inner: WholeRequests(inner, max_bytes=100),
        [
            {"type": "http.request", "body": b"username=", "more_body": True},
            {"type": "http.request", "body": b"rozhodci", "more_body": False},
        ],
    )
    assert status == 200
    assert seen == [{"type": "http.request", "body": b"username=rozhodci", "more_body": False}]


def test_a_body_that_stops_arriving_is_refused_without_reaching_the_app():
    status, seen = answer_of(
        lambda inner: WholeRequests(inner, max_bytes=100, idle_seconds=0.05),
        [{"type": "http.request", "body": b"username=", "more_body": True}],
    )
    assert status == 408 and seen == []


@pytest.mark.parametrize(
    ("messages", "headers"),
    [
        ([], [(b"content-length", b"101")]),  # announced too large: not read at all
        (
            [{"type": "http.request", "body": b"x" * 60, "more_body": True}] * 2,
            [(b"transfer-encoding", b"chunked")],
        ),
    ],
)
def test_a_body_over_the_limit_is_refused(messages, headers):
    status, seen = answer_of(
        lambda inner: WholeRequests(inner, max_bytes=100), messages, {"headers": headers}
    )
    assert status == 413 and seen == []


def test_a_request_without_a_body_goes_to_the_app_as_it_came():
    """No length and no chunks: the request has no body (HTTP/1.1), nothing to wait for, and
    the app gets the scope and the server's own ``receive`` untouched (no task, no timer)."""
    seen = []

    async def inner(scope, receive, send):
        seen.append((scope, receive))

    async def receive():
        return {"type": "http.request", "body": b"", "more_body": False}

    scope = {"type": "http", "method": "GET", "path": "/", "headers": [(b"host", b"hall")]}
    run(lambda: WholeRequests(inner, max_bytes=100)(scope, receive, None))
    assert seen == [(scope, receive)]


def test_a_threads_requests_share_djangos_cache_connection():
    """Issue 32: a thread's requests all see the cache object (and so the connection to
    Redis) its first request made, as under a plain WSGI server (a2wsgi ran each request in
    a new copy of the event loop's context, and Django made a new one each time), and its
    answer is produced and closed in the same context."""
    from django.core.cache import caches

    seen = []

    class Answer:
        def __init__(self):
            seen.append(("request", caches["default"]))

        def __iter__(self):
            seen.append(("chunk", caches["default"]))
            yield b"ok"

        def close(self):
            seen.append(("close", caches["default"]))

    def django(environ, start_response):
        start_response("200 OK", [("Content-Type", "text/plain")])
        return Answer()

    app = WholeAnswers(django, 1)  # one thread: both requests in it

    async def two_requests():
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://hall") as client:
            for _ in range(2):
                assert (await client.get("/turnaj/mcr/")).text == "ok"

    run(two_requests)
    assert [stage for stage, _cache in seen] == ["request", "chunk", "close"] * 2
    assert len({id(cache) for _stage, cache in seen}) == 1  # seen keeps them all alive


def test_a_client_that_does_not_read_holds_no_thread():
    """The answer is made whole in the thread and sent by the event loop: while the first
    client takes nothing of its long answer, the only thread answers the next one."""

    def django(environ, start_response):
        start_response("200 OK", [("Content-Type", "text/plain"), ("X-Test", "1")])
        return [b"x" * 1000] * 50 if environ["PATH_INFO"] == "/long/" else [b"short"]

    app = WholeAnswers(django, 1)
    never = asyncio.Event()

    async def two_clients():
        sent = []

        async def deaf(message):  # takes the head, then never the body
            sent.append(message)
            if message["type"] == "http.response.body":
                await never.wait()

        async def nothing():
            return {"type": "http.request", "body": b"", "more_body": False}

        scope = {"type": "http", "method": "GET", "path": "/long/", "headers": []}
        scope.update(query_string=b"", http_version="1.1", root_path="")
        held = asyncio.create_task(app(scope, nothing, deaf))
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://hall") as client:
            other = await asyncio.wait_for(client.get("/short/"), timeout=10)
        stuck = not held.done()
        held.cancel()
        return sent, other, stuck

    sent, other, stuck = run(two_clients)
    assert stuck and other.text == "short" and other.headers["x-test"] == "1"
    assert sent[0] == {
        "type": "http.response.start",
        "status": 200,
        "headers": [(b"content-type", b"text/plain"), (b"x-test", b"1")],
    }
    assert sent[1] == {"type": "http.response.body", "body": b"x" * 50_000}


def wsgi_call(app, path="/turnaj/mcr/", headers=(), body=b"", **scope_extra):
    """One request to the ASGI ``app`` as uvicorn makes it: the messages sent back."""
    sent = []

    async def request():
        async def receive():
            return {"type": "http.request", "body": body, "more_body": False}

        async def send(message):
            sent.append(message)

        scope = {
            "type": "http",
            "method": "POST" if body else "GET",
            "path": path,
            "raw_path": path.encode(),
            "root_path": "",
            "query_string": b"",
            "http_version": "1.1",
            "scheme": "http",
            "server": ("192.168.1.2", 8000),
            "client": ("192.168.1.30", 50123),
            "headers": [(b"host", b"192.168.1.2:8000"), *headers],
            **scope_extra,
        }
        await app(scope, receive, send)

    run(request)
    return sent


def test_the_environ_is_a_plain_wsgi_servers():
    """What Django sees of a request: the values a2wsgi (and gunicorn) gave it."""
    seen = []

    def django(environ, start_response):
        seen.append({**environ, "wsgi.input": environ["wsgi.input"].read()})
        start_response("200 OK", [])
        return [b""]

    app = WholeRequests(WholeAnswers(django, 1), max_bytes=1000)
    headers = [
        (b"content-type", b"application/x-www-form-urlencoded"),
        (b"transfer-encoding", b"chunked"),
        (b"accept-language", b"cs"),
        (b"accept-language", b"en;q=0.5"),
        (b"cookie", b"sessionid=abc"),
    ]
    wsgi_call(
        app,
        "/sub/en/stul/ABCDEF-x/kolo-1/",
        headers,
        b"version=3",
        root_path="/sub",
        query_string="q=é".encode(),
    )
    environ = seen[0]
    assert environ["wsgi.input"] == b"version=3"
    assert {key: environ[key] for key in environ if key.isupper()} == {
        "REQUEST_METHOD": "POST",
        "SCRIPT_NAME": "/sub",
        "PATH_INFO": "/en/stul/ABCDEF-x/kolo-1/",
        "QUERY_STRING": "q=Ã©",  # the bytes as ISO-8859-1 (PEP 3333), Django decodes them
        "SERVER_NAME": "192.168.1.2",
        "SERVER_PORT": "8000",
        "SERVER_PROTOCOL": "HTTP/1.1",
        "REMOTE_ADDR": "192.168.1.30",
        "REMOTE_PORT": "50123",
        "CONTENT_TYPE": "application/x-www-form-urlencoded",
        "CONTENT_LENGTH": "9",  # the body read whole, the chunked framing gone
        "HTTP_HOST": "192.168.1.2:8000",
        "HTTP_ACCEPT_LANGUAGE": "cs,en;q=0.5",
        "HTTP_COOKIE": "sessionid=abc",
    }
    assert environ["wsgi.url_scheme"] == "http" and environ["wsgi.version"] == (1, 0)
    assert environ["wsgi.multithread"] and not environ["wsgi.run_once"]


def test_a_header_with_an_underscore_does_not_choose_the_clients_address(settings):
    """Behind a proxy the client's address is X-Forwarded-For's last hop (the limits on wrong
    table-link guesses and sign-ins count per address). A client's ``X_Forwarded_For`` that
    the proxy passes on must not add a hop of the client's choosing (a2wsgi joined both
    headers into ``HTTP_X_FORWARDED_FOR``; gunicorn and runserver drop such a header)."""
    from django.core.handlers.wsgi import WSGIRequest

    from accounts.access import client_address

    settings.BEHIND_PROXY = True
    addresses = []

    def django(environ, start_response):
        addresses.append(client_address(WSGIRequest(environ)))
        start_response("200 OK", [])
        return [b""]

    headers = [(b"x-forwarded-for", b"203.0.113.5"), (b"x_forwarded_for", b"198.51.100.9")]
    sent = wsgi_call(WholeAnswers(django, 1), "/stul/ABCDEF-x/", headers)
    assert sent[0]["status"] == 200 and addresses == ["203.0.113.5"]


def test_an_error_in_the_answer_closes_it_once_and_frees_the_thread():
    """An answer that fails while it is made whole: its ``close()`` runs once (Django's
    ``request_finished``, which gives back the database connection, depends on it), the error
    reaches the server (uvicorn answers 500 and logs it: nothing was sent yet), and the
    pool's only thread answers the next request. A normal answer is closed once too."""
    closed = []

    class Answer:
        def __init__(self, path):
            self.path = path

        def __iter__(self):
            yield b"half"
            if self.path == "/broken/":
                raise RuntimeError("the printout failed")
            yield b" whole"

        def close(self):
            closed.append(self.path)

    def django(environ, start_response):
        start_response("200 OK", [("Content-Type", "text/plain")])
        return Answer(environ["PATH_INFO"])

    app = WholeAnswers(django, 1)
    with pytest.raises(RuntimeError, match="the printout failed"):
        wsgi_call(app, "/broken/")
    sent = wsgi_call(app, "/fine/")
    assert sent[1] == {"type": "http.response.body", "body": b"half whole"}
    assert closed == ["/broken/", "/fine/"]


def test_an_app_that_changes_its_answer_with_exc_info_is_answered_so():
    """PEP 3333: an app may call ``start_response`` again with ``exc_info`` while nothing is
    sent; the last status and headers are the answer's (and lazily, from its iterable)."""

    def django(environ, start_response):
        start_response("200 OK", [("Content-Type", "text/html")])
        try:
            raise ValueError("no page")
        except ValueError:
            start_response("503 Service Unavailable", [("Retry-After", "5")], sys.exc_info())
        yield b"later"

    sent = wsgi_call(WholeAnswers(django, 1))
    assert sent == [
        {"type": "http.response.start", "status": 503, "headers": [(b"retry-after", b"5")]},
        {"type": "http.response.body", "body": b"later"},
    ]
