"""The staff's passwords beyond Django's validators (``AUTH_PASSWORD_VALIDATORS``): the demo's
published password is nobody's, and a password like the name is refused with or without its
accents."""

import unicodedata
from types import SimpleNamespace

from django.contrib.auth.password_validation import UserAttributeSimilarityValidator
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from .demo_account import is_published_password


def unaccented(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c))


class NotThePublishedPassword:
    """The demo's published password (``accounts.demo_account``) is no account's password."""

    def validate(self, password: str, user=None) -> None:
        if is_published_password(password):
            raise ValidationError(
                _("This is the demo's published password: anyone could sign in with it."),
                code="password_published",
            )

    def get_help_text(self) -> str:
        return _("Your password can't be the demo's published password.")


class SimilarityWithoutAccents(UserAttributeSimilarityValidator):
    """Django's check of a password against the login and the name, also without accents:
    "novakova2026" is as guessable for Jana Nováková as "nováková2026" (Django's check alone
    lets it through)."""

    def validate(self, password: str, user=None) -> None:
        super().validate(password, user)
        if user is None:
            return
        attributes = {
            name: unaccented(value)
            for name in self.user_attributes
            if isinstance(value := getattr(user, name, None), str)
        }
        super().validate(unaccented(password), SimpleNamespace(_meta=user._meta, **attributes))
