"""What is where (the README's map in detail): Roles (organiser, referee), the one audience check
(``accounts/access.py``: roles, public pages, holders of a table link with the limit on wrong
guesses, counted per process while the shared cache is down: ``guesses.py``), sign-in with its
limit on guesses per address and per account (``signin.py``), the staff's passwords
(``passwords.py``), the demo organiser kept off servers (``demo_account.py``),
``create_account``, ``unlock_account``; accounts' writes (``services.py``); what an account adds
to Django's user (``models.py``, ``StaffProfile``: the person's grammatical gender, so that the
words about what the account did agree with it, read through
``tournament.lookups.feminine_author`` and the ``agreement`` template tag, and who created the
account, for the log).
"""
