from django.conf import settings
from django.urls import translate_url
from django.utils.translation import get_language, get_language_info


def languages(request) -> dict:
    """The language switch: this page in each language, as links."""
    current = get_language()
    return {
        "language_links": [
            {
                "code": code,
                "name": get_language_info(code)["name_local"],
                "url": translate_url(request.get_full_path(), code),
                "current": code == current,
            }
            for code, _name in settings.LANGUAGES
        ]
    }
