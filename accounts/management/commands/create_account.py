import getpass

from django.core.checks import Tags
from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from accounts.roles import ROLES
from accounts.services import create_staff_account


class Command(BaseCommand):
    # the models' checks only: `check`, `migrate` and the server check the rest (every page)
    requires_system_checks = [Tags.models]
    help = _("Creates an account for an organiser or a referee.")

    def add_arguments(self, parser):
        parser.add_argument("name", help=_("login name"))
        parser.add_argument("--role", choices=ROLES, required=True)
        parser.add_argument("--password", help=_("asked for when not given"))

    def handle(self, *args, name, role, password, **options):
        if password is None:
            password = getpass.getpass(_("Password: "))
            if password != getpass.getpass(_("Password again: ")):
                raise CommandError(_("The passwords differ."))
        try:  # the staff page's service: the same checks of the name and the password
            create_staff_account(username=name, role=role, password=password)
        except ValidationError as error:
            raise CommandError(" ".join(error.messages)) from error
        self.stdout.write(_("Account %(name)s created (%(role)s).") % {"name": name, "role": role})
