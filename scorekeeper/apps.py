import logging

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _

# Loggers that write request paths: a table link's secret is redacted before any handler.
REDACTED_LOGGERS = ("django.request", "django.server", "django.security.csrf")


class ScorekeeperConfig(AppConfig):
    name = "scorekeeper"
    verbose_name = _("Table scorekeeper")

    def ready(self):
        from .redaction import RedactTableLinks

        for name in REDACTED_LOGGERS:
            logger = logging.getLogger(name)
            if not any(isinstance(f, RedactTableLinks) for f in logger.filters):
                logger.addFilter(RedactTableLinks())
