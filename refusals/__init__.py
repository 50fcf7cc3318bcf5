"""One refusal type for every write the rules refuse (issue 23): nothing was stored, and the
reason is in the interface's language.

It stands at the bottom of the layers and imports nothing of the project, so that every app,
``accounts`` beside the championship's too, refuses with it.

``Refused`` is Django's ``ValidationError``, so a form shows it as any other (next to the field
``place`` names, when there is one) and ``messages`` lists its reasons; ``str()`` gives them as
one text for a page's message or a command's error. Each service's refusal (a sheet's, a lot's,
a draw's, a sanction's, an early end's, a table link's, an uploaded workbook's) is a subclass, so
that a view catches the one it expects and everything shows it the same way.
"""

from django.core.exceptions import ValidationError


class Refused(ValidationError):
    def __init__(self, message="", place: str | None = None, **kwargs):
        self.place = place
        super().__init__({place: [message]} if place else message, **kwargs)

    def __str__(self) -> str:
        return " ".join(str(message) for message in self.messages)
