"""The demo organiser's account (``manage.py demo --organiser``, which ``make run`` runs): its
login and password are published in the README, so that a newcomer signs in at once on a
laptop with debug on. It never reaches a server anyone may reach:

- ``syllabatim.serving`` (``make serve``) refuses to start while the account has the published
  password, and says how to give it one of its own (``published_password_refusal``);
  ``manage.py check --deploy`` warns of it (``accounts.W001``).
- Without debug the published password signs nobody in (``accounts.signin``), however the
  server was started.
- No account is given that password any other way: ``accounts.passwords.NotThePublishedPassword``
  refuses it wherever Django's password validators run (the staff's pages, ``create_account``,
  ``changepassword``, the admin).

Only the demo login is checked: a password check costs about a second (PBKDF2), and only the
demo command gives an account the published password.
"""

from django.contrib.auth.models import User
from django.core import checks
from django.db import DatabaseError
from django.utils.translation import gettext as _

DEMO_LOGIN = "organizator"
DEMO_PASSWORD = "syllabatim"  # published in the README: for a laptop with debug on only


def is_published_password(password: str | None) -> bool:
    return password == DEMO_PASSWORD


def has_published_password() -> bool:
    """Whether an active account signs in with the published password (the demo's)."""
    user = User.objects.filter(username=DEMO_LOGIN, is_active=True).first()
    return user is not None and user.check_password(DEMO_PASSWORD)


def _reason() -> str:
    return _(
        "The account %(login)s has the demo's published password (%(password)s): anyone who "
        "reaches the server can sign in with it as the organiser."
    ) % {"login": DEMO_LOGIN, "password": DEMO_PASSWORD}


def _fix() -> str:
    return _(
        "Give the account a password of its own, on the same database: python manage.py "
        "changepassword %(login)s (or, with debug on, deactivate it on the accounts page)."
    ) % {"login": DEMO_LOGIN}


def published_password_refusal() -> str | None:
    """Why a server without debug must not start, with the fix; None when it may."""
    if not has_published_password():
        return None
    return "\n".join(
        (_("The server does not start."), _reason(), _fix(), _("Then start the server again."))
    )


def published_password_check(app_configs=None, **kwargs) -> list[checks.CheckMessage]:
    """``check --deploy``: a warning while the demo account has the published password (a
    database without the accounts' table yet has none)."""
    try:
        published = has_published_password()
    except DatabaseError:
        return []
    if not published:
        return []
    return [
        checks.Warning(
            _reason(),
            hint=_fix() + " " + _("A server without debug (make serve) does not start until then."),
            id="accounts.W001",
        )
    ]
