from hypothesis import given
from hypothesis import strategies as st

from tournament.collation import czech_key, name_key

CZECH_ALPHABET = "aábcčdďeéěfghchiíjklmnňoópqrřsštťuúůvwxyýzž"


def test_czech_letters_have_their_own_place():
    words = ["Zdeněk", "Šárka", "Čapek", "Cibulka", "Chalupa", "Hrubý", "Řezáč", "Rys", "Iva"]
    assert sorted(words, key=czech_key) == [
        "Cibulka",
        "Čapek",
        "Hrubý",
        "Chalupa",
        "Iva",
        "Rys",
        "Řezáč",
        "Šárka",
        "Zdeněk",
    ]


def test_other_accents_only_break_ties():
    assert sorted(["Dvořáková", "Ďáblová", "Dvorak"], key=czech_key) == [
        "Ďáblová",
        "Dvorak",
        "Dvořáková",
    ]
    assert sorted(["Tůma", "Tuma"], key=czech_key) == ["Tuma", "Tůma"]


def test_people_are_listed_by_surname_then_first_names():
    names = ["Zdeněk Adámek", "Šárka Hájková", "Adam Hájek", "Eva Chalupová", "Jan Novák"]
    assert sorted(names, key=name_key) == [
        "Zdeněk Adámek",
        "Adam Hájek",
        "Šárka Hájková",
        "Eva Chalupová",
        "Jan Novák",
    ]


czech_words = st.text(alphabet=CZECH_ALPHABET + CZECH_ALPHABET.upper(), min_size=1, max_size=8)


@given(st.lists(czech_words, min_size=2, max_size=10))
def test_the_order_is_total_and_ignores_case_for_letters(words):
    ordered = sorted(words, key=czech_key)
    assert sorted(ordered, key=czech_key) == ordered
    for first, second in zip(ordered, ordered[1:], strict=False):
        assert czech_key(first)[0] <= czech_key(second)[0]
    assert all(czech_key(word)[0] == czech_key(word.upper())[0] for word in words)


@given(czech_words, czech_words)
def test_a_caron_letter_comes_after_every_word_of_its_base_letter(rest, other):
    # č after every c-word, ř after every r-word, š after s, ž after z: letters of their own
    for base, own in (("c", "č"), ("r", "ř"), ("s", "š"), ("z", "ž")):
        if base == "c" and rest.casefold().startswith("h"):
            continue  # "ch…" is the letter ch, after h
        assert czech_key(base + rest) < czech_key(own + other)


@given(czech_words, czech_words)
def test_ch_comes_after_every_h(rest, other):
    if not other.casefold().startswith("ch"):  # "hch…" vs "ch…": h first anyway
        assert czech_key("h" + other) < czech_key("ch" + rest)
