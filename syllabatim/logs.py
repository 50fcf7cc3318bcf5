"""Log filters of the project's LOGGING setting."""

import logging


class OneLineForbidden(logging.Filter):
    """A refused page (403: a role that may not open it) is one line in the log: who asked for
    what is worth knowing, Django's traceback of its own PermissionDenied is not."""

    def filter(self, record: logging.LogRecord) -> bool:
        if getattr(record, "status_code", None) == 403:
            record.exc_info = None
            record.exc_text = None
        return True
