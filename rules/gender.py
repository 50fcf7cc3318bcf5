"""A player's grammatical gender: Czech words about a player agree with it ("vyloučena",
"hráčka", "Mistryně ČR"). Registration asks for it; where it is not given, it is suggested
from the surname's ending."""

FEMININE = "feminine"
MASCULINE = "masculine"
GENDERS = (FEMININE, MASCULINE)

# Women's surnames take -ová (Nováková, Nováková written without accents: Novakova) or the
# adjective's -á (Černá, Malá). Surnames Czech does not decline keep one form for women and
# men (Janů, Krejčí, Tichých, Smith): nothing to go by, so the masculine, which Czech also
# uses when it cannot tell, until the organiser chooses otherwise.
_FEMININE_ENDINGS = ("ová", "ova", "á")


def suggested_gender(name: str) -> str:
    """The gender the name's last word (the surname) suggests."""
    words = name.split()
    if not words:
        return MASCULINE
    surname = words[-1].casefold()
    return FEMININE if surname.endswith(_FEMININE_ENDINGS) else MASCULINE
