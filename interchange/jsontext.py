"""Reading a JSON text (a file to import, a push's body) into what the checks can take: valid
JSON, nested no deeper than any document of the formats, and every text encodable as UTF-8.

Python's parser accepts a lone surrogate (``"\\udcff"``), which no database stores and no
digest can encode, and it recurses once per level, so ``[`` a thousand times deep raised
``RecursionError``; both were 500s and tracebacks. Here they are refusals with the place.
"""

import json

from django.utils.translation import gettext as _

# The formats' documents are about ten levels deep (stages → games → tables → results → ...).
MAX_DEPTH = 40


class JsonRefused(ValueError):
    """A text that is not read, with the reason in the interface's language."""


def _where(path: list) -> str:
    shown = ""
    for key in path:
        shown += f"[{key}]" if isinstance(key, int) else (f".{key}" if shown else str(key))
    return shown or _("the top level")


def _encodable(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _lone_surrogate(path: list) -> JsonRefused:
    return JsonRefused(
        _("%(where)s: the text holds a lone surrogate (such as \\udcff), which is no character")
        % {"where": _where(path)}
    )


def too_deep_message() -> str:
    return _("the JSON is nested deeper than %(limit)s levels; no document of the format is") % {
        "limit": MAX_DEPTH
    }


def check_structure(content: object) -> None:
    """Refuse (``JsonRefused``) content nested deeper than ``MAX_DEPTH`` or holding a text (a
    key or a value) that UTF-8 cannot encode. Iterative: any depth is safe to look at."""
    stack = [(content, 0, [])]
    while stack:
        node, depth, path = stack.pop()
        if isinstance(node, dict | list):
            if depth >= MAX_DEPTH:
                raise JsonRefused(too_deep_message())
            items = node.items() if isinstance(node, dict) else enumerate(node)
            for key, value in items:
                if isinstance(key, str) and not _encodable(key):
                    raise _lone_surrogate(path)
                stack.append((value, depth + 1, [*path, key]))
        elif isinstance(node, str) and not _encodable(node):
            raise _lone_surrogate(path)


def load_json(data: bytes | str) -> object:
    """The content of a JSON text, checked by ``check_structure``; ``JsonRefused`` says what is
    wrong and where."""
    try:
        content = json.loads(data)
    except json.JSONDecodeError as error:
        raise JsonRefused(
            _("not valid JSON: line %(line)s, column %(column)s: %(error)s")
            % {"line": error.lineno, "column": error.colno, "error": error.msg}
        ) from None
    except UnicodeDecodeError:
        raise JsonRefused(_("not valid JSON: the text is not UTF-8")) from None
    except RecursionError:
        raise JsonRefused(too_deep_message()) from None
    except ValueError as error:  # e.g. a number of more digits than Python converts
        raise JsonRefused(_("not valid JSON: %(error)s") % {"error": error}) from None
    check_structure(content)
    return content
