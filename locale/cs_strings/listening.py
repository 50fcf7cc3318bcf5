"""Czech of what a screen reader says: sort controls, answers and outcomes spoken, the
accessible twins and large print of the downloads (issue 26)."""

CS = {
    # tables: the sort control's description (the header's name is the column's name)
    "Sorts the table by this column.": "Seřadí tabulku podle tohoto sloupce.",
    "The table is sorted by this column; the link reverses the order.": "Tabulka je seřazena podle tohoto sloupce; odkaz pořadí obrátí.",
    # what the provisional standings count
    "provisional standings during game %(game)s of %(planned)s (the rounds entered so far count)": "průběžné pořadí během partie %(game)s z %(planned)s (počítají se dosud zapsaná kola)",
    "provisional standings during game %(game)s (the rounds entered so far count)": "průběžné pořadí během partie %(game)s (počítají se dosud zapsaná kola)",
}
