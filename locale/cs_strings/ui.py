"""Czech of the shared web layer (``ui/``): what the pages and printouts share."""

CS = {
    "Shared web layer": "Sdílená webová vrstva",
    ("medal", "gold"): "zlato",
    ("medal", "silver"): "stříbro",
    ("medal", "bronze"): "bronz",
}
