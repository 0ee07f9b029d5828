"""The score sheet in the browser: a FastAPI app with server-rendered pages (Jinja2, htmx) and a JSON API.

``doko serve`` runs :func:`create_app` with uvicorn. The app reads and writes only through the
Store (:mod:`doppelkopf.storage`); every Punkt it shows is the Liste's (:mod:`doppelkopf.liste`), the
pages compute nothing. Layout (FastAPI's "bigger applications"): ``app.py`` (the app, its guards: same
origin, body limit; error handling), ``deps.py`` (the Store dependency, templates), ``routers/`` (groups,
sittings, games, stats; each with its JSON API under ``/api`` and its pages), ``forms.py`` (the entry
form's fields <-> an entry), ``views.py`` (the Liste laid out for the templates), ``events.py`` (the live
list's server-sent events), ``templates/`` and ``static/`` (CSS, htmx and its SSE extension, vendored).

Importing this package imports FastAPI; ``import doppelkopf`` does not.
"""

from __future__ import annotations

from .app import create_app

__all__ = ["create_app"]
