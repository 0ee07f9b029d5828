"""The wording of an error shown to people: one line, whatever the front end (a ``doko`` command's
``error: ...``, a page of the web app, a JSON ``detail``). Pure Python, no imports: every front end
shares it.
"""

from __future__ import annotations


def one_line(text: object) -> str:
    """``str(text)`` as a single line: every run of white space (line breaks, tabs) made one space, none at
    either end; ``""`` for a text of white space only (each caller says what stands for no message).

    >>> one_line("rules_file: rule file is not valid TOML:\\n  Expected '=' (at line 1)")
    "rules_file: rule file is not valid TOML: Expected '=' (at line 1)"
    """
    return " ".join(str(text).split())
