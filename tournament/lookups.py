"""Finding a tournament or a game from an address (404 when missing) or a command's argument
(a command error), for every app's views and commands."""

from django.core.management.base import CommandError
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _

from .models import Game, Tournament


def tournament_or_404(slug: str) -> Tournament:
    return get_object_or_404(Tournament, slug=slug)


def game_or_404(tournament: Tournament, stage: str, number: int) -> Game:
    return get_object_or_404(
        Game.objects.select_related("stage__tournament"),
        stage__tournament=tournament,
        stage__kind=stage,
        number=number,
    )


def who(user) -> str:
    """How the author of a draw, a lot, a link or a sheet is recorded: a staff account by its
    name; ``None`` (a command run on the server, which has no account) as the command line."""
    if user is None:
        return _("command line")
    return user.get_full_name() or user.get_username()


def add_by_argument(parser) -> None:
    """A command's ``--by``, read by ``account_or_error``."""
    parser.add_argument(
        "--by",
        metavar="ACCOUNT",
        help=_(
            "the user name of the staff account recorded as the author (default: the command line)"
        ),
    )


def account_or_error(username: str | None):
    """A command's ``--by``: the staff account recorded as the author, ``None`` when not given
    (recorded as the command line)."""
    if not username:
        return None
    from django.contrib.auth.models import User

    try:
        return User.objects.get(username=username, is_active=True)
    except User.DoesNotExist:
        raise CommandError(
            _("--by: there is no active account „%(username)s“.") % {"username": username}
        ) from None


def tournament_or_error(slug: str) -> Tournament:
    try:
        return Tournament.objects.get(slug=slug)
    except Tournament.DoesNotExist:
        raise CommandError(_("There is no tournament „%(slug)s“.") % {"slug": slug}) from None
