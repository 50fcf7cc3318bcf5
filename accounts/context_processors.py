from .roles import ORGANISER, REFEREE, has_role


def roles(request) -> dict:
    """``is_organiser`` and ``is_referee`` for templates (organisers are referees too). Asked
    once a request, however many templates render with it."""
    cached = getattr(request, "_roles", None)
    if cached is None:
        user = getattr(request, "user", None)
        cached = {
            "is_organiser": user is not None and has_role(user, ORGANISER),
            "is_referee": user is not None and has_role(user, REFEREE),
        }
        request._roles = cached
    return cached
