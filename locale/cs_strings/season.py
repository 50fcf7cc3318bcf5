"""Czech of issue 35, points 2 to 4: fields a sheet does not ask refused on every path, the
club tournament's one stage, a local qualification's source, the ceremony pushed."""

CS = {
    "the sheet has no field in this column; %(value)s is not a value of the sheet": "v tomto sloupci zápis žádné pole nemá; %(value)s do zápisu nepatří",
    "Player no. %(player)s does not sit at this table, yet the form sends their field „%(field)s“: nothing was saved.": "Hráč č. %(player)s u tohoto stolu nesedí, formulář přesto posílá jeho pole „%(field)s“: nic nebylo uloženo.",
    "Player no. %(player)s: this sheet does not ask „%(field)s“, so its value is refused, not dropped: nothing was saved.": "Hráč č. %(player)s: tento zápis se na „%(field)s“ neptá, hodnota se proto odmítá, nezahazuje: nic nebylo uloženo.",
    ("the one stage of a club tournament", "Tournament"): "turnaj",
    "the venue": "místo konání",
    "„ceremony“ must be an object with exactly „shown“: how many places are revealed, a whole number from 0 to %(most)s.": "„ceremony“ musí být objekt s jediným klíčem „shown“: kolik míst je odhaleno, celé číslo od 0 do %(most)s.",
    "local qualifier %(name)s (%(date)s), place %(place)s in %(category)s": "místní kvalifikace %(name)s (%(date)s), %(place)s. místo v kategorii %(category)s",
    "The tournament's plan": "Plán turnaje",
    "Number of the tournament's games": "Počet partií turnaje",
    "Fixed before the day (rule B); the tournament is over when they are complete.": "Určuje se předem (pravidlo B); turnaj skončí, až budou všechny úplné.",
    "Seating of the tournament's games": "Zasedací pořádek turnaje",
}
