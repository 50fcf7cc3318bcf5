"""gunicorn's access log without table links' secrets (``make serve`` passes
``--logger-class syllabatim.serving.RedactingLogger``): the path, the request line, the
referer and every other atom go through ``scorekeeper.redaction.redact``."""

from gunicorn.glogging import Logger

from scorekeeper.redaction import redact


class RedactingLogger(Logger):
    def atoms(self, resp, req, environ, request_time):
        atoms = super().atoms(resp, req, environ, request_time)
        return {key: redact(value) for key, value in atoms.items()}
