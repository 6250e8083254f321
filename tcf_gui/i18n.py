"""The text seam: every string a player reads goes through ``_()`` or ``ngettext()``.

Write user-visible text as ``_("{name} wins with {hand}").format(name=..., hand=...)``:
named placeholders (a translator may reorder them), never ``"s" if n != 1`` (use
``ngettext``), never a sentence glued together from pieces. ``N_()`` marks a string for
extraction where it must stay untranslated until it is shown (a table of labels at import
time); show it with ``_(value)``. ``pgettext("context", ...)`` tells apart one English word
that needs two translations. A comment starting ``# TRANSLATORS:`` on the line before a
message reaches the translators.

Catalogs are gettext's: ``tcf_gui/locale/<lang>/LC_MESSAGES/tcf-gui.po``, compiled beside
it to ``.mo`` by ``python tools/translations.py compile`` (tools/translations.py also
extracts the messages and updates the catalogs with Babel). Until a language is installed
with :func:`use_language` the text is the English source. The lab's transcripts,
``hand-rep`` lines and machine-readable output (``--json``, ``--csv``) never go through
here: they are formats, not prose. argparse's own words (``usage:``, its errors) are
translated with the rest: the catalogs carry them.
"""
from __future__ import annotations

import gettext
import os
import re
import sys
from pathlib import Path

#: The gettext domain: the catalogs' file name.
DOMAIN = "tcf-gui"
#: Where the catalogs live, inside the package.
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
#: The language the source is written in.
SOURCE = "en"

_translation: gettext.NullTranslations = gettext.NullTranslations()
_language = SOURCE


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
    return [SOURCE, *(code for code in found if code != SOURCE)]


def language() -> str:
    """The code of the language in force ("en", "de", "pt_BR", ...)."""
    return _language


def language_name(code: str) -> str:
    """The language as its speakers name it: "Deutsch", "Français", "Português (Brasil)"
    (the code itself where Babel does not know it)."""
    from babel import Locale, UnknownLocaleError

    try:
        name = Locale.parse(code).get_display_name(code) or code
    except (ValueError, UnknownLocaleError):
        return code
    return name[:1].upper() + name[1:]


def match_language(code: str) -> str | None:
    """The catalog a language code asks for, or None: "pt-br", "pt_BR.UTF-8" and "pt" all
    find pt_BR, "de_AT" finds de; "C" and "POSIX" mean English."""
    code = code.strip().split(".")[0].split("@")[0].replace("-", "_")
    if code in ("C", "POSIX"):
        return SOURCE
    if not re.fullmatch(r"[A-Za-z]{2,3}(_[A-Za-z0-9]{2,4})*", code):
        return None
    languages = available_languages()
    by_lower = {available.lower(): available for available in languages}
    if code.lower() in by_lower:
        return by_lower[code.lower()]
    base = code.split("_")[0].lower()
    same = [available for available in languages if available.split("_")[0].lower() == base]
    return same[0] if same else None


def system_languages() -> list[str]:
    """The languages the system asks for, best first: $LANGUAGE (a list), else the first of
    $LC_ALL, $LC_MESSAGES and $LANG that is set, as gettext reads them; then the platform's
    own setting on Windows (the user's display language) and macOS (the preferred languages)."""
    found: list[str] = []
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(name)
        if value:
            found += [part for part in value.split(":") if part]
            if name != "LANGUAGE":
                break
    if sys.platform == "win32":
        found += _windows_languages()
    elif sys.platform == "darwin":
        found += _macos_languages()
    return found


def _windows_languages() -> list[str]:
    """The Windows user's display language, as a POSIX code ("de_DE")."""
    import ctypes
    import locale

    try:
        lcid = ctypes.windll.kernel32.GetUserDefaultUILanguage()  # type: ignore[attr-defined]
    except (AttributeError, OSError):
        return []
    code = locale.windows_locale.get(lcid)
    return [code] if code else []


#: Where macOS keeps the user's preferred languages (AppleLanguages).
MACOS_PREFERENCES = Path("~/Library/Preferences/.GlobalPreferences.plist")


def _macos_languages() -> list[str]:
    """The macOS user's preferred languages, best first ("de-DE", "en-US")."""
    import plistlib

    try:
        with MACOS_PREFERENCES.expanduser().open("rb") as handle:
            preferences = plistlib.load(handle)
    except (OSError, ValueError, plistlib.InvalidFileException):
        return []
    languages = preferences.get("AppleLanguages") if isinstance(preferences, dict) else None
    if not isinstance(languages, list):
        return []
    return [language for language in languages if isinstance(language, str)]


def system_language() -> str:
    """The first language the system asks for that has a catalog; English when none has."""
    for code in system_languages():
        found = match_language(code)
        if found is not None:
            return found
    return SOURCE


class UnknownLanguage(ValueError):
    """A language code with no catalog; its message names the languages there are."""

    def __init__(self, code: str) -> None:
        names = ", ".join(f"{available} ({language_name(available)})"
                          for available in available_languages())
        super().__init__(_("there is no language {code!r}: choose one of {languages}").format(
            code=code, languages=names))


def choose_language(code: str) -> str:
    """Show text in the language ``code`` asks for (see :func:`match_language`) from now on
    and return its catalog's code; UnknownLanguage when there is none."""
    found = match_language(code)
    if found is None:
        raise UnknownLanguage(code)
    return use_language(found)


def use_language(code: str | None) -> str:
    """Show text in language ``code`` from now on (None: the system's, see
    :func:`system_language`). Returns the code in force, "en" when no catalog matches."""
    global _translation, _language
    found = system_language() if code is None else match_language(code)
    if found is None or found == SOURCE:
        _translation, _language = gettext.NullTranslations(), SOURCE
    else:
        try:
            with open(LOCALE_DIR / found / "LC_MESSAGES" / f"{DOMAIN}.mo", "rb") as handle:
                _translation, _language = gettext.GNUTranslations(handle), found
        except OSError:  # gone since it was listed: the English source
            _translation, _language = gettext.NullTranslations(), SOURCE
    _speak_to_argparse()
    return _language


def _speak_to_argparse() -> None:
    """argparse words its usage, headings and errors with gettext's global functions, bound
    when it was imported: point them at the language in force (once argparse is loaded; the
    command line loads it before choosing the language)."""
    module = sys.modules.get("argparse")
    if module is not None:
        setattr(module, "_", _)
        setattr(module, "ngettext", ngettext)
