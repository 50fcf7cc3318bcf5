from pathlib import Path

from django.core.checks import Tags
from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from printing import braille, catalog
from rules.stages import STAGES
from tournament.lookups import tournament_or_error


class Command(BaseCommand):
    # the models' checks only: `check`, `migrate` and the server check the rest (every page)
    requires_system_checks = [Tags.models]
    help = _(
        "Writes a tournament's printouts (PDF, Braille BRF, Unicode Braille text) into a "
        "folder and lists them."
    )

    def add_arguments(self, parser):
        parser.add_argument("slug")
        parser.add_argument("--what", choices=catalog.WHAT, required=True)
        parser.add_argument("--stage", choices=STAGES)
        parser.add_argument("--game", type=int)
        parser.add_argument(
            "--player",
            type=int,
            help=_("With --what cards: only this player's card (a start number)."),
        )
        parser.add_argument("--format", choices=tuple(catalog.EXTENSIONS))
        parser.add_argument("--out", required=True, type=Path)
        parser.add_argument(
            "--width", type=int, default=braille.PAGE_WIDTH, help=_("Braille cells a line.")
        )
        parser.add_argument(
            "--lines", type=int, default=braille.PAGE_LINES, help=_("Braille lines a page.")
        )

    def handle(self, *args, slug, what, stage, game, player, format, out, width, lines, **options):
        tournament = tournament_or_error(slug)
        if player is not None and what != catalog.CARDS:
            raise CommandError(_("--player goes only with --what cards."))
        if format is not None and format not in catalog.FORMATS[what]:
            raise CommandError(
                _("%(what)s come only as %(formats)s.")
                % {"what": what, "formats": ", ".join(catalog.FORMATS[what])}
            )
        found = catalog.available(
            tournament,
            what=what,
            stage=stage,
            game=game,
            formats=None if format is None else (format,),
            player=player,
        )
        if not found:
            raise CommandError(_("There is nothing of that to print yet."))
        out.mkdir(parents=True, exist_ok=True)
        for document in found:
            try:
                content = catalog.render(tournament, document, width, lines, staff=True)
            except (braille.BrailleUnavailable, ValueError) as problem:
                raise CommandError(str(problem)) from None
            path = out / document.file_name(tournament.slug)
            path.write_bytes(content)
            self.stdout.write(str(path))
