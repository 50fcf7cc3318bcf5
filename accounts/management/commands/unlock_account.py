from django.core.checks import Tags
from django.core.management.base import BaseCommand
from django.utils.translation import gettext as _

from accounts.services import unlock_sign_in


class Command(BaseCommand):
    # the models' checks only: `check`, `migrate` and the server check the rest (every page)
    requires_system_checks = [Tags.models]
    help = _(
        "Lifts the locks that failed sign-ins put on an account, at once: its failed sign-ins "
        "from every address are forgotten."
    )

    def add_arguments(self, parser):
        parser.add_argument("name", help=_("login name"))

    def handle(self, *args, name, **options):
        failures, addresses = unlock_sign_in(username=name)
        if not failures:
            self.stdout.write(
                _("No failed sign-ins of %(name)s are counted: nothing was locked.")
                % {"name": name}
            )
            return
        self.stdout.write(
            _(
                "%(name)s is unlocked. Failed sign-ins forgotten: %(failures)s, from addresses: "
                "%(addresses)s."
            )
            % {"name": name, "failures": failures, "addresses": addresses}
        )
