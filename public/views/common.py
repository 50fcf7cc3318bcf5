"""What the public pages share: a table's sort fields and the redirect that drops stray sorts."""

from urllib.parse import urlencode

from django.shortcuts import redirect

from ui.page_cache import used_parameters


def sort_fields(table_class, prefixes) -> set[str]:
    """The sort parameters of the tables of ``table_class`` with these prefixes."""
    return {prefix + table_class._meta.order_by_field for prefix in prefixes}


def without_stray_sorts(request, sort, fields: set[str]):
    """A redirect to the page's address without the ``sort`` parameters of tables the page
    does not show (``fields``: the sort parameters of those it shows), or None when it has
    none: each would be another cache entry of the same page (issue 31, 7)."""
    stray = {name for name, _value in used_parameters(request.GET, [sort]) if name not in fields}
    if not stray:
        return None
    kept = [
        (name, value)
        for name, values in request.GET.lists()
        if name not in stray
        for value in values
    ]
    return redirect(f"{request.path}?{urlencode(kept)}" if kept else request.path)
