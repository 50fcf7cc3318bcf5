"""Czech of issue 36, point 1 (the season in its own app) and issue 37, point 3 (the rating
keeps one list per game)."""

CS = {
    "Season": "Sezóna",
}
