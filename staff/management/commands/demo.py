"""The demo championship loaded once, and with ``--organiser`` the demo organiser's account
and the address of the organiser's start page (``staff:start``: the command is the organiser
app's, which owns the address)."""

import json

from django.conf import settings
from django.contrib.auth.models import User
from django.core.checks import Tags
from django.core.management.base import BaseCommand, CommandError
from django.urls import reverse
from django.utils.translation import gettext as _

from accounts.demo_account import DEMO_LOGIN, DEMO_PASSWORD
from accounts.roles import ORGANISER, create_account
from accounts.services import generate_password, set_password
from interchange.demo import DEMO_FILE, demo_slug
from interchange.importer import import_tournament
from tournament.models import Tournament


class Command(BaseCommand):
    # the models' checks only: `check`, `migrate` and the server check the rest (every page)
    requires_system_checks = [Tags.models]
    help = _(
        "Loads the demo championship once (running it again changes nothing) and prints "
        "its short name on the last line."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--organiser",
            action="store_true",
            help=_("also create the demo organiser account and print its login"),
        )
        parser.add_argument(
            "--allow-without-debug",
            action="store_true",
            help=_(
                "create the demo organiser account even without debug (a server anyone may "
                "reach), with a generated password shown once instead of the published one"
            ),
        )

    def handle(self, *args, organiser, allow_without_debug, **options):
        if organiser and not settings.DEBUG and not allow_without_debug:
            raise CommandError(
                _(
                    "The demo organiser account (login %(username)s, a published password) is "
                    "not made without debug: on a server anyone could sign in as the "
                    "organiser. Create a real account (create_account), or add "
                    "--allow-without-debug if this server is only a demonstration."
                )
                % {"username": DEMO_LOGIN}
            )
        document = json.loads(DEMO_FILE.read_text(encoding="utf-8"))
        slug = demo_slug(document)
        if Tournament.objects.filter(slug=slug).exists():
            self.stderr.write(_("The demo championship is loaded already."))
        else:
            tournament, _warnings = import_tournament(document, slug=slug)
            self.stderr.write(
                _("Loaded the demo championship: %(name)s.") % {"name": tournament.name}
            )
        if organiser:
            self._demo_organiser()
        self.stdout.write(slug)

    def _demo_organiser(self) -> None:
        """The demo organiser's account and its login. With debug on (``make run``) it has the
        published password; without debug it gets a generated one, shown only now, and a
        server without debug does not start while it has the published one
        (``accounts.demo_account``)."""
        user = User.objects.filter(username=DEMO_LOGIN).first()
        password = DEMO_PASSWORD if settings.DEBUG else generate_password()
        if user is None:
            create_account(username=DEMO_LOGIN, role=ORGANISER, password=password)
        elif not user.is_active or not user.check_password(DEMO_PASSWORD):
            self.stdout.write(
                _(
                    "Demo organiser: login %(username)s, deactivated or with the password "
                    "given to it (no longer the published one)."
                )
                % {"username": DEMO_LOGIN}
            )
            return
        elif not settings.DEBUG:
            set_password(user=user, password=password)
        start = reverse("staff:start")
        if settings.DEBUG:
            self.stdout.write(
                _(
                    "Demo organiser: login %(username)s, password %(password)s "
                    "(http://127.0.0.1:8000%(start)s)"
                )
                % {"username": DEMO_LOGIN, "password": password, "start": start}
            )
            self.stderr.write(
                _(
                    "A server without debug (make serve) does not start while the account has "
                    "this published password."
                )
            )
        else:
            self.stdout.write(
                _(
                    "Demo organiser: login %(username)s, password %(password)s, shown only now "
                    "(%(start)s on this server)"
                )
                % {"username": DEMO_LOGIN, "password": password, "start": start}
            )
