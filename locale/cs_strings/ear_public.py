"""Czech of what a blind reader hears on the public pages (issue 34, points 1, 4, 5 and 6):
the medal the ceremony says with each place, the live refresh's words."""

CS = {
    # the ceremony says the medal of each place (scoring/ceremony.py)
    ("ceremony", "gold medal"): "zlatá medaile",
    ("ceremony", "silver medal"): "stříbrná medaile",
    ("ceremony", "bronze medal"): "bronzová medaile",
}
