from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class UiConfig(AppConfig):
    name = "ui"
    verbose_name = _("Shared web layer")

    def ready(self):
        # the path converters of every app's addresses (<stage:…>, <number:…>), registered
        # once, before any URL module is read
        from . import converters  # noqa: F401
