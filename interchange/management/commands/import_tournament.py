from pathlib import Path

from django.core.checks import Tags
from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError
from django.core.validators import validate_slug
from django.utils.translation import gettext as _

from interchange.importer import DocumentRejected, import_tournament
from interchange.jsontext import JsonRefused, load_json


def read_document(path: str) -> object:
    """A JSON file's content, or a CommandError that says what is wrong with the file."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError as error:
        raise CommandError(_("The file %(path)s does not exist.") % {"path": path}) from error
    except (OSError, UnicodeDecodeError) as error:
        raise CommandError(
            _("The file %(path)s cannot be read: %(error)s") % {"path": path, "error": error}
        ) from error
    try:
        return load_json(text)
    except JsonRefused as refused:
        raise CommandError(
            _("The file %(path)s: %(problem)s") % {"path": path, "problem": refused}
        ) from None


class Command(BaseCommand):
    # the models' checks only: `check`, `migrate` and the server check the rest (every page)
    requires_system_checks = [Tags.models]
    help = _("Checks a syllabatim-tournament file and stores all of it, or nothing.")

    def add_arguments(self, parser):
        parser.add_argument("file")
        parser.add_argument("--slug", required=True, help=_("short name of the tournament"))
        parser.add_argument(
            "--replace", action="store_true", help=_("replace a tournament of the same short name")
        )

    def handle(self, *args, file, slug, replace, **options):
        try:
            validate_slug(slug)
        except ValidationError as error:
            raise CommandError(
                _("--slug: %(error)s") % {"error": " ".join(error.messages)}
            ) from error
        document = read_document(file)
        try:
            tournament, warnings = import_tournament(document, slug=slug, replace=replace)
        except DocumentRejected as rejected:
            lines = "\n".join(f"- {problem}" for problem in rejected.problems)
            raise CommandError(
                _("The file %(path)s was not imported (errors: %(count)s):")
                % {"path": file, "count": len(rejected.problems)}
                + "\n"
                + lines
            ) from None
        for warning in warnings:
            self.stderr.write(_("Warning: %(problem)s") % {"problem": warning})
        self.stdout.write(
            _("Imported %(name)s as %(slug)s.") % {"name": tournament.name, "slug": tournament.slug}
        )
