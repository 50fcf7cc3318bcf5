"""Table links' secrets never reach a log line, an error report or gunicorn's access log."""

import logging
import sys
from datetime import timedelta
from types import SimpleNamespace

from django.test import RequestFactory, override_settings
from django.views.debug import ExceptionReporter

from scorekeeper.redaction import REDACTED, RedactTableLinks, redact, redacted_request
from syllabatim.serving import RedactingLogger

SECRET = "cC3nu4tN7hRaNCxWdvMF2bgsOzM"
PATH = f"/stul/T3NT2C-{SECRET}/kolo-5/"


def test_redact_keeps_the_code_and_drops_the_secret():
    assert redact(PATH) == f"/stul/T3NT2C-{REDACTED}/kolo-5/"
    assert (
        redact(f"POST /en{PATH}?x=1 HTTP/1.1")
        == f"POST /en/stul/T3NT2C-{REDACTED}/kolo-5/?x=1 HTTP/1.1"
    )
    assert redact("/stul/whatever-was-typed/") == f"/stul/{REDACTED}/"
    assert redact("/turnaj/mcr/") == "/turnaj/mcr/"
    assert redact(42) == 42
    assert redact(f"{{'token': 'T3NT2C-{SECRET}'}}") == f"{{'token': 'T3NT2C-{REDACTED}'}}"


def test_the_logging_filter_redacts_message_arguments_and_request():
    request = RequestFactory().post(PATH)
    record = logging.LogRecord(
        "django.request", logging.WARNING, __file__, 1, "%s: %s", ("Conflict", PATH), None
    )
    record.request = request
    assert RedactTableLinks().filter(record)
    assert SECRET not in record.getMessage()
    assert SECRET not in record.request.path and SECRET not in str(record.request.META)
    assert SECRET in request.path  # the live request is left alone


def test_the_request_loggers_carry_the_filter():
    for name in ("django.request", "django.server", "django.security.csrf"):
        assert any(isinstance(f, RedactTableLinks) for f in logging.getLogger(name).filters), name


@override_settings(DEBUG=False)
def test_an_error_report_carries_no_secret():
    request = RequestFactory().post(PATH, {"p1-laid": "3"})
    token = f"T3NT2C-{SECRET}"  # a local variable of a frame, as in a view

    def view(request, token):
        raise ValueError("boom")

    try:
        view(request, token)
    except ValueError:
        info = sys.exc_info()
    reporter = ExceptionReporter(redacted_request(request), *info, is_email=True)
    for report in (reporter.get_traceback_text(), reporter.get_traceback_html()):
        assert SECRET not in report
        assert "T3NT2C" in report
    assert "T3NT2C-" + REDACTED in reporter.get_traceback_html()  # the frame's variable


def test_gunicorn_access_log_atoms_carry_no_secret():
    logger = RedactingLogger.__new__(RedactingLogger)
    logger.cfg = SimpleNamespace()
    environ = {
        "REQUEST_METHOD": "POST",
        "RAW_URI": PATH,
        "PATH_INFO": PATH,
        "QUERY_STRING": "",
        "SERVER_PROTOCOL": "HTTP/1.1",
        "REMOTE_ADDR": "192.168.1.20",
        "HTTP_REFERER": "http://192.168.1.10:8000" + PATH,
    }
    response = SimpleNamespace(status="302 Found", sent=0, headers=[("Location", PATH)])
    request = SimpleNamespace(headers=[("REFERER", "http://192.168.1.10:8000" + PATH)])
    atoms = logger.atoms(response, request, environ, timedelta(seconds=0))
    assert all(SECRET not in str(value) for value in atoms.values())
    assert atoms["U"] == f"/stul/T3NT2C-{REDACTED}/kolo-5/"
    assert atoms["h"] == "192.168.1.20"


def test_make_serve_uses_the_redacting_logger():
    from pathlib import Path

    makefile = (Path(__file__).resolve().parent.parent / "Makefile").read_text()
    assert "--logger-class syllabatim.serving.RedactingLogger" in makefile
