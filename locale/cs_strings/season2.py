"""Czech of issue 36, point 1 (the season in its own app) and issue 37, point 3 (the rating
keeps one list per game)."""

CS = {
    "Season": "Sezóna",
    "game played": "hra",
    "The table's game among the game's rated games.": "Partie u stolu mezi hodnocenými partiemi téže hry.",
    "Syllabatim": "Syllabatim",
    "Scrabble": "Scrabble",
    "Rating in %(game)s: %(category)s": "Rating ve hře %(game)s: %(category)s",
    "Rating of %(person)s in %(game)s after each rated game": "Rating ve hře %(game)s: %(person)s po každé hodnocené partii",
    "Rating in %(game)s after each rated game": "Rating ve hře %(game)s po každé hodnocené partii",
    "Rated games of %(person)s in %(game)s": "Hodnocené partie ve hře %(game)s: %(person)s",
}
