from django.core.checks import Tags
from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError
from django.core.validators import validate_slug
from django.utils.translation import gettext as _

from sync.services import create_push_token


class Command(BaseCommand):
    # the models' checks only: `check`, `migrate` and the server check the rest (every page)
    requires_system_checks = [Tags.models]
    help = _(
        "Makes a key that lets the venue push the tournament SLUG to this server, and prints it "
        "(only this once: the server keeps only its digest)."
    )

    def add_arguments(self, parser):
        parser.add_argument("slug", help=_("short name of the tournament"))

    def handle(self, *args, slug, **options):
        try:
            validate_slug(slug)
        except ValidationError as error:
            raise CommandError(" ".join(error.messages)) from error
        token = create_push_token(slug=slug, by=None)
        self.stderr.write(
            _("The push key of %(slug)s (shown only now; keep it at the venue):") % {"slug": slug}
        )
        self.stdout.write(token)
