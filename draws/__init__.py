"""What is where (the README's map in detail): The organiser's table draws and round lots
(``/sprava/<slug>/losovani/``): presence, draft, preview with the constraint report, swap,
redraw, confirm; the ``draw`` command. The search itself is ``rules/draw.py``.
"""
