"""Czech of the faults the day survives by itself (issue 38): a full disk, a public server
behind the venue."""

CS = {
    "The disk is full: nothing was saved": "Disk je plný: nic nebylo uloženo",
    "Free space on the server's disk, then save again.": "Uvolněte místo na disku serveru a pak uložte znovu.",
    "Tell the organiser: the server's disk is full, so nothing of what you sent was saved, and nothing is half-saved.": "Řekněte to organizátorovi: disk serveru je plný, proto nic z toho, co jste odeslali, nebylo uloženo, a nic není uloženo napůl.",
    "On a table's phone what was typed stays in the form: go back to the page and save again once there is space.": "Na telefonu u stolu zůstává zapsané ve formuláři: až bude místo, vraťte se na stránku a uložte znovu.",
    "Back to the page": "Zpět na stránku",
    "The disk is full: nothing can be saved": "Disk je plný: nelze nic uložit",
    "Since %(since)s every save has failed whole: nothing was saved, nothing is half-saved. Free space on the server's disk (delete or move files), then save again; the tables' phones keep what was typed.": "Od %(since)s každé uložení selhalo celé: nic nebylo uloženo, nic není uloženo napůl. Uvolněte místo na disku serveru (smažte nebo přesuňte soubory) a pak uložte znovu; telefony u stolů si zapsané hodnoty drží.",
    "The disk is almost full": "Disk je téměř plný",
    "Only %(free)s MiB are free on the disk the results are saved on. Free space now (delete or move files): once it is full, no sheet can be saved.": "Na disku, kam se ukládají výsledky, zbývá jen %(free)s MiB. Uvolněte místo hned (smažte nebo přesuňte soubory): až se zaplní, nepůjde uložit žádný zápis.",
    "The public server is behind: it holds revision %(held)s (%(when)s), older than revision %(accepted)s that it accepted from this computer (restored from a backup?). It does not show the current results until the next push; the push command watching sends them again by itself.": "Veřejný server je pozadu: má revizi %(held)s (%(when)s), starší než revizi %(accepted)s, kterou od tohoto počítače přijal (obnoven ze zálohy?). Dokud nepřijme další odeslání, neukazuje aktuální výsledky; sledující příkaz push mu je pošle znovu sám.",
    "The public server holds": "Veřejný server má",
    "revision %(revision)s (asked %(when)s)": "revizi %(revision)s (zjištěno %(when)s)",
    "%(time)s the public server holds revision %(held)s, not revision %(accepted)s that it accepted (restored from a backup?): it is behind; pushing the current state again": "%(time)s veřejný server má revizi %(held)s, ne revizi %(accepted)s, kterou přijal (obnoven ze zálohy?): je pozadu; posílám znovu aktuální stav",
    "revision the public server holds": "revize na veřejném serveru",
    "public server asked": "veřejný server dotázán",
    "%(time)s this computer's database failed (%(error)s): nothing was pushed; next try in %(seconds)s s": "%(time)s databáze tohoto počítače selhala (%(error)s): nic nebylo odesláno; další pokus za %(seconds)s s",
    "The database does not answer: nothing was saved": "Databáze neodpovídá: nic nebylo uloženo",
    "The server lost its database for a moment (it is being restarted, say). Nothing of what you sent was saved, and nothing is half-saved: wait a few seconds and save again.": "Server na chvíli ztratil spojení s databází (třeba se právě restartuje). Nic z toho, co jste odeslali, nebylo uloženo, a nic není uloženo napůl: počkejte několik sekund a uložte znovu.",
    "On a table's phone what was typed stays in the form: go back to the page and save again in a moment.": "Na telefonu u stolu zůstává zapsané ve formuláři: vraťte se na stránku a za chvíli uložte znovu.",
}
