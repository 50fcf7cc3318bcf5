from django.apps import AppConfig
from django.core import checks
from django.db.models.signals import post_migrate
from django.utils.translation import gettext_lazy as _


class AccountsConfig(AppConfig):
    name = "accounts"
    verbose_name = _("Accounts")

    def ready(self):
        from .demo_account import published_password_check
        from .roles import ensure_roles

        post_migrate.connect(ensure_roles, sender=self)
        checks.register(published_password_check, checks.Tags.security, deploy=True)
