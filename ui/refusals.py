"""A service's refusal (its ``ValidationError``) shown on a page, one way everywhere: next to
the field it is about where the page has a form with that field, else at the top of the form,
else as a message on the page the browser is sent to."""

from django import forms
from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest


def refusal_text(refusal: ValidationError) -> str:
    """The refusal's reasons as one sentence (a message, a confirm page's problem)."""
    return " ".join(refusal.messages)


def show_refusal(
    where: forms.Form | HttpRequest,
    refusal: ValidationError,
    aliases: dict[str, str] | None = None,
    about: str | None = None,
) -> None:
    """Show ``refusal`` on a form (next to its field where the form has it, ``aliases``: the
    service's name of a field -> the form's; a refusal naming no field next to the form's
    field ``about`` when given, else at the top) or, given the request, as an error message
    on the next page."""
    if isinstance(where, HttpRequest):
        messages.error(where, refusal_text(refusal))
        return
    if hasattr(refusal, "error_dict"):
        for field, errors in refusal.error_dict.items():
            field = (aliases or {}).get(field, field)
            target = field if field in where.fields else None
            for error in errors:
                where.add_error(target, error)
    else:
        where.add_error(about if about in where.fields else None, refusal)
