"""The shared web layer: what the audience apps' pages have in common (the accessible table,
the refusal display, the sheet form, the medal names, the generic views'
helpers). It stands between ``interchange`` and the audience apps: they import it, it imports
none of them.

What is where (the README's map in detail): The shared web layer, what the audience apps' pages
have in common (they import it; it imports none of them): the accessible table (``tables.py``,
django-tables2 with its template ``ui/table.html``: caption, headers with scope and sort state,
a row header per row), the medal and sight-class names (``labels.py``), the sheet form of the
desk and the table's page (``sheet_form.py``: what was typed to sheet lines, the version of the
sheet the form was loaded with, the form's values and rows back), a service's refusal shown on a
page (``refusals.py``: next to its field, else at the top of the form, else as a message), and
two helpers on Django's generic views (``views.py``: ``ServiceFormView``, form → service →
refusal next to the fields or a message and a redirect; ``ConfirmView``, GET shows what will
happen, POST does it); the web code the domain apps must not hold (issue 36, 2): the public
pages' cache keyed by the query parameters each page uses (``page_cache.py``), a tournament or
a game from an address or 404 (``lookups.py``), the path converters (``converters.py``,
registered in ``apps.py``), the addresses one audience gives another's page (``addresses.py``:
the lots' public record, a table's page for the phone) and the template tags (``templatetags/``:
``czech``, ``agreement``); the partials several apps include (``templates/ui/_name.html``);
what a request does when the database or the disk fails (``faults.py``,
the last middleware: one more try on a new connection, a full disk said in words).
"""
