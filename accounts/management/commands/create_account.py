import getpass
import sys

from django.core.checks import Tags
from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from accounts.models import FEMININE, MASCULINE
from accounts.roles import ROLE_NAMES, ROLES
from accounts.services import AccountRefused, create_staff_account


class Command(BaseCommand):
    # the models' checks only: `check`, `migrate` and the server check the rest (every page)
    requires_system_checks = [Tags.models]
    help = _("Creates an account for an organiser or a referee.")

    def add_arguments(self, parser):
        parser.add_argument("name", help=_("login name"))
        parser.add_argument("--role", choices=ROLES, required=True)
        parser.add_argument("--password", help=_("asked for when not given"))
        parser.add_argument("--first-name", default="", help=_("the person's first name"))
        parser.add_argument("--last-name", default="", help=_("the person's surname"))
        parser.add_argument(
            "--gender",
            choices=(FEMININE, MASCULINE),
            default="",
            help=_(
                "the grammatical gender of the words about what the account does "
                "(default: the one the surname suggests)"
            ),
        )

    def handle(self, *args, name, role, password, first_name, last_name, gender, **options):
        if password is None:
            password = self.ask_password()
        try:  # the staff page's service: the same checks of the name and the password
            create_staff_account(
                username=name,
                role=role,
                password=password,
                first_name=first_name,
                last_name=last_name,
                gender=gender,
                created_by=_("command line"),
            )
        except AccountRefused as refused:
            raise CommandError(str(refused)) from refused
        self.stdout.write(
            _("Account %(name)s created (%(role)s).") % {"name": name, "role": ROLE_NAMES[role]}
        )

    def ask_password(self) -> str:
        """Asked twice at a terminal; without one (a script, a pipe, CI) there is nobody to
        ask: the command says what to pass instead of ending in a traceback."""
        without_terminal = CommandError(
            _(
                "There is no terminal to ask for the password: give it with --password "
                "(e.g. --password k7pm-3xqa-v9tr-w2cd), or run the command at a terminal."
            )
        )
        if not sys.stdin or not sys.stdin.isatty():
            raise without_terminal
        try:
            password = getpass.getpass(_("Password: "))
            again = getpass.getpass(_("Password again: "))
        except EOFError:
            raise without_terminal from None
        if password != again:
            raise CommandError(_("The passwords differ."))
        return password
