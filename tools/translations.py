"""The translations' tooling, on Babel: extract the messages, update and compile the catalogs,
make the pseudo-locale, check the catalogs.

    python tools/translations.py extract [--out FILE]   # the template (.pot) of every message
    python tools/translations.py update                 # each .po gets the new messages
    python tools/translations.py init LANG              # a new language's .po (pt_BR, it, ...)
    python tools/translations.py compile                # each .po to its .mo beside it
    python tools/translations.py check                  # untranslated, fuzzy, placeholders, stale .mo
    python tools/translations.py pseudo [--out DIR]     # the pseudo-locale xx (not shipped)

The messages are what ``pybabel extract -k _ -k ngettext:1,2 -k pgettext:1c,2 -k N_
--no-default-keywords -c TRANSLATORS: --add-location=file tcf_gui`` finds, plus argparse's
own words (``usage:``, its errors), which the command line shows translated too. The
catalogs are ``tcf_gui/locale/LANG/LC_MESSAGES/tcf-gui.po`` with their compiled ``.mo``
beside them (the wheel and the app carry the .mo; tests/test_catalogs.py checks that they
are current). The pseudo-locale brackets every message, writes its letters with accents and
makes every word 40% longer: run the game with ``--lang xx`` after ``pseudo`` to see which
text is not translated and which does not fit; the tests make it afresh from the source.
"""
from __future__ import annotations

import argparse
import gettext
import io
import math
import re
import sys
from pathlib import Path
from typing import Iterable

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir, extract_from_file
from babel.messages.mofile import read_mo, write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "tcf_gui"
LOCALE = PACKAGE / "locale"
DOMAIN = "tcf-gui"
#: The pseudo-locale's code: never shipped (.gitignore), made by ``pseudo``.
PSEUDO = "xx"
#: gettext's functions as Babel's keyword specifications (pybabel's -k).
KEYWORDS = {"_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2), "N_": None}
COMMENT_TAGS = ("TRANSLATORS:",)


def project_version() -> str:
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    found = re.search(r'^version\s*=\s*"([^"]+)"', text, re.MULTILINE)
    return found.group(1) if found else "0"


def extract() -> Catalog:
    """The template: every message of the package (and argparse's), with its files and the
    comments left for translators."""
    template = Catalog(project="tcf-gui", version=project_version(), charset="utf-8",
                       copyright_holder="the Three Card Flush authors", fuzzy=False)
    found = extract_from_dir(PACKAGE, method_map=[("**.py", "python")],
                             keywords=KEYWORDS, comment_tags=COMMENT_TAGS,
                             strip_comment_tags=True)
    for filename, _line, message, comments, context in found:
        template.add(message, None, [(f"tcf_gui/{filename}", None)], auto_comments=comments,
                     context=context)
    for _line, message, _comments, context in extract_from_file(
            "python", argparse.__file__, keywords={"_": None, "ngettext": (1, 2)}):
        template.add(message, None, [("argparse.py", None)], context=context,
                     auto_comments=["The command line's own words (Python's argparse)."])
    return template


def catalog_paths() -> list[Path]:
    """Every shipped language's .po file."""
    return sorted(path for path in LOCALE.glob(f"*/LC_MESSAGES/{DOMAIN}.po")
                  if path.parts[-3] != PSEUDO)


def read_catalog(path: Path) -> Catalog:
    with path.open("rb") as handle:
        return read_po(handle, domain=DOMAIN)


def _po_bytes(catalog: Catalog) -> bytes:
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=96, include_lineno=False, sort_by_file=False,
             ignore_obsolete=True)
    return buffer.getvalue()


def _mo_bytes(catalog: Catalog) -> bytes:
    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    return buffer.getvalue()


def _entries(catalog: Catalog) -> dict[tuple[object, str | None], object]:
    """What a catalog says: each message (with its context) and its translation, read alike
    from a .po and a .mo (Babel's read_mo gives a plural's forms as lists and a context as
    bytes)."""
    def same(value: object) -> object:
        if isinstance(value, bytes):
            return value.decode("utf-8")
        return tuple(value) if isinstance(value, list) else value

    return {(same(message.id), same(message.context)): same(message.string)
            for message in catalog if message.id}


def _write_if_changed(path: Path, catalog: Catalog, old: Catalog | None) -> bool:
    """Write ``catalog`` to ``path`` unless it says what ``old`` said (no churn of dates)."""
    def same_notes(message: Message) -> bool:
        was = old.get(message.id, context=message.context) if old is not None else None
        return was is not None and (was.flags, was.auto_comments) == (message.flags,
                                                                      message.auto_comments)

    if old is not None and _entries(old) == _entries(catalog) and all(
            same_notes(message) for message in catalog if message.id):
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(_po_bytes(catalog))
    return True


def update(template: Catalog | None = None) -> list[str]:
    """Bring each .po up to the source's messages (new ones empty, changed ones fuzzy); the
    lines say what changed."""
    template = template or extract()
    lines = []
    for path in catalog_paths():
        catalog = read_catalog(path)
        before = read_catalog(path)
        catalog.update(template, update_header_comment=False)
        if _write_if_changed(path, catalog, before):
            lines.append(f"updated {path.relative_to(ROOT)}")
    return lines


def init(code: str, template: Catalog | None = None) -> Path:
    """A new language's .po with every message, none translated yet."""
    template = template or extract()
    path = LOCALE / code / "LC_MESSAGES" / f"{DOMAIN}.po"
    if path.exists():
        raise SystemExit(f"translations: {path.relative_to(ROOT)} exists; use update")
    catalog = Catalog(locale=code, domain=DOMAIN, project="tcf-gui",
                      version=project_version(), charset="utf-8")
    catalog.update(template)
    catalog.fuzzy = False
    _write_if_changed(path, catalog, None)
    return path


def compile_catalogs() -> list[str]:
    """Each .po compiled to the .mo beside it (fuzzy entries left out)."""
    lines = []
    for path in catalog_paths():
        mo = path.with_suffix(".mo")
        data = _mo_bytes(read_catalog(path))
        if not mo.exists() or mo.read_bytes() != data:
            mo.write_bytes(data)
            lines.append(f"compiled {mo.relative_to(ROOT)}")
    return lines


# -- checks ---------------------------------------------------------------------------------
#: printf's space flag is left out: "45 % de victoire" (French) holds no "% d".
_PLACEHOLDER = re.compile(r"\{\{|\}\}|\{[^{}]*\}|%%|%(?:\([^)]+\))?[-#0+]*\d*(?:\.\d+)?[sdrifgeExXc]")


def placeholders(text: str) -> list[str]:
    """The placeholders of a message, sorted: ``{name}``, ``{n:,}``, ``%(prog)s``, ``%s``."""
    return sorted(found for found in _PLACEHOLDER.findall(text) if found not in ("{{", "}}", "%%"))


def _forms(value: object) -> list[str]:
    if isinstance(value, (tuple, list)):
        return [str(part) for part in value]
    return [str(value or "")]


def _singular_alone(catalog: Catalog) -> bool:
    """True when the language's first plural form serves n = 1 only (German, Polish; not
    French, where it serves 0 and 1): that form may say "one" without the number."""
    plural = gettext.c2py(catalog.plural_expr)
    return [n for n in range(200) if plural(n) == 0] == [1]


def _shipped(message: Message) -> bool:
    return bool(message.id) and not message.fuzzy and all(_forms(message.string))


def catalog_problems(catalog: Catalog) -> list[str]:
    """What keeps a catalog from shipping: a message untranslated or fuzzy, a translation
    whose placeholders are not the source's, a plural without all of its forms."""
    found = []
    singular_alone = _singular_alone(catalog)
    for message in catalog:
        if not message.id:
            continue
        source = message.id if isinstance(message.id, str) else message.id[-1]
        name = repr(source[:60]) + (f" (context {message.context})" if message.context else "")
        translations = _forms(message.string)
        if message.fuzzy:
            found.append(f"{name} is fuzzy: check it, then remove the fuzzy mark")
        if not all(translations) or (message.pluralizable and
                                     len(translations) != catalog.num_plurals):
            found.append(f"{name} is not translated")
            continue
        wanted = placeholders(source)
        for index, translation in enumerate(translations):
            own = placeholders(translation)
            if message.pluralizable and index == 0 and singular_alone:
                if not set(own) <= set(wanted):  # "one card" may do without {n}
                    found.append(f"{name}: the singular has {own}, the source only {wanted}")
            elif own != wanted:
                found.append(f"{name}: the translation has {own}, the source {wanted}")
    return found


def stale_mo(path: Path) -> bool:
    """True when the .mo beside ``path`` is missing or says other than the .po."""
    mo = path.with_suffix(".mo")
    if not mo.exists():
        return True
    with mo.open("rb") as handle:
        compiled = _entries(read_mo(handle))
    source = {key: value for key, value in _entries(read_catalog(path)).items()}
    shipped = {(message.id, message.context) for message in read_catalog(path)
               if _shipped(message)}
    return compiled != {key: value for key, value in source.items() if key in shipped}


def missing_messages(catalog: Catalog, template: Catalog) -> list[str]:
    """The source's messages the catalog does not carry yet (run update)."""
    have = {(message.id, message.context) for message in catalog}
    return [str(message.id) for message in template
            if message.id and (message.id, message.context) not in have]


def check() -> list[str]:
    template = extract()
    lines = []
    for path in catalog_paths():
        catalog = read_catalog(path)
        where = path.relative_to(ROOT)
        lines += [f"{where}: {problem}" for problem in catalog_problems(catalog)]
        lines += [f"{where}: {message!r} is new in the source (run update)"
                  for message in missing_messages(catalog, template)]
        if stale_mo(path):
            lines.append(f"{where}: the .mo is not compiled from it (run compile)")
    return lines


# -- the pseudo-locale ----------------------------------------------------------------------
_ACCENTED = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "åƀçđéƒĝĥíĵķĺɱñöþǫŕšţûṽŵẋýžÅƁÇĐÉƑĜĤÍĴĶĹṀÑÖÞǪŔŠŢÛṼŴẊÝŽ")
#: Placeholders and what must stay as it is (a keyboard's key in [brackets] is a word).
_KEEP = re.compile(_PLACEHOLDER.pattern + r"|\\n")
_WORD = re.compile(r"[A-Za-z]+")
#: How much longer the pseudo-locale makes each word (German runs about 30% longer).
LONGER = 0.4


def pseudo_text(text: str) -> str:
    """``text`` bracketed, accented and 40% longer per word, placeholders kept:
    'You win, {name}' -> '[Ýýöû ŵŵíñ, {name}]'."""
    def lengthen(match: re.Match[str]) -> str:
        word = match.group(0)
        extra = math.ceil(len(word) * LONGER)
        return "".join(letter * (2 if index < extra else 1)
                       for index, letter in enumerate(word)).translate(_ACCENTED)

    parts, last = [], 0
    for kept in _KEEP.finditer(text):
        parts.append(_WORD.sub(lengthen, text[last:kept.start()]))
        parts.append(kept.group(0))
        last = kept.end()
    parts.append(_WORD.sub(lengthen, text[last:]))
    body = "".join(parts)
    stripped = body.rstrip("\n")
    return f"[{stripped}]" + body[len(stripped):]


#: The context of a card's corner letter (tcf_gui.words.notation): one letter in every
#: language, accented in the pseudo-locale but never lengthened.
CORNER_LETTER = "card rank"


def pseudo_catalog(template: Catalog) -> Catalog:
    catalog = Catalog(domain=DOMAIN, project="tcf-gui", charset="utf-8", fuzzy=False)
    for message in template:
        if not message.id:
            continue
        string: object
        if isinstance(message.id, (tuple, list)):
            string = tuple(pseudo_text(form) for form in message.id)
        elif message.context == CORNER_LETTER:  # one letter in a card's corner, in any language
            string = message.id.translate(_ACCENTED)
        else:
            string = pseudo_text(message.id)
        catalog.add(message.id, string, context=message.context)
    return catalog


def write_pseudo(folder: Path, template: Catalog | None = None) -> Path:
    """The pseudo-locale compiled into ``folder``/xx/LC_MESSAGES/tcf-gui.mo."""
    path = folder / PSEUDO / "LC_MESSAGES" / f"{DOMAIN}.mo"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(_mo_bytes(pseudo_catalog(template or extract())))
    return path


def _summary() -> list[str]:
    lines = []
    for path in catalog_paths():
        catalog = read_catalog(path)
        total = sum(1 for message in catalog if message.id)
        done = sum(1 for message in catalog if _shipped(message))
        lines.append(f"{path.parts[-3]}: {done} of {total} messages translated")
    return lines


def main(argv: Iterable[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="translations", description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    extract_parser = commands.add_parser("extract", help="write the template of every message")
    extract_parser.add_argument("--out", type=Path, default=ROOT / "build" / f"{DOMAIN}.pot")
    commands.add_parser("update", help="bring each catalog up to the source's messages")
    init_parser = commands.add_parser("init", help="start a new language's catalog")
    init_parser.add_argument("language", help="its code: it, nl, pt_PT, ...")
    commands.add_parser("compile", help="compile each catalog to its .mo")
    commands.add_parser("check", help="what keeps the catalogs from shipping")
    pseudo_parser = commands.add_parser("pseudo", help="make the pseudo-locale xx")
    pseudo_parser.add_argument("--out", type=Path, default=LOCALE)
    args = parser.parse_args(list(argv) if argv is not None else None)
    if args.command == "extract":
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_bytes(_po_bytes(extract()))
        print(f"wrote {args.out}")
    elif args.command == "update":
        print("\n".join(update() + _summary()))
    elif args.command == "init":
        print(f"wrote {init(args.language)}: translate it, then run compile")
    elif args.command == "compile":
        print("\n".join(compile_catalogs() + _summary()))
    elif args.command == "check":
        problems = check()
        print("\n".join(problems + _summary()))
        return 1 if problems else 0
    elif args.command == "pseudo":
        print(f"wrote {write_pseudo(args.out)}: tcf-gui --lang {PSEUDO} shows it")
    return 0


if __name__ == "__main__":
    sys.exit(main())
