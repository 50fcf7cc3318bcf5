"""Table links carry their secret in the address (``/stul/<code>-<secret>/``): it must never
reach a log, an error report or a ``Referer``. Everything that writes addresses out passes
them through ``redact``, which keeps the link's short code (not a secret: it names the table's
link on the desk and on the printed sheet) and drops the rest.

Used by Django's logging (``RedactTableLinks`` on the request loggers), by the error reports
(``TableLinkSafeExceptionReporterFilter``) and by the server's access log
(``syllabatim.serving.RedactingAccessFilter``).
"""

import copy
import logging
import re

from django.views.debug import SafeExceptionReporterFilter

_TABLE_ADDRESS = re.compile(r"(/stul/)([^/?#\s\"'<>]*)")
_CODE = re.compile(r"[0-9A-Z]{6}-")
# A token on its own (a view's argument): the code, a dash and the 27 characters of the secret.
_BARE_TOKEN = re.compile(r"(?<![A-Za-z0-9_-])([0-9A-Z]{6}-)[A-Za-z0-9_-]{27}(?![A-Za-z0-9_-])")
REDACTED = "…"


def _keep_code(match: re.Match) -> str:
    segment = match.group(2)
    if not segment:
        return match.group(0)
    code = _CODE.match(segment)
    return match.group(1) + (code.group(0) if code else "") + REDACTED


def redact(value):
    """The text with every table link's secret replaced by "…"; anything else as it is."""
    if isinstance(value, bytes):
        return redact(value.decode("utf-8", "replace"))
    if isinstance(value, str):
        if "/stul/" in value:
            value = _TABLE_ADDRESS.sub(_keep_code, value)
        return _BARE_TOKEN.sub(lambda match: match.group(1) + REDACTED, value)
    return value


def has_table_address(value) -> bool:
    return isinstance(value, str | bytes) and redact(value) != value


def redacted_request(request):
    """A shallow copy of a request to a table page with its address redacted (for an error
    report); any other request as it is."""
    if request is None or "/stul/" not in getattr(request, "path", ""):
        return request
    clean = copy.copy(request)
    clean.path = redact(request.path)
    clean.path_info = redact(request.path_info)
    clean.META = {key: redact(value) for key, value in request.META.items()}
    return clean


class RedactTableLinks(logging.Filter):
    """Redacts table links in a record's message, arguments and request."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.msg = redact(record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(redact(arg) for arg in record.args)
        elif isinstance(record.args, dict):
            record.args = {key: redact(value) for key, value in record.args.items()}
        if hasattr(record, "request"):
            record.request = redacted_request(record.request)
        return True


class TableLinkSafeExceptionReporterFilter(SafeExceptionReporterFilter):
    """Django's filter, plus: no table link in the request's data or a frame's variables."""

    def get_safe_request_meta(self, request):
        return {key: redact(value) for key, value in super().get_safe_request_meta(request).items()}

    def get_traceback_frame_variables(self, request, tb_frame):
        cleansed = []
        for name, value in super().get_traceback_frame_variables(request, tb_frame):
            try:
                shown = repr(value)
            except Exception:  # noqa: BLE001 - a repr that fails is Django's to report
                shown = ""
            cleansed.append((name, redact(shown) if has_table_address(shown) else value))
        return cleansed
