import json

from django.conf import settings
from django.contrib.auth.models import User
from django.core.checks import Tags
from django.core.management.base import BaseCommand, CommandError
from django.urls import reverse
from django.utils.translation import gettext as _

from accounts.roles import ORGANISER, create_account
from interchange.importer import import_tournament
from tournament.models import Tournament

DEMO_FILE = settings.BASE_DIR / "fixtures" / "demo-tournament.json"
DEMO_ORGANISER = ("organizator", "syllabatim")  # login and password of the demo organiser


def demo_slug(document: dict) -> str:
    return f"mcr-{document['tournament']['year']}"


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
                "reach): its password is published"
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
                % {"username": DEMO_ORGANISER[0]}
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
            username, password = DEMO_ORGANISER
            if not User.objects.filter(username=username).exists():
                create_account(username=username, role=ORGANISER, password=password)
            if not settings.DEBUG:
                self.stderr.write(
                    self.style.ERROR(
                        _(
                            "WARNING: debug is off and the demo organiser account %(username)s "
                            "has the published password %(password)s: anyone who reaches this "
                            "server can sign in as the organiser. Deactivate it or give it a "
                            "new password before the server is used for a real championship."
                        )
                        % {"username": username, "password": password}
                    )
                )
            self.stdout.write(
                _(
                    "Demo organiser: login %(username)s, password %(password)s "
                    "(http://127.0.0.1:8000%(start)s)"
                )
                % {"username": username, "password": password, "start": reverse("staff:start")}
            )
        self.stdout.write(slug)
