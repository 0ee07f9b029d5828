"""Messages for people, independent of the front end and of the language: pure Python, no I/O, no imports.

The core writes its messages in English and marks them for translation; the front ends (``doko``, the web
app) translate them with :mod:`doppelkopf.i18n`, which reads the message catalogues. Three pieces:

- :func:`N_` marks a constant text for the catalogue without translating it (``N_("Won")``); a front end
  translates it later with ``tr.gettext(text)``.
- :class:`Text` is a message with parameters: an English template and the values for its ``{name}`` fields,
  filled in only when the reader's language is known. ``str(Text(...))`` is the English text.
- :class:`TextError` is an error whose message is such a template (the core's refusals:
  :class:`doppelkopf.moves.IllegalAction`, :class:`doppelkopf.rules.RuleError` ...). ``str(error)`` is the
  English message; ``error.template`` and ``error.params`` let a front end translate it.

A parameter may itself be a :class:`Text`, a :class:`TextError` or a marked constant: the translator
translates it too (a message that wraps another one, such as ``"action {number}: {reason}"``).

>>> error = TextError("{card}: you must follow the suit led (Bedienpflicht, TSR 5.2)", card="♠A")
>>> str(error)
'♠A: you must follow the suit led (Bedienpflicht, TSR 5.2)'
>>> error.template, error.params
('{card}: you must follow the suit led (Bedienpflicht, TSR 5.2)', {'card': '♠A'})
>>> str(Text("{count} games left", count=3))
'3 games left'
"""

from __future__ import annotations


def N_(text: str) -> str:
    """Mark ``text`` (English) for the message catalogue and return it unchanged: a constant the front
    ends translate when they show it (``N_`` is the gettext convention for "no-op gettext").

    >>> N_("Won")
    'Won'
    """
    return text


def render(template: str, params: dict[str, object]) -> str:
    """``template`` with its ``{name}`` fields filled from ``params`` (English, no translation); the template
    unchanged when there are no parameters, so that a text holding braces of its own stays as it is.

    Raises :class:`KeyError` for a field without a parameter.

    >>> render("no seat {seat}: seats are 0..3", {"seat": 5})
    'no seat 5: seats are 0..3'
    >>> render("{not a field}", {})
    '{not a field}'
    """
    return template.format(**params) if params else template


class Text:
    """A message for people: an English ``template`` with ``{name}`` fields and the ``params`` that fill
    them. ``str(text)`` is the English message; :meth:`doppelkopf.i18n.Translator.text` gives it in another
    language. Texts compare equal when template and parameters are equal.

    >>> Text("Gegner unter {limit}", limit=90) == Text("Gegner unter {limit}", limit=90)
    True
    """

    __slots__ = ("template", "params")

    def __init__(self, template: str, /, **params: object) -> None:
        self.template = template
        self.params = params

    def __str__(self) -> str:
        return render(self.template, self.params)

    def __repr__(self) -> str:
        return f"Text({self.template!r}{''.join(f', {k}={v!r}' for k, v in self.params.items())})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Text) and (self.template, self.params) == (other.template, other.params)

    def __hash__(self) -> int:
        return hash((self.template, tuple(sorted(self.params))))


class TextError(ValueError):
    """An error whose message is an English ``template`` with ``params`` (see :class:`Text`): ``str(error)``
    is the English message, :meth:`doppelkopf.i18n.Translator.text` the message in the reader's language.

    An error raised with a finished string and no parameters keeps that string as its template (it is
    shown as it is where the catalogue does not know it). An error raised with another error or a
    :class:`Text` takes over its template and parameters (``raise IllegalAction(exc) from None``).
    """

    template: str
    params: dict[str, object]

    def __init__(self, template: object = "", /, **params: object) -> None:
        # a Text or another TextError passed on keeps its template and parameters (translated later)
        if isinstance(template, (Text, TextError)):
            self.template = template.template
            self.params = {**template.params, **params}
        else:
            self.template = str(template)
            self.params = params
        super().__init__(render(self.template, self.params))

    def __reduce__(self) -> tuple[object, ...]:
        # pickled (a Ray worker's error, a copied exception) with its template and parameters
        return (_rebuild, (type(self), self.template, self.params))

    def text(self) -> Text:
        """The message as a :class:`Text` (to keep, wrap or translate later)."""
        return Text(self.template, **self.params)


def _rebuild(cls: type[TextError], template: str, params: dict[str, object]) -> TextError:
    error = cls.__new__(cls)
    TextError.__init__(error, template, **params)
    return error


def one_line(text: object) -> str:
    """``str(text)`` as a single line: every run of white space (line breaks, tabs) made one space, none at
    either end; ``""`` for a text of white space only (each caller says what stands for no message).

    >>> one_line("rules_file: rule file is not valid TOML:\\n  Expected '=' (at line 1)")
    "rules_file: rule file is not valid TOML: Expected '=' (at line 1)"
    """
    return " ".join(str(text).split())
