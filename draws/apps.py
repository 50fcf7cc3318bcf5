from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class DrawsConfig(AppConfig):
    name = "draws"
    verbose_name = _("Draws")
