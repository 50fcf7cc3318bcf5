"""The rules of Syllabatim championships as plain Python: no Django, no database.

Every number of RULES.md lives in ``championship.py`` (or in the card data) once; the rest of
the project asks these modules.
"""
