"""Czech alphabetical order, in plain Python (PyICU, the usual way, has no wheels on PyPI and
needs the system's ICU to build): č, ř, š, ž and ch are letters of their own (ch after h);
the other accents (á, ď, é, ě, í, ň, ó, ť, ú, ů, ý) only break ties. Lists of people go by
surname, then the first names: "Šárka Hájková" before "Zdeněk Novák"."""

import unicodedata
from functools import lru_cache

_PRIMARY: dict[str, int] = {}
for _letter in "abcčdefghijklmnopqrřsštuvwxyzž":
    _PRIMARY[_letter] = len(_PRIMARY) * 2
_PRIMARY["ch"] = _PRIMARY["h"] + 1  # ch sorts after h, before i
_BASE = str.maketrans("áäďéěëíňóöťúůüýľĺŕ", "aadeeeinootuuuyllr")
_DIGITS_FIRST = -100  # digits and punctuation before letters, as dictionaries list them


def _weight(letter: str) -> int:
    if letter in _PRIMARY:
        return _PRIMARY[letter]
    if letter.isdigit():
        return _DIGITS_FIRST + int(letter) if letter.isascii() else _DIGITS_FIRST + 10
    if not letter.isalpha():
        return _DIGITS_FIRST - 1
    return 1000 + ord(letter)  # a letter outside the Czech alphabet: after it, by code point


@lru_cache(maxsize=4096)
def czech_key(text: str) -> tuple:
    """A sort key of ``text`` in Czech alphabetical order."""
    folded = text.casefold()
    primary, index = [], 0
    while index < len(folded):
        if folded.startswith("ch", index):
            primary.append(_PRIMARY["ch"])
            index += 2
            continue
        primary.append(_weight(folded[index].translate(_BASE)))
        index += 1
    return (tuple(primary), folded, text)


@lru_cache(maxsize=4096)
def name_key(name: str) -> tuple:
    """A person's name in the order of a list of people: by surname (the last word), then the
    first names."""
    words = name.split()
    if not words:
        return (czech_key(""), czech_key(""))
    return (czech_key(words[-1]), czech_key(" ".join(words[:-1])))


def folded(text: str) -> str:
    """Text for matching typed names: lower case, without accents ("Kolář" -> "kolar",
    „Černá“ is found by „cerna“). The search of the pages and the matching of persons across
    tournaments (``tournament.persons``) both fold with it."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))
