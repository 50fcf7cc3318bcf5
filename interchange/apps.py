from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class InterchangeConfig(AppConfig):
    name = "interchange"
    verbose_name = _("Interchange")
