"""What is where (the README's map in detail): The JSON formats of ``../shared/formats/`` (schemas
copied in ``interchange/schemas/``): checking, import, export, the results document, the same
results from a document in memory (``data.py``), and the demo championship's document
(``demo.py``; the ``demo`` command that loads it is the organiser app's, ``staff``).
"""
