"""Keep the message catalogues: extract the marked messages from the sources, update the German ``.po``
files (new messages added untranslated, vanished ones dropped, translations kept), compile the ``.mo`` files
read at run time, and check that every message has its German translation.

Run from the repository root (Babel, a dependency, does the reading and writing)::

    python -m doppelkopf.i18n.catalogue update    # sources -> de/LC_MESSAGES/<domain>.po, then compile
    python -m doppelkopf.i18n.catalogue compile   # .po -> .mo
    python -m doppelkopf.i18n.catalogue check     # what the test suite checks: exit 1 and a list if not complete
    python -m doppelkopf.i18n.catalogue check cli # the same for one domain (or several)

What is marked: ``_("...")``, ``gettext``, ``ngettext``, ``pgettext`` and :func:`doppelkopf.messages.N_` in
Python; ``{% trans %}``, ``_()`` and ``gettext()`` in the templates; and the first argument of every call in
:data:`TEXT_CALLS`: :class:`doppelkopf.messages.Text` and the error classes built on
:class:`~doppelkopf.messages.TextError` (``raise IllegalAction("{card} is not in your hand", card=...)``).
Each source file belongs to one domain (:data:`doppelkopf.i18n.DOMAINS`) by :func:`domain_of`.
"""

from __future__ import annotations

import contextlib
import io
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from . import DOMAINS, LOCALE_DIR

if TYPE_CHECKING:
    from babel.messages.catalog import Catalog

PACKAGE_DIR = LOCALE_DIR.parent.parent
#: Calls whose first argument is a message template (a :class:`~doppelkopf.messages.Text` or a
#: :class:`~doppelkopf.messages.TextError` class). A new error class built on TextError is added here;
#: ``tests/test_catalogue.py`` checks that every subclass is.
TEXT_CALLS: tuple[str, ...] = (
    "Text",
    "TextError",
    "IllegalAction",
    "RuleError",
    "CardError",
    "ScoreError",
    "SessionError",
    "SheetError",
    "ListeError",
    "EntryError",
    "PlayerNameError",
    "ChartError",
    "ClusterError",
    "IllegalPlayerAction",
    "KernelUnsupported",
    "RecordError",
    "GameNumberError",
    "StoreError",
    "NotFound",
    "StoreUnavailable",
    "Conflict",
    "Forbidden",
    "UnknownPlayer",
    "NotUTF8Error",
    "JSONNestingError",
    "InvitationError",
    "PasskeyError",
)
#: Calls whose later argument is a message: ``rules._opt(default, doc, source, ...)`` describes a rule option
#: (``doko rules show``, the rules page), its ``doc`` the second argument (Babel's keyword spec).
OPTION_CALLS: dict[str, tuple[int, ...]] = {"_opt": (2,)}
#: The files of the ``cli`` domain outside ``cli/``: the terminal game and the ``doko liste`` shim.
CLI_FILES = ("interactive.py", "liste_cli.py")
#: The files of the ``web`` domain outside ``web/``: the statistics charts (drawn for the pages).
WEB_FILES = ("charts.py",)
#: The files of the ``table`` domain: the online card table's Python and templates.
TABLE_FILES = (
    "web/live.py",
    "web/table_models.py",
    "web/routers/tables.py",
    "web/templates/table.html",
    "web/templates/tables.html",
    "web/templates/_table_view.html",
    "web/templates/_table_analysis.html",
    "web/templates/table_analysis.html",
    "web/templates/seat_move.html",
    "web/templates/_posten.html",
)
LANGUAGE = "de"


def domain_of(relative: str) -> str:
    """The domain of a source file, given by its path under the package (``"cli/games.py"`` -> ``"cli"``).

    >>> domain_of("game.py"), domain_of("cli/games.py"), domain_of("web/routers/tables.py"), domain_of("web/app.py")
    ('core', 'cli', 'table', 'web')
    """
    if relative in TABLE_FILES or relative.startswith("online/"):
        return "table"
    if relative.startswith("web/") or relative in WEB_FILES:
        return "web"
    if relative.startswith("cli/") or relative in CLI_FILES:
        return "cli"
    return "core"


def sources() -> Iterator[tuple[str, Path, str]]:
    """Every source that may hold messages: ``(domain, path, method)`` with Babel's extraction method."""
    for path in sorted(PACKAGE_DIR.rglob("*")):
        relative = path.relative_to(PACKAGE_DIR).as_posix()
        if relative.startswith("i18n/") or "/migrations/" in relative or "__pycache__" in relative:
            continue
        if path.suffix == ".py":
            yield domain_of(relative), path, "python"
        elif path.suffix == ".html" and relative.startswith("web/templates/"):
            yield domain_of(relative), path, "jinja2.ext:babel_extract"


def _keywords() -> dict[str, Any]:
    from babel.messages.extract import DEFAULT_KEYWORDS

    keywords: dict[str, Any] = dict(DEFAULT_KEYWORDS)
    keywords.update({name: None for name in TEXT_CALLS})
    keywords.update(OPTION_CALLS)
    return keywords


def extract() -> dict[str, Catalog]:
    """The messages of the sources, a Babel ``Catalog`` per domain (source lines as locations)."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_from_file

    catalogues = {domain: Catalog(locale=None, project="doppelkopf", charset="utf-8") for domain in DOMAINS}
    keywords = _keywords()
    options = {"jinja2.ext:babel_extract": {"extensions": "jinja2.ext.i18n", "trimmed": "true"}}
    for domain, path, method in sources():
        relative = path.relative_to(PACKAGE_DIR).as_posix()
        # Babel warns on stderr of every f-string it skips; untranslated_python() reports those instead
        with contextlib.redirect_stderr(io.StringIO()):
            found = list(
                extract_from_file(
                    method,
                    path,
                    keywords=keywords,
                    comment_tags=("i18n:",),
                    options=options.get(method, {}),
                    strip_comment_tags=True,
                )
            )
        for line, message, comments, context in found:
            if not message or (isinstance(message, tuple) and not message[0]):
                continue
            catalogues[domain].add(message, None, [(relative, line)], auto_comments=comments, context=context)
    return catalogues


def po_path(domain: str, language: str = LANGUAGE) -> Path:
    """Where the ``.po`` file of ``domain`` lies."""
    return LOCALE_DIR / language / "LC_MESSAGES" / f"{domain}.po"


def read(domain: str, language: str = LANGUAGE) -> Catalog:
    """The ``.po`` catalogue of ``domain`` (an empty one if there is none yet)."""
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import read_po

    path = po_path(domain, language)
    if not path.exists():
        return Catalog(locale=language, domain=domain)
    with path.open("rb") as handle:
        return read_po(handle, locale=language, domain=domain)


def update() -> None:
    """Bring every ``.po`` file in line with the sources (translations kept; no fuzzy guesses), then compile."""
    from babel.messages.pofile import write_po

    for domain, template in extract().items():
        catalogue = read(domain)
        catalogue.update(template, no_fuzzy_matching=True)
        catalogue.obsolete.clear()
        _fixed_header(catalogue)
        path = po_path(domain)
        path.parent.mkdir(parents=True, exist_ok=True)
        buffer = io.BytesIO()
        write_po(buffer, catalogue, width=120, sort_by_file=True, include_lineno=False)
        path.write_bytes(buffer.getvalue())
    compile_all()


def _fixed_header(catalogue: Catalog) -> None:
    """A header that does not change from one update to the next (no dates, no placeholders)."""
    import datetime

    fixed = datetime.datetime(2026, 12, 1, tzinfo=datetime.UTC)
    catalogue.project, catalogue.version = "doppelkopf", "1"
    catalogue.copyright_holder = "the doppelkopf authors"
    catalogue.msgid_bugs_address = ""
    catalogue.last_translator = catalogue.language_team = "doppelkopf"
    catalogue.creation_date = catalogue.revision_date = fixed
    catalogue.fuzzy = False
    catalogue.header_comment = (
        "# German messages of doppelkopf: python -m doppelkopf.i18n.catalogue update|compile|check"
    )


def compile_all() -> None:
    """Write each domain's ``.mo`` file from its ``.po`` file."""
    from babel.messages.mofile import write_mo

    for domain in DOMAINS:
        buffer = io.BytesIO()
        write_mo(buffer, read(domain), use_fuzzy=False)
        po_path(domain).with_suffix(".mo").write_bytes(buffer.getvalue())


def problems() -> list[str]:
    """What is wrong with the catalogues, one line each (empty when all is well): a message of the sources
    missing from its ``.po`` file, one without German translation (or marked fuzzy), a translation whose
    ``{fields}`` differ from the message's, a message translated differently in two domains, a ``.mo`` file
    not compiled from its ``.po`` file."""
    import re

    from babel.messages.mofile import write_mo

    field = re.compile(r"\{(\w*)[^{}]*\}|%\((\w+)\)s")
    found: list[str] = []
    # the domains are read as one catalogue (doppelkopf.i18n: core, cli, web, table): a message has one translation
    first: dict[tuple[str, str | None], tuple[str, str]] = {}
    for domain in DOMAINS:
        for message in read(domain):
            if not message.id or not message.string:
                continue
            key, string = (str(message.id), message.context), str(message.string)
            if key in first and first[key][1] != string:
                found.append(
                    f"{domain}: {key[0]!r} is translated {string!r} here and {first[key][1]!r} in {first[key][0]}"
                    "; the catalogues are read as one: give it one translation (or a context, pgettext)"
                )
            first.setdefault(key, (domain, string))
    for domain, template in extract().items():
        catalogue = read(domain)
        for message in template:
            if not message.id:
                continue
            translated = catalogue.get(message.id, message.context)
            where = ", ".join(f"{file}:{line}" for file, line in message.locations[:2])
            name = message.id if isinstance(message.id, str) else message.id[0]
            if translated is None:
                found.append(f"{domain}: not in {po_path(domain).name}: {name!r} ({where}); run update")
                continue
            strings = (
                [str(s) for s in translated.string or ()]
                if not isinstance(translated.string, str)
                else [translated.string]
            )
            if not all(strings) or translated.fuzzy:
                found.append(f"{domain}: no German translation: {name!r} ({where})")
                continue
            ids = [str(i) for i in message.id] if not isinstance(message.id, str) else [message.id]
            wanted = {m for pattern in ids for m in field.findall(pattern)}
            for string in strings:
                if {m for m in field.findall(string)} - wanted:
                    found.append(f"{domain}: fields differ in the translation of {name!r}: {string!r}")
        buffer = io.BytesIO()
        write_mo(buffer, catalogue, use_fuzzy=False)
        mo = po_path(domain).with_suffix(".mo")
        if not mo.exists() or mo.read_bytes() != buffer.getvalue():
            found.append(f"{domain}: {mo.name} is not compiled from {po_path(domain).name}; run compile")
    return found


def main(argv: list[str]) -> int:
    command = argv[0] if argv else "check"
    if command == "update":
        update()
    elif command == "compile":
        compile_all()
    elif command != "check":
        print("usage: python -m doppelkopf.i18n.catalogue update|compile|check", file=sys.stderr)
        return 2
    found = problems()
    if len(argv) > 1:  # check DOMAIN ...: only those domains' lines
        found = [line for line in found if line.split(":", 1)[0] in argv[1:]]
    for line in found:
        print(line)
    print(f"{len(found)} problem(s)" if found else "catalogues complete")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))


# -- texts that are not in the catalogue ---------------------------------------------------------------------
#: Words that read the same in both languages and may stand in a template or message untranslated: the
#: German game terms (``docs/glossary.md``), names and symbols.
SAME_IN_BOTH = frozenset(
    """Re Kontra Hochzeit Armut Solo Soli Fuchs Füchse Karlchen Dulle Dullen Schweine Superschweine Bock Doppelbock
    Liste Augen Punkte Absage Vorbehalt Normalspiel Doppelkopf doko doppelkopf Schmeissen Pflichtsolo Σ € OK
    Posten Summe htmx SVG JSON TSR DDV PostgreSQL""".split()
)
#: Attributes whose values people read (a tooltip, a placeholder, what a screen reader says).
READ_ATTRIBUTES = ("title", "placeholder", "aria-label", "alt", "data-confirm", "hx-confirm")


def _letters(text: str) -> bool:
    import re

    words = re.findall(r"[^\W\d_]{2,}", text)
    return any(word not in SAME_IN_BOTH for word in words)


def untranslated_template_text() -> list[str]:
    """Text of the templates that people read but that is not marked for translation, one line each
    (``file:line: text``): words between tags or in :data:`READ_ATTRIBUTES` outside ``{% trans %}``,
    ``_()`` and ``{{ }}``, other than :data:`SAME_IN_BOTH`."""
    import re
    from html.parser import HTMLParser

    import jinja2

    env = jinja2.Environment(extensions=["jinja2.ext.i18n"])
    found: list[str] = []
    for _domain, path, method in sources():
        if method == "python":
            continue
        relative = path.relative_to(PACKAGE_DIR).as_posix()
        chunks: list[tuple[int, str]] = []
        depth = 0
        tokens = [t for t in env.lex(path.read_text(encoding="utf-8")) if t[1] != "whitespace"]
        for index, (line, kind, value) in enumerate(tokens):
            if kind == "name" and index and tokens[index - 1][1] == "block_begin":
                depth += value == "trans"
                depth -= value == "endtrans"
            if kind == "data" and not depth:
                chunks.append((line, value))
            elif kind in ("variable_begin", "block_begin") and not depth:
                chunks.append((line, " \x00 "))  # stands for an expression (keeps attribute values apart)

        class Reader(HTMLParser):
            def __init__(self, relative: str) -> None:
                super().__init__(convert_charrefs=True)
                self.skip = 0
                self.line = 0
                self.relative = relative

            def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
                if tag in ("script", "style"):
                    self.skip += 1
                for name, value in attrs:
                    if name in READ_ATTRIBUTES and value and _letters(value.replace("\x00", "")):
                        found.append(f"{self.relative}:{self.line}: {name}={value.strip()!r}")

            def handle_endtag(self, tag: str) -> None:
                if tag in ("script", "style"):
                    self.skip = max(0, self.skip - 1)

            def handle_data(self, data: str) -> None:
                text = " ".join(data.replace("\x00", " ").split())
                if not self.skip and text and _letters(re.sub(r"&\w+;", " ", text)):
                    found.append(f"{self.relative}:{self.line}: {text!r}")

        reader = Reader(relative)
        for line, chunk in chunks:
            reader.line = line
            reader.feed(chunk)
        reader.close()
    return found


#: Calls whose literal arguments people read, in the front ends (``cli``, ``web``, ``table`` domains).
SHOWN_CALLS = frozenset(
    {
        "echo",
        "secho",
        "print",
        "ClickException",
        "UsageError",
        "BadParameter",
        "HTTPException",
        "Abort",
        "prompt",
        "confirm",
        "add_row",
        "add_column",
        "Panel",
        "Table",
        "status",
        "rule",
    }
)
#: The research interfaces (the numba kernel, the RL environments): their errors are an API's, in English.
RESEARCH_DIRS = ("fast/", "rl/")
SHOWN_KEYWORDS = frozenset({"help", "detail", "title", "prompt", "message", "caption", "metavar_help"})


def untranslated_python() -> list[str]:
    """Strings of the front ends' Python that people read but that bypass the catalogue, one line each
    (``file:line: text``): a literal or f-string with words given to a call of :data:`SHOWN_CALLS` or as a
    keyword of :data:`SHOWN_KEYWORDS`, and a message call (:data:`TEXT_CALLS`, ``_``) whose template is an
    f-string (it cannot be in the catalogue: pass its values as parameters)."""
    import ast

    translating = {"_", "gettext", "ngettext", "pgettext", "N_", *TEXT_CALLS}
    found: list[str] = []

    def name_of(node: ast.expr) -> str:
        return node.attr if isinstance(node, ast.Attribute) else node.id if isinstance(node, ast.Name) else ""

    def words(node: ast.expr) -> str | None:
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            return node.value if _letters(node.value) else None
        if isinstance(node, ast.JoinedStr):
            text = "".join(v.value for v in node.values if isinstance(v, ast.Constant) and isinstance(v.value, str))
            return text if _letters(text) else None
        return None

    for domain, path, method in sources():
        if method != "python":
            continue
        relative = path.relative_to(PACKAGE_DIR).as_posix()
        if relative.startswith(RESEARCH_DIRS):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            callee = name_of(node.func)
            if callee in translating:
                if node.args and isinstance(node.args[0], ast.JoinedStr) and words(node.args[0]):
                    found.append(f"{relative}:{node.lineno}: f-string template of {callee}(): {words(node.args[0])!r}")
                continue
            if domain == "core":
                continue
            candidates = list(node.args) if callee in SHOWN_CALLS else []
            candidates += [k.value for k in node.keywords if k.arg in SHOWN_KEYWORDS]
            for argument in candidates:
                text = words(argument)
                if text is not None:
                    found.append(f"{relative}:{node.lineno}: {callee}({text!r})")
    return found
