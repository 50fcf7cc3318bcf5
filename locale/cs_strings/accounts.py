"""Czech of sign-in, sign-out and refusals."""

CS = {
    "Not allowed": "Přístup odepřen",
    "Your account may not open this page. Sign in with an account of the right role, or ask the organiser.": "Váš účet tuto stránku otevřít nesmí. Přihlaste se účtem se správnou rolí, nebo se obraťte na organizátora.",
    "To the front page": "Na úvodní stránku",
    "Sign in": "Přihlásit",
    "For the organiser and the referees. The results are public and need no account.": "Pro organizátora a rozhodčí. Výsledky jsou veřejné a účet k nim není potřeba.",
    "Login name": "Přihlašovací jméno",
    "Password": "Heslo",
    "Account": "Účet",
    "Sign out": "Odhlásit",
    "Organiser": "Organizátor",
}
