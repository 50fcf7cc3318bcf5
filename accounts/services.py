"""Writes of the staff's accounts: a new account in a role, a new password, a role changed, an
account deactivated or active again, an account's sign-in unlocked. The championship always
keeps an active organiser: the last one can be neither deactivated nor made a referee.

A refusal is an ``AccountRefused``, the project's one refusal type (``refusals``),
in the interface's language, keyed by field where there is one.
"""

import secrets

from axes.models import AccessAttempt
from axes.utils import reset
from django.contrib.auth import SESSION_KEY
from django.contrib.auth.models import User
from django.contrib.auth.password_validation import validate_password
from django.contrib.sessions.models import Session
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Q, QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _

from refusals import Refused

from .models import FEMININE, MASCULINE, StaffProfile
from .roles import GROUP_NAMES, ORGANISER, REFEREE, ROLES, create_account, ensure_roles

# Letters and digits that cannot be mistaken for one another when read aloud or copied.
PASSWORD_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"
PASSWORD_GROUPS = 4  # of four characters: "k7pm-3xqa-v9tr-w2cd", about 79 bits


class AccountRefused(Refused):
    """A write of an account refused (nothing was stored): the field it is about, the reason."""


def _full_clean(user: User) -> None:
    """The account's fields as Django's model checks them (the user name's characters and
    length, a name's length), refused by field."""
    try:
        user.full_clean(exclude=["password"])
    except ValidationError as invalid:
        raise AccountRefused(invalid.error_dict) from None


def last_organiser_message() -> str:
    return _(
        "This is the last active organiser: make another account an organiser first, or "
        "nobody could run the championship."
    )


def generate_password() -> str:
    return "-".join(
        "".join(secrets.choice(PASSWORD_ALPHABET) for _ in range(4)) for _ in range(PASSWORD_GROUPS)
    )


def active_organisers() -> QuerySet:
    return (
        User.objects.filter(is_active=True)
        .filter(Q(is_superuser=True) | Q(groups__name=GROUP_NAMES[ORGANISER]))
        .distinct()
    )


def role_of(user: User) -> str | None:
    """The user's role: a superuser is an organiser; None for an account in no role."""
    if user.is_superuser:
        return ORGANISER
    names = {group.name for group in user.groups.all()}
    if GROUP_NAMES[ORGANISER] in names:
        return ORGANISER
    if GROUP_NAMES[REFEREE] in names:
        return REFEREE
    return None


def _lock_organisers() -> None:
    """Two organisers demoting each other at once cannot both pass the check."""
    pks = list(active_organisers().values_list("pk", flat=True))
    list(User.objects.select_for_update().filter(pk__in=pks).values_list("pk", flat=True))


def _is_last_organiser(user: User) -> bool:
    organisers = active_organisers()
    return organisers.filter(pk=user.pk).exists() and not organisers.exclude(pk=user.pk).exists()


def _check_password(password: str, user: User | None = None) -> None:
    try:
        validate_password(password, user)
    except ValidationError as error:
        raise AccountRefused({"password": error.messages}) from None


@transaction.atomic
def create_staff_account(
    *,
    username: str,
    role: str,
    password: str,
    first_name: str = "",
    last_name: str = "",
    gender: str = "",
    created_by: str = "",
) -> User:
    """A new account of an organiser or a referee, with the password given, the person's name
    and grammatical gender (empty: the surname's); ``created_by``: who created it, as the log
    names them (the organiser's name, or the command line)."""
    if role not in ROLES:
        raise AccountRefused({"role": _("Choose the organiser or the referee.")})
    candidate = User(username=username, first_name=first_name, last_name=last_name)
    _full_clean(candidate)
    _check_password(password, candidate)
    user = create_account(username=username, role=role, password=password)
    user.first_name, user.last_name = first_name, last_name
    user.save(update_fields=["first_name", "last_name"])
    if gender not in ("", FEMININE, MASCULINE):
        raise AccountRefused({"gender": _("Choose the feminine or the masculine.")})
    StaffProfile.objects.create(user=user, gender=gender, created_by=created_by)
    return user


def gender_of(user: User) -> str:
    """The gender the account was given; "" when none (the surname decides)."""
    profile = StaffProfile.objects.filter(user=user).first()
    return profile.gender if profile else ""


@transaction.atomic
def set_gender(*, user: User, gender: str) -> User:
    """The grammatical gender of the words about what the account did; "" for the surname's."""
    if gender not in ("", FEMININE, MASCULINE):
        raise AccountRefused({"gender": _("Choose the feminine or the masculine.")})
    StaffProfile.objects.update_or_create(user=user, defaults={"gender": gender})
    return user


@transaction.atomic
def set_password(*, user: User, password: str) -> User:
    """A new password, typed by the organiser or generated (``generate_password``)."""
    _check_password(password, user)
    user.set_password(password)
    user.save(update_fields=["password"])
    return user


@transaction.atomic
def set_name(*, user: User, first_name: str, last_name: str) -> User:
    """The name recorded as the author of draws, lots, sheets and sanctions."""
    user.first_name, user.last_name = first_name.strip(), last_name.strip()
    _full_clean(user)
    user.save(update_fields=["first_name", "last_name"])
    return user


@transaction.atomic
def set_role(*, user: User, role: str, by: User) -> User:
    """Make an account an organiser's or a referee's. The last active organiser stays one."""
    if role not in ROLES:
        raise AccountRefused({"role": _("Choose the organiser or the referee.")})
    if role_of(user) == role:
        return user
    if user.is_superuser:
        raise AccountRefused({"role": _("A superuser of the back office is always an organiser.")})
    _lock_organisers()
    if role != ORGANISER and _is_last_organiser(user):
        raise AccountRefused({"role": last_organiser_message()})
    groups = ensure_roles()
    user.groups.remove(*groups.values())
    user.groups.add(groups[role])
    user.is_staff = role == ORGANISER  # organisers may open the back office
    user.save(update_fields=["is_staff"])
    return user


def deactivation_check(*, user: User, by: User) -> None:
    """Why ``by`` may not deactivate ``user`` (an ``AccountRefused``), or nothing."""
    if user.pk == by.pk:
        raise AccountRefused(_("You cannot deactivate your own account: ask another organiser."))
    if _is_last_organiser(user):
        raise AccountRefused(last_organiser_message())


def end_sessions(user: User) -> int:
    """Sign the account out everywhere: delete its sessions (they live in the database, only
    the staff have any). Returns how many there were."""
    ended = [
        session.pk
        for session in Session.objects.filter(expire_date__gt=timezone.now())
        if session.get_decoded().get(SESSION_KEY) == str(user.pk)
    ]
    Session.objects.filter(pk__in=ended).delete()
    return len(ended)


@transaction.atomic
def set_active(*, user: User, active: bool, by: User) -> User:
    """Deactivate an account (it can no longer sign in; its name stays on what it recorded;
    its sessions end, so making it active again gives none of them back), or make it active
    again. Nobody deactivates their own account or the last organiser."""
    if not active:
        _lock_organisers()
        deactivation_check(user=user, by=by)
        end_sessions(user)
    user.is_active = active
    user.save(update_fields=["is_active"])
    return user


@transaction.atomic
def unlock_sign_in(*, username: str) -> tuple[int, int]:
    """Forget the failed sign-ins of an account from every address (``accounts.signin``), which
    lifts the locks they put on it at once. Returns how many failures from how many addresses.
    An address that guessed may guess again: the owner has a strong password."""
    attempts = AccessAttempt.objects.filter(username=username)
    failures = sum(attempts.values_list("failures_since_start", flat=True))
    addresses = attempts.values("ip_address").distinct().count()
    reset(username=username)
    return failures, addresses
