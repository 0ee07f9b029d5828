"""The optional libraries and how to say that one is missing, for every front end (the ``doko`` commands, the
cluster backend, the web server): :data:`LIBRARIES` names the requirement and the extra of pyproject.toml
that installs each library the package imports only when a command needs it, and :func:`missing_library`
turns the ImportError of one of them into one line that says what to install. No imports at all: the
command line reads it before any heavy library is loaded.
"""

from __future__ import annotations

#: The libraries the score sheet imports when a command needs them: import name -> (the requirement of
#: pyproject.toml that installs it, its extra; "" for a dependency of the package itself).
LIBRARIES = {
    "fastapi": ("fastapi", "web"),
    "starlette": ("fastapi", "web"),
    "uvicorn": ("uvicorn", "web"),
    "websockets": ("websockets", "web"),
    "jinja2": ("jinja2", "web"),
    "multipart": ("python-multipart", "web"),
    "python_multipart": ("python-multipart", "web"),
    "matplotlib": ("matplotlib", "web"),
    "argon2": ("argon2-cffi", "web"),
    "segno": ("segno", "web"),
    "webauthn": ("webauthn", "web"),
    "psycopg": ("psycopg", "postgres"),
    "pydantic": ("pydantic", ""),
    "sqlalchemy": ("sqlalchemy", ""),
    "alembic": ("alembic", ""),
    "platformdirs": ("platformdirs", ""),
    "rich": ("rich", ""),
    "pettingzoo": ("pettingzoo", "rl"),
    "gymnasium": ("gymnasium", "rl"),
    "pyspiel": ("open_spiel", "rl"),
    "open_spiel": ("open_spiel", "rl"),
    "ray": ("ray", "cluster"),
}


def missing_library(exc: ImportError) -> str | None:
    """The one-line message for a library of :data:`LIBRARIES` that is not installed (``the web extra is
    not installed (no module fastapi): pip install 'doppelkopf[web]'``); ``None`` for any other import."""
    module = (exc.name or "").split(".")[0]
    if module not in LIBRARIES:
        return None
    requirement, extra = LIBRARIES[module]
    if extra:
        return f"the {extra} extra is not installed (no module {module}): pip install 'doppelkopf[{extra}]'"
    return f"{requirement}, a library doppelkopf needs, is not installed: pip install {requirement}"
