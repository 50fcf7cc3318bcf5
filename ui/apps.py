from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class UiConfig(AppConfig):
    name = "ui"
    verbose_name = _("Shared web layer")
