"""The reader's language: message catalogues (gettext), the choice of language and the forms of numbers,
money and dates.

Every text a person reads (pages, the JSON API's errors, charts, the ``doko`` commands, the engine's
refusals) is written in English in the source and marked for translation (``_("...")`` in the front ends,
:func:`doppelkopf.messages.N_`, :class:`~doppelkopf.messages.Text` and
:class:`~doppelkopf.messages.TextError` in the core). The German catalogues lie in ``i18n/locale/de/`` as
``.po`` files (the text people edit) and ``.mo`` files (what is read at run time, by the standard library's
:mod:`gettext`); :mod:`doppelkopf.i18n.catalogue` extracts, updates, compiles and checks them. English is the
source language: its catalogue is the messages themselves.

German game terms are German in both languages (Re, Kontra, Hochzeit, Armut, Fuchs, Karlchen, Bock, Liste,
Augen, Punkte; ``docs/glossary.md``). Numbers, money and dates follow the reader (``0,40 €``, ``02.12.2026``
in German; ``€0.40``, ``12/2/2026`` in English), formatted by Babel with the CLDR data.

>>> de = translator("de")
>>> de.text(TextError("{card}: you must follow the suit led (Bedienpflicht, TSR 5.2)", card="♠A"))
'♠A: du musst die ausgespielte Farbe bedienen (Bedienpflicht, TSR 5.2)'
>>> de.money(-40), translator("en").money(-40)
('−0,40\\xa0€', '−€0.40')
>>> de.date(datetime.date(2026, 12, 2)), translator("en").date(datetime.date(2026, 12, 2))
('02.12.2026', 'Dec 2, 2026')
>>> negotiate("en-US,en;q=0.9,de;q=0.8"), negotiate("fr-FR"), negotiate(None)
('en', 'de', 'de')
>>> language_from_env({"LANG": "de_DE.UTF-8"}), language_from_env({"LANG": "C.UTF-8"})
('de', 'en')
"""

from __future__ import annotations

import datetime
import functools
import gettext as _gettext
from collections.abc import Mapping
from pathlib import Path

from ..messages import Text, TextError

__all__ = [
    "LANGUAGES",
    "WEB_DEFAULT",
    "TERMINAL_DEFAULT",
    "DOMAINS",
    "LOCALE_DIR",
    "Translator",
    "translator",
    "negotiate",
    "language_from_env",
    "Text",
    "TextError",
]

#: The languages the catalogues are complete in: German, and English (the source language).
LANGUAGES: tuple[str, ...] = ("de", "en")
#: The language of a page when the browser asks for none we have: German (Doppelkopf is played in German).
WEB_DEFAULT = "de"
#: The language of ``doko`` when the locale names none we have (``C``, ``POSIX``, unset): English, the
#: language of a terminal without a locale.
TERMINAL_DEFAULT = "en"
#: The catalogues (gettext domains), each for its part of the sources (see :mod:`doppelkopf.i18n.catalogue`):
#: ``core`` the engine, scoring, Liste and players; ``cli`` the ``doko`` commands; ``web`` the pages of the
#: Liste; ``table`` the online card table.
DOMAINS: tuple[str, ...] = ("core", "cli", "web", "table")
LOCALE_DIR = Path(__file__).resolve().parent / "locale"

#: The minus sign of every number shown (U+2212), never a hyphen.
MINUS = "\u2212"
_BABEL_LOCALE = {"de": "de_DE", "en": "en_US"}


def _catalogues(language: str) -> _gettext.NullTranslations:
    """All domains' compiled catalogues of ``language`` chained into one (``NullTranslations`` for English)."""
    chain = _gettext.NullTranslations()
    if language == "en":
        return chain
    for domain in DOMAINS:
        path = LOCALE_DIR / language / "LC_MESSAGES" / f"{domain}.mo"
        if not path.exists():
            continue
        with path.open("rb") as handle:
            catalogue = _gettext.GNUTranslations(handle)
        chain.add_fallback(catalogue)
    return chain


class Translator:
    """The texts, numbers, money and dates of one language (``"de"`` or ``"en"``); get one with
    :func:`translator`. Texts unknown to the catalogue are shown in English, as written.
    """

    def __init__(self, language: str) -> None:
        if language not in LANGUAGES:
            raise ValueError(f"language: {language!r} is not one of {', '.join(LANGUAGES)}")
        self.language = language
        self.locale = _BABEL_LOCALE[language]
        self._translations = _catalogues(language)

    def __repr__(self) -> str:
        return f"Translator({self.language!r})"

    def gettext(self, message: str) -> str:
        """``message`` (an English text of the catalogue) in this language."""
        return self._translations.gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        """The singular or plural form of a message for the count ``n``, in this language."""
        return self._translations.ngettext(singular, plural, n)

    def pgettext(self, context: str, message: str) -> str:
        """``message`` in the sense ``context`` (one English word, two German ones: ``"game"``), translated."""
        return self._translations.pgettext(context, message)

    def text(self, value: object) -> str:
        """Any message in this language: a :class:`~doppelkopf.messages.Text`, a
        :class:`~doppelkopf.messages.TextError` (any error raised with a template), a marked constant
        (translated if the catalogue has it), anything else as ``str(value)``. Parameters that are texts or
        errors themselves are translated as well. A translation whose fields do not match the parameters
        falls back to the English text (a broken catalogue never hides a message).
        """
        if isinstance(value, (Text, TextError)):
            template, params = value.template, value.params
        elif isinstance(value, str):
            return self.gettext(value) if value else value
        else:
            return str(value)
        filled = {
            key: self.text(param) if isinstance(param, (Text, TextError)) else param for key, param in params.items()
        }
        translated = self.gettext(template) if template else template
        if not filled:
            return translated
        try:
            return translated.format(**filled)
        except (KeyError, IndexError, ValueError):
            return template.format(**filled)

    # -- numbers, money and dates ------------------------------------------------------------------------
    def number(self, value: float, digits: int | None = None) -> str:
        """A number in this language's form (``1.234,5`` / ``1,234.5``) with the real minus sign; ``digits``
        fixes the number of decimals."""
        from babel.numbers import format_decimal

        pattern = None if digits is None else ("#,##0." + "0" * digits if digits else "#,##0")
        text = format_decimal(value, format=pattern, locale=self.locale)
        return text.replace("-", MINUS)

    def signed(self, value: int) -> str:
        """A count with its sign: ``+3``, ``−2``, ``0`` (Punkte of a game)."""
        return f"+{value}" if value > 0 else (f"{MINUS}{-value}" if value < 0 else "0")

    def money(self, cents: int) -> str:
        """An amount of euro cents in this language's form: ``0,40 €`` / ``€0.40`` (minus sign U+2212)."""
        from babel.numbers import format_currency

        text = format_currency(cents / 100, "EUR", locale=self.locale)
        return text.replace("-", MINUS)

    def date(self, value: datetime.date | datetime.datetime | None, time: bool = False) -> str:
        """A date as the reader writes it (``02.12.2026`` / ``Dec 2, 2026``), with the time (``21:04`` /
        ``9:04 PM``) when ``time``; ``""`` for ``None``. A date-time with a zone is shown in local time."""
        if value is None:
            return ""
        from babel.dates import format_date, format_datetime

        if isinstance(value, datetime.datetime):
            if value.tzinfo is not None:
                value = value.astimezone()
            if time:
                return format_datetime(
                    value, "dd.MM.yyyy HH:mm" if self.language == "de" else "short", locale=self.locale
                )
            value = value.date()
        return format_date(value, "dd.MM.yyyy" if self.language == "de" else "medium", locale=self.locale)


@functools.cache
def translator(language: str) -> Translator:
    """The :class:`Translator` of ``language`` (``"de"`` or ``"en"``), loaded once.

    Raises :class:`ValueError` for a language without a catalogue.
    """
    return Translator(language)


def negotiate(accept_language: str | None, chosen: str | None = None, default: str = WEB_DEFAULT) -> str:
    """The language of a page: ``chosen`` (the reader's switch, kept in a cookie) if it is one of
    :data:`LANGUAGES`, else the first language of the ``Accept-Language`` header (by its ``q`` weights) that
    we have, else ``default`` (German)."""
    if chosen is not None and chosen in LANGUAGES:
        return chosen
    weighted: list[tuple[float, int, str]] = []
    for index, part in enumerate((accept_language or "").split(",")):
        tag, _, params = part.strip().partition(";")
        weight = 1.0
        for param in params.split(";"):
            name, _, value = param.strip().partition("=")
            if name == "q":
                try:
                    weight = float(value)
                except ValueError:
                    weight = 0.0
        primary = tag.strip().split("-")[0].split("_")[0].lower()
        if primary in LANGUAGES and weight > 0:
            weighted.append((-weight, index, primary))
    return min(weighted)[2] if weighted else default


def language_from_env(environ: Mapping[str, str], default: str = TERMINAL_DEFAULT) -> str:
    """The language of the terminal, read as gettext reads it: ``LANGUAGE`` (a list, ``de:en``) unless the
    locale is ``C``/``POSIX``, then ``LC_ALL``, ``LC_MESSAGES``, ``LANG``; the first that names one of
    :data:`LANGUAGES` wins; ``default`` (English) when none does."""
    locale = next((environ[name] for name in ("LC_ALL", "LC_MESSAGES", "LANG") if environ.get(name)), "")
    plain = locale.split(".")[0] in ("", "C", "POSIX")
    candidates = [] if plain and locale else environ.get("LANGUAGE", "").split(":")
    candidates.append(locale)
    for candidate in candidates:
        primary = candidate.strip().split(".")[0].split("_")[0].split("-")[0].lower()
        if primary in LANGUAGES:
            return primary
    return default
