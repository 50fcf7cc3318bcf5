"""Issue 31, point 1: a push key cannot rewrite the national record. The tournaments the public
server receives (created by its organiser with kind and year), their keys, and a person's id
as a claim, not a key."""

CS = {
    # tournament/persons.py, the import and the push
    "the person's id is not taken: the name or the birth date does not agree with that person's on this server (an id is a claim, not a key)": "id osoby nebylo přijato: jméno nebo datum narození nesouhlasí s údaji této osoby na tomto serveru (id je nárok, ne klíč)",
    # sync: the tournaments this server receives
    "%(kind)s of %(year)s": "%(kind)s %(year)s",
    "tournament received by push": "turnaj přijímaný odesíláním",
    "tournaments received by push": "turnaje přijímané odesíláním",
    "Choose the kind of the tournament.": "Vyberte druh turnaje.",
    "The year must be from %(first)s to %(last)s.": "Rok musí být od %(first)s do %(last)s.",
    "The tournament „%(slug)s“ on this server is a %(what)s; its kind and year stay as they are.": "Turnaj „%(slug)s“ je na tomto serveru %(what)s; jeho druh a rok zůstávají, jak jsou.",
    "There is no tournament „%(slug)s“ on this server: give its kind and year (a push keeps them).": "Turnaj „%(slug)s“ na tomto serveru není: zadejte jeho druh a rok (odesílání je nezmění).",
    "the document is a %(document)s, but this server's organiser created the tournament „%(slug)s“ as a %(received)s: a key pushes only the tournament it was made for, and a push changes neither its kind nor its year.": "dokument je %(document)s, ale organizátor tohoto serveru založil turnaj „%(slug)s“ jako %(received)s: klíč odesílá jen turnaj, pro který byl vytvořen, a odeslání nezmění jeho druh ani rok.",
    "this server's organiser has not created the tournament „%(slug)s“ for pushes.": "organizátor tohoto serveru turnaj „%(slug)s“ pro odesílání nezaložil.",
    # create_push_token
    "Makes a key that lets the venue push the tournament SLUG, and no other, to this server, and prints it (only this once: the server keeps only its digest). The first key creates the tournament for pushes with --kind and --year (those of the tournament SLUG, when this server has it): a push cannot change them.": "Vytvoří klíč, kterým místo konání odesílá na tento server turnaj SLUG a žádný jiný, a vypíše ho (jen teď: server si uchová jen jeho otisk). První klíč založí turnaj pro odesílání s --kind a --year (má-li server turnaj SLUG, jsou to jeho): odesílání je nezmění.",
    "the kind of the tournament (its first key, when this server lacks it)": "druh turnaje (pro jeho první klíč, když ho server nemá)",
    "the year of the tournament (its first key, when this server lacks it)": "rok turnaje (pro jeho první klíč, když ho server nemá)",
    # the organiser's publishing page
    "Kind of tournament": "Druh turnaje",
    "Pushes with this tournament's keys replace the tournament „%(slug)s“ and no other: a %(what)s (created for pushes on %(when)s). A document of another kind or year is refused: a push keeps them.": "Odesílání s klíči tohoto turnaje nahrazuje turnaj „%(slug)s“ a žádný jiný: %(what)s (založeno pro odesílání %(when)s). Dokument jiného druhu nebo roku server odmítne: odesílání je nezmění.",
    "Its first push key binds pushes to this tournament as it is on this server, a %(what)s: a document of another kind or year is refused.": "První klíč pro odesílání váže odesílání na tento turnaj, jak je na tomto serveru: %(what)s. Dokument jiného druhu nebo roku server odmítne.",
    "This server has no tournament „%(slug)s“ yet, and a push does not create one by itself: its first push key creates it here, of the kind and year you give. Every push must keep them; a document of another kind or year is refused.": "Turnaj „%(slug)s“ na tomto serveru zatím není a odeslání ho samo nezaloží: založí ho tu jeho první klíč pro odesílání, s druhem a rokem, které zadáte. Každé odeslání je musí zachovat; dokument jiného druhu nebo roku server odmítne.",
    "The tournament the key pushes": "Turnaj, který klíč odesílá",
    "Create the tournament here and make its push key": "Založit turnaj na tomto serveru a vytvořit jeho klíč pro odesílání",
    # the person made for an id claim that was not taken, among the possible duplicates
    "claimed to be": "vydává se za",
    "%(other)s, with the id of %(name)s": "%(other)s s id osoby %(name)s",
    "A pushed or imported document gave the id of %(name)s to the player %(other)s, whose name or birth date differs: the player became a new person. Merge them if they are one person (a changed name, a corrected birth date).": "Odeslaný nebo importovaný dokument dal hráči %(other)s id osoby %(name)s, ale jméno nebo datum narození se liší: hráč se stal novou osobou. Jde-li o jednu osobu (změněné jméno, opravené datum narození), sloučte je.",
    "The person %(name)s and the person claiming to be them": "Osoba %(name)s a osoba, která se za ni vydává",
}
