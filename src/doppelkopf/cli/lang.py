"""The language of the ``doko`` commands: ``doko --lang de|en``, else ``$DOKO_LANG``, else the terminal's
locale (:func:`doppelkopf.i18n.language_from_env`: ``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``;
``C``/``POSIX``/unset: English).

The translator of the running command is :func:`tr` (``_`` and :func:`ngettext` are its texts). It is held
in a :class:`contextvars.ContextVar` set by :meth:`DokoGroup.main` for one run of ``doko`` and reset after
it, so two runs in one process (tests with click's ``CliRunner``) never share a language.

Help texts are English constants marked with :func:`~doppelkopf.messages.N_` (they are made at import
time); :class:`DokoCommand`, :class:`DokoGroup` and :class:`DokoOption` translate them when the help is
shown. Click's own messages (``Usage:``, ``Options``, ``Error: No such option``) are looked up through
click's modules' ``_``, which :func:`install_click_messages` points at the running command's translator
(outside a ``doko`` run it gives click's English, as before); their German is in the ``cli`` catalogue
(:data:`CLICK_MESSAGES`).
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from contextvars import ContextVar
from typing import Any

import click

from ..i18n import LANGUAGES, MINUS, Translator, language_from_env, translator
from ..messages import N_

__all__ = [
    "ENV_LANG",
    "CLICK_MESSAGES",
    "DokoCommand",
    "DokoGroup",
    "DokoOption",
    "command",
    "option",
    "tr",
    "gettext",
    "ngettext",
    "language_of",
    "signed",
    "and_list",
    "number",
    "install_click_messages",
]

#: The environment variable that chooses the language of ``doko`` (like ``--lang``).
ENV_LANG = "DOKO_LANG"

_CURRENT: ContextVar[Translator | None] = ContextVar("doko_translator", default=None)


def language_of(environ: Any = None) -> str:
    """The language without ``--lang``: ``$DOKO_LANG`` if it is one of :data:`~doppelkopf.i18n.LANGUAGES`,
    else the terminal's locale (English without one)."""
    environ = os.environ if environ is None else environ
    chosen = environ.get(ENV_LANG, "").strip().lower()
    if chosen in LANGUAGES:
        return chosen
    return language_from_env(environ)


def tr() -> Translator:
    """The translator of the running ``doko`` command (see the module's text)."""
    current = _CURRENT.get()
    return current if current is not None else translator(language_of())


def gettext(message: str) -> str:
    """``message`` (English, in the ``cli`` catalogue) in the language of the running command (imported as
    ``_`` by the commands: ``from .lang import gettext as _``)."""
    return tr().gettext(message)


_ = gettext


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural of a message for the count ``n``, in the language of the running command."""
    return tr().ngettext(singular, plural, n)


def number(value: int) -> str:
    """A whole number as the commands print it: the real minus sign (U+2212), no plus: ``−3``, ``0``, ``9``."""
    return f"{MINUS}{-value}" if value < 0 else str(value)


def signed(value: int) -> str:
    """A count with its sign: ``+3``, ``−2``, ``0`` (the Punkte of a game)."""
    return tr().signed(value)


def and_list(words: Sequence[str]) -> str:
    """``a, b and c`` in the language of the running command."""
    words = list(words)
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " " + _("and") + " " + words[-1]


def _scan_language(args: Sequence[str]) -> str | None:
    """The value of ``--lang`` among the group's arguments (before the command), if it is a language."""
    for i, arg in enumerate(args):
        if arg == "--":
            return None
        value = None
        if arg == "--lang" and i + 1 < len(args):
            value = args[i + 1]
        elif arg.startswith("--lang="):
            value = arg.partition("=")[2]
        if value is not None:
            value = value.strip().lower()
            return value if value in LANGUAGES else None
    return None


def set_language(language: str) -> None:
    """Make ``language`` the one of the running command (the ``--lang`` callback); reset by
    :meth:`DokoGroup.main` when the command ends."""
    _CURRENT.set(translator(language))


def _help(text: str | None) -> str | None:
    if not text:
        return text
    return tr().gettext(text)


class DokoOption(click.Option):
    """An option whose help text (an English constant of the ``cli`` catalogue) is shown translated;
    ``help_fields`` fill its ``{name}`` fields after the translation (lists read from the core)."""

    def __init__(self, *args: Any, help_fields: dict[str, str] | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.help_fields = help_fields

    def get_help_record(self, ctx: click.Context) -> tuple[str, str] | None:
        original = self.help
        self.help = _help(original)
        if self.help and self.help_fields:
            self.help = self.help.format(**self.help_fields)
        try:
            return super().get_help_record(ctx)
        finally:
            self.help = original


class _Translated(click.Command):
    """What :class:`DokoCommand` and :class:`DokoGroup` share: the help and the short help translated."""

    def format_help_text(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        original = self.help
        self.help = _help(original)
        try:
            super().format_help_text(ctx, formatter)
        finally:
            self.help = original

    def get_help_option(self, ctx: click.Context) -> click.Option | None:
        """Click's help option, its help translated when shown (click would keep the first language's)."""
        names = self.get_help_option_names(ctx)
        if not names or not self.add_help_option:
            return None
        if self._help_option is None:
            from click.decorators import help_option

            help_option(*names, cls=DokoOption, help=N_("Show this message and exit."))(self)
            self._help_option = self.params.pop()  # type: ignore[assignment]
        return self._help_option

    def get_short_help_str(self, limit: int = 45) -> str:
        original, short = self.help, self.short_help
        self.help, self.short_help = _help(original), _help(short)
        try:
            return super().get_short_help_str(limit)
        finally:
            self.help, self.short_help = original, short


class DokoCommand(_Translated):
    """A ``doko`` command: its help translated when shown (see the module's text)."""


class DokoGroup(_Translated, click.Group):
    """A ``doko`` group: its help translated when shown; its commands and groups are of these classes.
    As the outermost group (``doko``) its :meth:`main` holds the language of one run."""

    command_class = DokoCommand
    group_class = type  # groups made with @group.group() are DokoGroups too (click: ``type`` = this class)

    def main(self, args: Sequence[str] | None = None, *rest: Any, **extra: Any) -> Any:
        import sys

        given = list(sys.argv[1:] if args is None else args)
        scanned = _scan_language(given)
        token = _CURRENT.set(translator(scanned or language_of()))
        try:
            return super().main(given, *rest, **extra)
        finally:
            _CURRENT.reset(token)


def command(*args: Any, **kwargs: Any) -> Any:
    """``click.command`` making a :class:`DokoCommand`."""
    kwargs.setdefault("cls", DokoCommand)
    return click.command(*args, **kwargs)


def option(*args: Any, **kwargs: Any) -> Any:
    """``click.option`` making a :class:`DokoOption` (help translated when shown)."""
    kwargs.setdefault("cls", DokoOption)
    return click.option(*args, **kwargs)


# -- click's own messages ------------------------------------------------------------------------------

#: Click's messages that ``doko`` shows, for the catalogue (click looks them up with these English texts).
CLICK_MESSAGES = (
    N_("Usage:"),
    N_("Options"),
    N_("Commands"),
    N_("Show this message and exit."),
    N_("Show the version and exit."),
    N_("Try '{command} {option}' for help."),
    N_("Error: {message}"),
    N_("No such option {name!r}."),
    N_("No such command {name!r}."),
    N_("Missing argument"),
    N_("Missing option"),
    N_("Missing parameter"),
    N_("Missing command."),
    N_("Missing parameter: {param_name}"),
    N_("Missing {param_type}"),
    N_("Invalid value for {param_hint}: {message}"),
    N_("Invalid value: {message}"),
    N_("Option {name!r} does not take a value."),
    N_("Aborted!"),
    N_("default: {default}"),
    N_("required"),
    N_("env var: {var}"),
    N_("{value} is not in the range {range}."),
    N_("{value!r} is not a valid {number_type}."),
    N_("{name} {filename!r} does not exist."),
    N_("{name} {filename!r} is a directory."),
    N_("Could not open file {filename!r}: {message}"),
    N_("file"),
    N_("directory"),
    N_("path"),
    N_("%(prog)s, version %(version)s"),
)


def _click_plurals() -> None:  # pragma: no cover - never called: the plural messages for the catalogue
    ngettext("Got unexpected extra argument ({args})", "Got unexpected extra arguments ({args})", 2)
    ngettext("Option {name!r} requires an argument.", "Option {name!r} requires {nargs} arguments.", 2)
    ngettext("{value!r} is not {choice}.", "{value!r} is not one of {choices}.", 2)
    ngettext("Did you mean {possibility}?", "(Did you mean one of: {possibilities}?)", 2)


def _click_gettext(message: str) -> str:
    current = _CURRENT.get()
    return message if current is None else current.gettext(message)


def _click_ngettext(singular: str, plural: str, n: int) -> str:
    current = _CURRENT.get()
    if current is None:
        return singular if n == 1 else plural
    return current.ngettext(singular, plural, n)


def install_click_messages() -> None:
    """Point the ``_`` and ``ngettext`` of click's modules at the running ``doko`` command's translator.
    Outside a ``doko`` run (no language chosen) they give click's English texts, as before."""
    import importlib

    for name in ("core", "decorators", "exceptions", "formatting", "parser", "types", "utils", "termui"):
        module = importlib.import_module(f"click.{name}")
        if hasattr(module, "_"):
            module._ = _click_gettext  # type: ignore[attr-defined]
        if hasattr(module, "ngettext"):
            module.ngettext = _click_ngettext  # type: ignore[attr-defined]
