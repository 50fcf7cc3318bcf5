"""The audience check, in one place: who may open a page.

Anonymous visitors of a protected page get the login page; a signed-in user without the
role gets 403. Organisers pass every check (they may do everything); referees pass the
referee's. Views declare their audience with a decorator (or ``RoleRequiredMixin``), which
also marks the view so that the URL crawl test can check every pattern.
"""

from functools import wraps

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied

from .roles import ORGANISER, REFEREE, has_role


def role_required(role: str):
    def decorator(view):
        @wraps(view)
        def wrapped(request, *args, **kwargs):
            if not request.user.is_authenticated:
                return redirect_to_login(request.get_full_path())
            if not has_role(request.user, role):
                raise PermissionDenied
            return view(request, *args, **kwargs)

        wrapped.required_role = role
        return wrapped

    return decorator


organiser_required = role_required(ORGANISER)
referee_required = role_required(REFEREE)


def public(view):
    """Declares a page open to everyone (it changes nothing that needs a role)."""
    view.public = True
    return view


def token_required(view):
    """Declares an address for programs, not people: the view checks a key that each request
    carries (such as the venue's push key); no session, no role."""
    view.token_authenticated = True
    return view


class RoleRequiredMixin:
    """For class-based views: ``required_role = ORGANISER`` (or ``REFEREE``)."""

    required_role: str = ORGANISER

    @classmethod
    def as_view(cls, **initkwargs):
        return role_required(cls.required_role)(super().as_view(**initkwargs))
