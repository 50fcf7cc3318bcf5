from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class SeasonConfig(AppConfig):
    name = "season"
    verbose_name = _("Season")

    def ready(self):
        from tournament import registry

        # the archive's summary and the rating, brought up to date from the change stamp
        from .refresh import bring_up_to_date

        registry.register_on_change(bring_up_to_date)
