"""The staff account a test records as the author of a draw, a lot, a link or a commitment."""

from django.contrib.auth.models import User


def author(name: str) -> User:
    """The account named ``name`` (made on first use: no password, nothing else checked)."""
    return User.objects.get_or_create(username=name)[0]
