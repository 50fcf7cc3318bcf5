"""Finding a tournament or an account from a command's argument (a command error), and how
the author of a write is recorded (``who``). From an address (404 when missing): the web
layer's ``ui.lookups``."""

from django.core.management.base import CommandError
from django.utils.translation import gettext as _

from rules.gender import FEMININE, suggested_gender

from .models import Tournament


def who(user) -> str:
    """How the author of a draw, a lot, a link or a sheet is recorded: a staff account by its
    name; ``None`` (a command run on the server, which has no account) as the command line."""
    if user is None:
        return _("command line")
    return user.get_full_name() or user.get_username()


def _gender_of_account(user) -> str:
    from accounts.models import StaffProfile

    try:
        given = user.staff_profile.gender
    except StaffProfile.DoesNotExist:
        given = ""
    return given or suggested_gender(user.get_full_name() or user.get_username())


def author_genders() -> dict[str, str]:
    """Each account's recorded name (``who``) with its grammatical gender: the one it was
    given, else the one its surname suggests. One query."""
    from django.contrib.auth.models import User

    return {
        who(user): _gender_of_account(user)
        for user in User.objects.select_related("staff_profile").order_by("pk")
    }


def feminine_author(author, genders: dict[str, str] | None = None) -> bool:
    """Whether the words about who did something take the feminine ("Losovala Jana
    Nováková"). ``author`` is an account, or a name as recorded (``who``): the account of that
    name, else (an account renamed since, a name imported) the surname's, read from the name
    before any parenthesis. Names that are no person's ("stůl 3 (zapisovatel)", the command
    line) take the masculine, as Czech does when it cannot tell."""
    if not author:
        return False
    if not isinstance(author, str):
        return _gender_of_account(author) == FEMININE
    genders = author_genders() if genders is None else genders
    if author in genders:
        return genders[author] == FEMININE
    return suggested_gender(author.split(" (")[0]) == FEMININE


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
