"""The shared web layer: what the audience apps' pages have in common (the accessible table,
search folding, the refusal display, the sheet form, the medal names, the generic views'
helpers). It stands between ``interchange`` and the audience apps: they import it, it imports
none of them."""
