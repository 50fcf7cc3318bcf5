"""Czech of issue 34 (points 1, 2 and 3): the live standings before the first result, the
answers focused by their heading, Czech names on English pages."""

CS = {
    "the first standings are out": "první pořadí je zveřejněno",
    "Accents may be left out: „kolar“ finds %(name)s.": "Háčky a čárky můžete vynechat: „kolar“ najde i %(name)s.",
}
