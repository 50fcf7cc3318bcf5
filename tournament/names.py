"""What a player's name tells the Czech wording: whether words about the player take the
feminine form ("vyloučena", not "vyloučen"). Registration records no gender, so the name is
read as Czech grammar shows it: a surname in -á (Nováková, Černá) with a first name in -a or
-e (Jana, Marie). Where the two disagree or say nothing (Eva Smith, Jiří Žáková), the words
keep the masculine form, which Czech also uses when it cannot tell."""


def feminine(name: str) -> bool:
    words = name.split()
    if not words:
        return False
    surname = words[-1].casefold()
    if len(words) == 1:
        return surname.endswith("ová")
    return surname.endswith("á") and words[0].casefold().endswith(("a", "e"))
