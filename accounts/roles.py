"""The audiences of the application: organiser (everything), referee (score sheets, lots and
confirmations), public (read only, no account)."""

from django.contrib.auth.models import Group, Permission, User
from django.db import transaction
from django.utils.translation import pgettext_lazy

ORGANISER = "organiser"
REFEREE = "referee"
ROLES = (ORGANISER, REFEREE)
# the roles in words, as the pages and the commands say them ("organizátor", "rozhodčí")
ROLE_NAMES = {
    ORGANISER: pgettext_lazy("role", "organiser"),
    REFEREE: pgettext_lazy("role", "referee"),
}

# Django group names are what the admin shows; the role keys above are what code uses.
GROUP_NAMES = {ORGANISER: "Organizátor", REFEREE: "Rozhodčí"}

ORGANISER_APPS = ("tournament", "scoring", "season")
REFEREE_MODELS = {"roundresult": ("add", "change", "view"), "lot": ("add", "view")}


def ensure_roles(**kwargs) -> dict[str, Group]:
    """Create or update the role groups and their permissions (run after every migrate)."""
    groups = {}
    for role in ROLES:
        group, _created = Group.objects.get_or_create(name=GROUP_NAMES[role])
        groups[role] = group
    groups[ORGANISER].permissions.set(
        Permission.objects.filter(content_type__app_label__in=ORGANISER_APPS)
    )
    referee = Permission.objects.filter(
        content_type__app_label__in=ORGANISER_APPS, codename__startswith="view_"
    )
    for model, actions in REFEREE_MODELS.items():
        referee = referee | Permission.objects.filter(
            content_type__app_label="scoring",
            codename__in=[f"{action}_{model}" for action in actions],
        )
    groups[REFEREE].permissions.set(referee.distinct())
    return groups


def has_role(user, role: str) -> bool:
    if not user.is_authenticated:
        return False
    if user.is_superuser:
        return True
    names = {GROUP_NAMES[ORGANISER]} if role == ORGANISER else set(GROUP_NAMES.values())
    return user.groups.filter(name__in=names).exists()


@transaction.atomic
def create_account(*, username: str, role: str, password: str) -> User:
    """A new account in one role. Organisers may use the admin (they are staff)."""
    if role not in ROLES:
        raise ValueError(role)
    groups = ensure_roles()
    user = User.objects.create_user(
        username=username, password=password, is_staff=(role == ORGANISER)
    )
    user.groups.add(groups[role])
    return user
