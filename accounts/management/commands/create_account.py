import getpass

from django.contrib.auth.models import User
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from accounts.roles import ROLES, create_account


class Command(BaseCommand):
    requires_system_checks = []  # checked by `check`, `migrate` and the server: no page is loaded
    help = _("Creates an account for an organiser or a referee.")

    def add_arguments(self, parser):
        parser.add_argument("name", help=_("login name"))
        parser.add_argument("--role", choices=ROLES, required=True)
        parser.add_argument("--password", help=_("asked for when not given"))

    def handle(self, *args, name, role, password, **options):
        if User.objects.filter(username=name).exists():
            raise CommandError(_("The account %(name)s already exists.") % {"name": name})
        if password is None:
            password = getpass.getpass(_("Password: "))
            if password != getpass.getpass(_("Password again: ")):
                raise CommandError(_("The passwords differ."))
        try:
            validate_password(password)
        except ValidationError as error:
            raise CommandError(" ".join(error.messages)) from error
        create_account(username=name, role=role, password=password)
        self.stdout.write(_("Account %(name)s created (%(role)s).") % {"name": name, "role": role})
