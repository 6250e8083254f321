"""Numbers and dates as the player's language writes them, from Babel's CLDR data: 45.7% in
English, 45,7 % in German; 12,345 / 12.345 / 12 345; Mar 4, 2026 / 04.03.2026 / 4 mars 2026.

Prose uses these; machine-readable output (``--json``, ``--csv``) never does. Babel loads on
the first number formatted, so a command that prints none starts without it.
"""
from __future__ import annotations

import copy
from datetime import date, datetime
from functools import lru_cache
from typing import TYPE_CHECKING

from tcf_gui.i18n import SOURCE, language

if TYPE_CHECKING:
    from babel import Locale
    from babel.numbers import NumberPattern


@lru_cache(maxsize=16)
def babel_locale(code: str) -> Locale:
    """Babel's locale for a catalog's code (English for one CLDR does not know, such as the
    pseudo-locale)."""
    from babel import Locale, UnknownLocaleError

    try:
        return Locale.parse(code)
    except (ValueError, UnknownLocaleError):
        return Locale.parse(SOURCE)


@lru_cache(maxsize=64)
def _pattern(code: str, kind: str, digits: int) -> NumberPattern:
    """The language's pattern of ``kind`` (percent or decimal) with exactly ``digits``
    decimals."""
    locale = babel_locale(code)
    formats = locale.percent_formats if kind == "percent" else locale.decimal_formats
    pattern = copy.copy(formats[None])
    pattern.frac_prec = (digits, digits)
    return pattern


def percent(fraction: float, digits: int = 1) -> str:
    """``fraction`` as a percentage with ``digits`` decimals: 0.457 -> '45.7%' ('45,7 %')."""
    code = language()
    return _pattern(code, "percent", digits).apply(fraction, babel_locale(code))


def decimal(value: float, digits: int = 1) -> str:
    """``value`` with ``digits`` decimals and the language's grouping: '12,345.7' (a number
    beyond the 28 digits Babel's arithmetic holds is written as Python writes it)."""
    code = language()
    try:
        return _pattern(code, "decimal", digits).apply(value, babel_locale(code))
    except ArithmeticError:  # decimal.InvalidOperation: too many digits to round
        return f"{value:,.{digits}f}"


def integer(value: int) -> str:
    """A whole number with the language's grouping: '1,234,567' ('1.234.567')."""
    return decimal(value, 0)


def day(when: date | datetime, width: str = "medium") -> str:
    """A date: 'Mar 4, 2026' ('04.03.2026'); ``width`` short, medium, long or full."""
    from babel.dates import format_date

    return format_date(when, width, locale=babel_locale(language()))


def day_and_time(when: datetime, width: str = "short") -> str:
    """A date with its time of day: '3/4/26, 3:07 PM' ('04.03.26, 15:07')."""
    from babel.dates import format_datetime

    return format_datetime(when, width, locale=babel_locale(language()))



def short_day(when: date | datetime) -> str:
    """A day of the year in few letters, for a list: 'Nov 24' ('24. Nov.')."""
    from babel.dates import format_skeleton

    return format_skeleton("MMMd", when, locale=babel_locale(language()))


def short_day_and_time(when: datetime) -> str:
    """A day of the year and its time, in few letters, for a list: 'Nov 24, 6:43 PM'
    ('24. Nov., 18:43'); the language's way of joining a date and a time (CLDR's)."""
    from babel.dates import format_skeleton, format_time

    locale = babel_locale(language())
    joined = str(locale.datetime_formats.get("short", "{1} {0}"))
    return joined.format(format_time(when, "short", locale=locale),
                         format_skeleton("MMMd", when, locale=locale))
