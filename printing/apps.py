from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PrintingConfig(AppConfig):
    name = "printing"
    verbose_name = _("Printing and exports")

    def ready(self):
        from tournament import registry

        from .glyphs import printable

        registry.register_printable(printable)
