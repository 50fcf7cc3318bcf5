"""The interchange schemas, and schema errors worded in the application's language.

jsonschema is imported when a document is first checked, not with this module: every command
and worker would pay its tenth of a second at start-up.
"""

import json
import uuid
from functools import cache
from pathlib import Path

from django.utils.translation import gettext as _

from rules.stages import STAGES
from rules.timestamps import is_date, is_moment

from .places import Place

SCHEMAS = Path(__file__).with_name("schemas")


# The only formats the schemas use, read as every other reader of the documents reads them
# (rules.timestamps); jsonschema's own checkers of every format cost seconds at import.
@cache
def format_checker():
    from jsonschema import FormatChecker

    checker = FormatChecker(formats=())
    checker.checks("date")(is_date)
    checker.checks("date-time")(is_moment)
    checker.checks("uuid")(_is_uuid)
    return checker


def _is_uuid(value: object) -> bool:
    """A person's stable id (v4) as written: 32 hexadecimal digits in the 8-4-4-4-12 groups."""
    if not isinstance(value, str):
        return True  # the type's check says what is wrong
    try:
        return str(uuid.UUID(value)) == value.lower()
    except ValueError:
        return False


@cache
def validator(name: str):
    """jsonschema's Draft 2020-12 validator of ``<name>.schema.json``."""
    from jsonschema import Draft202012Validator

    schema = json.loads((SCHEMAS / f"{name}.schema.json").read_text(encoding="utf-8"))
    unknown = _formats_in(schema) - set(format_checker().checkers)
    if unknown:
        raise LookupError(f"{name}.schema.json uses formats nobody checks: {sorted(unknown)}")
    return Draft202012Validator(schema, format_checker=format_checker())


def _formats_in(node: object) -> set[str]:
    if isinstance(node, dict):
        found = {node["format"]} if isinstance(node.get("format"), str) else set()
        return found.union(*(_formats_in(value) for value in node.values()))
    if isinstance(node, list):
        return set().union(*(_formats_in(value) for value in node))
    return set()


def _label(obj: object, key: str, index: int) -> object:
    """An object's own number or name where the file gives a usable one, else its position."""
    value = obj.get(key) if isinstance(obj, dict) else None
    if isinstance(value, int | str) and not isinstance(value, bool) and value != "":
        return value
    return _("(item %(position)s)") % {"position": index + 1}


def _child(node: object, key: object) -> object:
    if isinstance(node, dict):
        return node.get(key)
    if isinstance(node, list) and isinstance(key, int) and 0 <= key < len(node):
        return node[key]
    return None


def place_of(document: object, path) -> Place:
    """The place named by a JSON path into a tournament document."""
    parts = list(path)
    found: dict = {}
    rest: list[str] = []
    node = document
    i = 0
    while i < len(parts):
        key = parts[i]
        child = _child(node, key)
        index = parts[i + 1] if i + 1 < len(parts) else None
        item = _child(child, index)
        if key == "players" and node is document and isinstance(index, int):
            found["player"] = _label(item, "no", index)
        elif key == "teams" and node is document and isinstance(index, int):
            found["team"] = _label(item, "name", index)
        elif key == "lots" and node is document and isinstance(index, int):
            found["lot"] = index + 1
        elif key == "sanctions" and node is document and isinstance(index, int):
            found["sanction"] = index + 1
        elif key == "stages" and node is document and index in STAGES:
            found["stage"] = index
        elif key == "games" and "stage" in found and isinstance(index, int):
            found["game"] = _label(item, "number", index)
        elif key == "tables" and "game" in found and isinstance(index, int):
            found["table"] = _label(item, "number", index)
        elif key == "rounds" and "table" in found and isinstance(index, int):
            found["round"] = _label(item, "round", index)
        elif key == "results" and "round" in found and isinstance(index, int):
            found["player"] = _label(item, "player", index)
        else:
            rest.append(str(key))
            node = child
            i += 1
            continue
        node = item
        i += 2
    return Place(**found, item=".".join(rest) or None)


TYPE_NAMES = {
    "integer": lambda: _("a whole number"),
    "string": lambda: _("a text"),
    "boolean": lambda: _("true or false"),
    "object": lambda: _("an object"),
    "array": lambda: _("a list"),
    "number": lambda: _("a number"),
}


def _show(value: object) -> str:
    return json.dumps(value, ensure_ascii=False)


def message_of(error) -> str:
    """A schema error in words."""
    kind, expected, value = error.validator, error.validator_value, error.instance
    if kind == "required":
        missing = [name for name in expected if isinstance(value, dict) and name not in value]
        return _("the required field „%(name)s“ is missing") % {"name": ", ".join(missing)}
    if kind == "additionalProperties":
        known = error.schema.get("properties", {})
        extra = [name for name in value if name not in known]
        return _("unknown field „%(name)s“") % {"name": ", ".join(extra)}
    if kind == "type":
        types = expected if isinstance(expected, list) else [expected]
        wanted = _(" or ").join(TYPE_NAMES[name]() for name in types if name in TYPE_NAMES)
        return _("must be %(type)s, not %(value)s") % {"type": wanted, "value": _show(value)}
    if kind in ("minimum", "exclusiveMinimum"):
        return _("%(value)s is less than the smallest allowed value %(limit)s") % {
            "value": _show(value),
            "limit": expected,
        }
    if kind in ("maximum", "exclusiveMaximum"):
        return _("%(value)s is more than the largest allowed value %(limit)s") % {
            "value": _show(value),
            "limit": expected,
        }
    if kind == "enum":
        return _("%(value)s is not one of %(allowed)s") % {
            "value": _show(value),
            "allowed": ", ".join(_show(v) for v in expected),
        }
    if kind == "const":
        return _("must be %(expected)s, not %(value)s") % {
            "expected": _show(expected),
            "value": _show(value),
        }
    if kind == "format":
        if expected == "date":
            return _("%(value)s is not a valid date (YYYY-MM-DD)") % {"value": _show(value)}
        if expected == "date-time":
            return _("%(value)s is not a valid date and time (YYYY-MM-DDThh:mm:ss+01:00)") % {
                "value": _show(value)
            }
        return _("%(value)s is not a valid %(format)s") % {
            "value": _show(value),
            "format": expected,
        }
    if kind == "minItems":
        return _("the list must have at least %(count)s items") % {"count": expected}
    if kind == "maxItems":
        return _("the list can have at most %(count)s items") % {"count": expected}
    if kind == "uniqueItems":
        return _("the list holds an item twice: %(value)s") % {"value": _show(value)}
    if kind == "minLength":
        return _("must not be empty")
    return error.message


def schema_problems(document: object, name: str = "tournament") -> list[tuple[Place, str]]:
    errors = sorted(validator(name).iter_errors(document), key=lambda e: list(map(str, e.path)))
    return [(place_of(document, error.absolute_path), message_of(error)) for error in errors]
