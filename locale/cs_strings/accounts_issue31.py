"""Czech of issue 31's accounts: the demo account kept off servers, sign-in guesses counted per
account and address, passwords that cannot be guessed, names in one form."""

CS = {
    "At least 8 characters, not only digits, neither a common password nor like the login or the name. Empty: a password is generated and shown once.": "Nejméně 8 znaků, ne jen číslice, ani běžné heslo, ani podobné přihlašovacímu jménu či jménu. Prázdné: heslo se vygeneruje a jednou zobrazí.",
    "The account %(login)s has the demo's published password (%(password)s): anyone who reaches the server can sign in with it as the organiser.": "Účet %(login)s má zveřejněné heslo ukázky (%(password)s): kdokoli, kdo se dostane na server, se s ním může přihlásit jako organizátor.",
    "Give the account a password of its own, on the same database: python manage.py changepassword %(login)s (or, with debug on, deactivate it on the accounts page).": "Dejte účtu vlastní heslo, nad stejnou databází: python manage.py changepassword %(login)s (nebo ho v ladicím režimu deaktivujte na stránce účtů).",
    "The server does not start.": "Server se nespustí.",
    "Then start the server again.": "Pak server spusťte znovu.",
    "A server without debug (make serve) does not start until then.": "Server bez ladicího režimu (make serve) se do té doby nespustí.",
    "This is the demo's published password: anyone could sign in with it.": "Toto je zveřejněné heslo ukázky: přihlásit se s ním může kdokoli.",
    "Your password can't be the demo's published password.": "Heslo nemůže být zveřejněné heslo ukázky.",
}
CS.update(
    {
        # The demo command (staff/management/commands/demo.py)
        "create the demo organiser account even without debug (a server anyone may reach), with a generated password shown once instead of the published one": "vytvořit ukázkový účet organizátora i bez ladicího režimu (na serveru, kam se může dostat kdokoli), s vygenerovaným heslem zobrazeným jen jednou místo zveřejněného",
        "Demo organiser: login %(username)s, deactivated or with the password given to it (no longer the published one).": "Ukázkový organizátor: jméno %(username)s, deaktivovaný nebo s heslem, které dostal (už ne se zveřejněným).",
        "A server without debug (make serve) does not start while the account has this published password.": "Server bez ladicího režimu (make serve) se nespustí, dokud má účet toto zveřejněné heslo.",
        "Demo organiser: login %(username)s, password %(password)s, shown only now (%(start)s on this server)": "Ukázkový organizátor: jméno %(username)s, heslo %(password)s, zobrazené jen teď (%(start)s na tomto serveru)",
    }
)
CS.update(
    {
        # Sign-in guesses (accounts.signin, accounts/templates/accounts/locked_out.html, unlock_account)
        "Signing in to this account has failed too many times from several devices: it is locked for every device it has not signed in from lately. Try again in %(minutes)s minute (at %(until)s).": (
            "Přihlášení k tomuto účtu se příliš často nepovedlo z více zařízení: účet je zamčený pro každé zařízení, ze kterého se k němu v poslední době nepřihlásil. Zkuste to znovu za %(minutes)s minutu (v %(until)s).",
            "Přihlášení k tomuto účtu se příliš často nepovedlo z více zařízení: účet je zamčený pro každé zařízení, ze kterého se k němu v poslední době nepřihlásil. Zkuste to znovu za %(minutes)s minuty (v %(until)s).",
            "Přihlášení k tomuto účtu se příliš často nepovedlo z více zařízení: účet je zamčený pro každé zařízení, ze kterého se k němu v poslední době nepřihlásil. Zkuste to znovu za %(minutes)s minut (v %(until)s).",
        ),
        "Signing in from this device has failed too many times. Try again in %(minutes)s minute (at %(until)s); from another device you can sign in now.": (
            "Přihlášení z tohoto zařízení se příliš často nepovedlo. Zkuste to znovu za %(minutes)s minutu (v %(until)s); z jiného zařízení se přihlásíte hned.",
            "Přihlášení z tohoto zařízení se příliš často nepovedlo. Zkuste to znovu za %(minutes)s minuty (v %(until)s); z jiného zařízení se přihlásíte hned.",
            "Přihlášení z tohoto zařízení se příliš často nepovedlo. Zkuste to znovu za %(minutes)s minut (v %(until)s); z jiného zařízení se přihlásíte hned.",
        ),
        "If you have forgotten the password, another organiser sets a new one on the accounts page; the organiser can also lift the lock at once on the server (manage.py unlock_account with the login name).": "Jestli jste heslo zapomněli, nastaví vám nové jiný organizátor na stránce účtů; organizátor také může zámek hned zrušit na serveru (manage.py unlock_account s přihlašovacím jménem).",
        "Lifts the locks that failed sign-ins put on an account, at once: its failed sign-ins from every address are forgotten.": "Hned zruší zámky, které na účet daly nepovedená přihlášení: jeho nepovedená přihlášení ze všech adres se zapomenou.",
        "No failed sign-ins of %(name)s are counted: nothing was locked.": "Účet %(name)s nemá žádná započítaná nepovedená přihlášení: nic nebylo zamčeno.",
        "%(name)s is unlocked. Failed sign-ins forgotten: %(failures)s, from addresses: %(addresses)s.": "Účet %(name)s je odemčen. Zapomenutá nepovedená přihlášení: %(failures)s, počet adres: %(addresses)s.",
    }
)
CS.update(
    {
        # Names in one form (tournament.characters)
        "an invisible character": "neviditelný znak",
        "a replacement character (the text was read in a wrong encoding)": "náhradní znak (text byl přečten ve špatném kódování)",
        "a combining mark on no letter": "diakritické znaménko bez písmene",
        "one of more than %(limit)s combining marks stacked on one letter": "jedno z více než %(limit)s diakritických znamének nad jedním písmenem",
    }
)
