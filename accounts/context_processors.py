from .roles import ORGANISER, REFEREE, has_role


def roles(request) -> dict:
    """``is_organiser`` and ``is_referee`` for templates (organisers are referees too)."""
    user = getattr(request, "user", None)
    return {
        "is_organiser": user is not None and has_role(user, ORGANISER),
        "is_referee": user is not None and has_role(user, REFEREE),
    }
