import os

from django.core.checks import Tags
from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError
from django.core.validators import URLValidator
from django.utils import timezone
from django.utils.translation import gettext as _

from sync.pusher import Answer, NoTournament, Pusher

TOKEN_VARIABLE = "SYLLABATIM_PUSH_TOKEN"


class Command(BaseCommand):
    # the models' checks only: `check`, `migrate` and the server check the rest (every page)
    requires_system_checks = [Tags.models]
    help = _(
        "Pushes the tournament SLUG to the public server: once, or with --watch after every "
        "change, retrying while the server cannot be reached. One line per push."
    )

    def add_arguments(self, parser):
        parser.add_argument("slug", help=_("short name of the tournament"))
        parser.add_argument(
            "--to",
            required=True,
            help=_("the public server's address, e.g. https://mcr.example.cz"),
        )
        parser.add_argument(
            "--token",
            help=_("the push key (or set %(variable)s, which keeps it out of the process list)")
            % {"variable": TOKEN_VARIABLE},
        )
        parser.add_argument(
            "--watch", action="store_true", help=_("keep running and push after every change")
        )
        parser.add_argument(
            "--interval",
            type=float,
            default=1.0,
            help=_("seconds between two looks for a change (--watch)"),
        )
        parser.add_argument(
            "--max-backoff",
            type=float,
            default=10.0,
            help=_("the longest pause between two tries while pushes fail (seconds)"),
        )
        parser.add_argument(
            "--next-revision",
            type=int,
            default=0,
            help=_(
                "push under this revision at least: when the server holds higher revisions than "
                "this computer has sent (e.g. the venue's database was restored)"
            ),
        )

    def handle(self, *args, slug, to, token, watch, interval, max_backoff, next_revision, **opts):
        try:
            URLValidator(schemes=["http", "https"])(to)
        except ValidationError:
            raise CommandError(
                _("--to: %(address)s is not an http(s) address.") % {"address": to}
            ) from None
        token = token or os.environ.get(TOKEN_VARIABLE, "")
        if not token:
            raise CommandError(
                _("The push key is missing: --token, or the variable %(variable)s.")
                % {"variable": TOKEN_VARIABLE}
            )
        if interval <= 0 or max_backoff < 1:
            raise CommandError(_("--interval must be above 0 and --max-backoff at least 1."))
        pusher = Pusher(slug=slug, server=to, token=token, next_revision=next_revision)
        try:
            if watch:
                self._watch(pusher, interval, max_backoff)
            else:
                self._once(pusher)
        finally:
            pusher.close()

    def _line(self, answer: Answer, retry_in: float | None = None) -> None:
        line = _("%(time)s revision %(revision)s: %(answer)s") % {
            "time": timezone.localtime(answer.at).strftime("%H:%M:%S"),
            "revision": answer.revision,
            "answer": answer.text,
        }
        if answer.refused_before is not None:
            line += _(
                "; the server refused the last push it answered (revision %(revision)s): the "
                "public pages do not show the current results"
            ) % {"revision": answer.refused_before}
        if retry_in is not None:
            line += _("; next try in %(seconds)s s") % {"seconds": f"{retry_in:g}"}
        self.stdout.write(line)
        if answer.reasons:
            self.stdout.write(
                _(
                    "The public server refused the push and does not show the current results "
                    "until a push is accepted. Its reasons:"
                )
            )
            for reason in answer.reasons:
                self.stdout.write(f"  - {reason}")
        self.stdout.flush()

    def _missing(self, slug: str) -> str:
        return _("There is no tournament „%(slug)s“ in this database.") % {"slug": slug}

    def _once(self, pusher: Pusher) -> None:
        try:
            answer = pusher.push()
        except NoTournament:
            raise CommandError(self._missing(pusher.slug)) from None
        self._line(answer)
        if not answer.accepted:
            raise CommandError(_("The push failed."))

    def _watch(self, pusher: Pusher, interval: float, max_backoff: float) -> None:
        said_missing = False

        def missing():
            nonlocal said_missing
            if not said_missing:
                self.stderr.write(self._missing(pusher.slug))
                said_missing = True

        def report(answer: Answer, retry_in: float | None) -> None:
            nonlocal said_missing
            said_missing = False
            self._line(answer, retry_in)

        def behind(held: int, accepted: int) -> None:
            self.stdout.write(
                _(
                    "%(time)s the public server holds revision %(held)s, not revision "
                    "%(accepted)s that it accepted (restored from a backup?): it is behind; "
                    "pushing the current state again"
                )
                % {
                    "time": timezone.localtime().strftime("%H:%M:%S"),
                    "held": held,
                    "accepted": accepted,
                }
            )
            self.stdout.flush()

        def failed(error: Exception, retry_in: float) -> None:
            first = str(error).strip().splitlines()[0] if str(error).strip() else type(error)
            self.stdout.write(
                _(
                    "%(time)s this computer's database failed (%(error)s): nothing was pushed; "
                    "next try in %(seconds)s s"
                )
                % {
                    "time": timezone.localtime().strftime("%H:%M:%S"),
                    "error": first,
                    "seconds": f"{retry_in:g}",
                }
            )
            self.stdout.flush()

        self.stderr.write(
            _("Watching %(slug)s and pushing it to %(url)s after every change (Ctrl+C stops).")
            % {"slug": pusher.slug, "url": pusher.url}
        )
        try:
            pusher.watch(
                report=report,
                interval=interval,
                max_backoff=max_backoff,
                missing=missing,
                behind=behind,
                failed=failed,
            )
        except KeyboardInterrupt:
            self.stderr.write(_("Stopped."))
