"""Words that agree with a person's grammatical gender: ``{% feminine_author who as she %}``
then ``{% if she %}{% translate "…" context "feminine" %}{% else %}…{% endif %}``. The
accounts' genders are read once per request."""

from django import template

from tournament.lookups import author_genders, feminine_author

register = template.Library()


def feminine_author_tag(context, author) -> bool:
    """Whether the words about ``author`` (an account or a recorded name) take the feminine."""
    if author is None or isinstance(author, str):
        request = context.get("request")
        genders = getattr(request, "_author_genders", None)
        if genders is None:
            genders = author_genders()
            if request is not None:
                request._author_genders = genders
        return feminine_author(author, genders)
    return feminine_author(author)


register.simple_tag(feminine_author_tag, takes_context=True, name="feminine_author")
