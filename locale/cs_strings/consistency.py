"""Czech of one check on every path (issue 22): what the import refuses that the rules forbid,
the records of draws and lots, replacements in the A-final, refused pushes."""

CS = {
    "the seed %(seed)s is not hexadecimal: the draw cannot be recomputed from it": "semínko %(seed)s není šestnáctkové číslo: los z něj nejde zopakovat",
    "the decision's name (what) is not the name of a lot: %(error)s": "název rozhodnutí (what) není názvem losu: %(error)s",
    "the decision's name (what) is not the name of a draw: %(error)s": "název rozhodnutí (what) není názvem losování stolů: %(error)s",
    "the commitment names another decision (%(what)s), not a lot of this scope": "závazek patří k jinému rozhodnutí (%(what)s), ne k losu této části",
    "the commitment names another decision (%(what)s), not this game's draw": "závazek patří k jinému rozhodnutí (%(what)s), ne k losování stolů této partie",
}
