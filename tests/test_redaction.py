"""Table links' secrets never reach a log line, an error report or the server's access log
(the access log itself: tests/test_serving.py)."""

import logging
import sys

from django.test import RequestFactory, override_settings
from django.views.debug import ExceptionReporter

from scorekeeper.redaction import REDACTED, RedactTableLinks, redact, redacted_request

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


def test_make_serve_serves_through_the_redacting_access_log():
    from pathlib import Path

    makefile = (Path(__file__).resolve().parent.parent / "Makefile").read_text()
    assert "-m syllabatim.serving" in makefile
