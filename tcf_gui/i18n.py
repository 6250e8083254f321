"""The text seam: every string a player reads goes through ``_()`` or ``ngettext()``.

Write user-visible text as ``_("{name} wins with {hand}").format(name=..., hand=...)``:
named placeholders (a translator may reorder them), never ``"s" if n != 1`` (use
``ngettext``), never a sentence glued together from pieces. ``N_()`` marks a string for
extraction where it must stay untranslated until it is shown (a table of labels at import
time); show it with ``_(value)``.

Catalogs are gettext's: ``tcf_gui/locale/<lang>/LC_MESSAGES/tcf-gui.mo``. Until a language
is installed with :func:`use_language` the text is the English source. The lab's
transcripts, ``hand-rep`` lines and machine-readable output (``--json``, ``--csv``) never
go through here: they are formats, not prose.
"""
from __future__ import annotations

import gettext
from pathlib import Path

#: The gettext domain: the catalogs' file name.
DOMAIN = "tcf-gui"
#: Where the compiled catalogs live, inside the package.
LOCALE_DIR = Path(__file__).resolve().parent / "locale"

_translation: gettext.NullTranslations = gettext.NullTranslations()


def _(message: str) -> str:
    """``message`` in the current language."""
    return _translation.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a message with a count ``n``, in the current language."""
    return _translation.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language, told apart by ``context`` where the same English
    word needs different translations (a card's "Jack" and a menu's "Back", say)."""
    return _translation.pgettext(context, message)


def N_(message: str) -> str:
    """Mark ``message`` for extraction without translating it now."""
    return message


def available_languages() -> list[str]:
    """The language codes with a compiled catalog, English (the source) first."""
    found = sorted(path.parent.parent.name
                   for path in LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.mo"))
    return ["en", *(code for code in found if code != "en")]


def use_language(code: str | None) -> str:
    """Show text in language ``code`` from now on (None: the system's, from LANGUAGE,
    LC_ALL, LC_MESSAGES and LANG, as gettext reads them). Returns the code in force, "en"
    when no catalog matches."""
    global _translation
    languages = None if code is None else [code]
    try:
        _translation = gettext.translation(DOMAIN, LOCALE_DIR, languages=languages)
    except OSError:  # no catalog for it: the English source
        _translation = gettext.NullTranslations()
        return "en"
    return _translation.info().get("language", code or "en")
