"""The games' names on the pages (``rules.games``): the rating's lists and histories are one
per game."""

from django.utils.translation import gettext_lazy as _

from rules.games import SCRABBLE, SYLLABATIM, WORD_POKER

GAME_NAMES = {
    SYLLABATIM: _("Syllabatim"),
    WORD_POKER: _("Slovní poker"),
    SCRABBLE: _("Scrabble"),
}
