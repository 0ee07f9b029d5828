"""The installable web app: its manifest and its service worker.

Pages: ``/manifest.webmanifest`` (``static/manifest.webmanifest``: name, icons, start page; German first) and
``/sw.js`` (``static/sw.js``, served from the root so that its scope is the whole site: ``Service-Worker-Allowed:
/``). The worker keeps the app's static files and the last copy of each page of the Liste visited, so a phone
without a connection still shows the list it had; the online tables' pages are never kept. Games entered
without a connection wait in the phone's queue (``static/offline.js``) and go through the usual routes with a
``client_id`` (taken once) when the connection is back. No API.
"""

from __future__ import annotations

from fastapi import APIRouter
from fastapi.responses import FileResponse

from ..deps import STATIC_DIR

api = APIRouter(prefix="/api", tags=["pwa"])
pages = APIRouter(include_in_schema=False)

#: The worker's file is asked for again on every check for an update (``no-cache``: revalidated, not kept stale).
SW_HEADERS = {"Service-Worker-Allowed": "/", "Cache-Control": "no-cache"}


@pages.get("/sw.js")
def service_worker() -> FileResponse:
    """The service worker (JavaScript, scope ``/``)."""
    return FileResponse(STATIC_DIR / "sw.js", media_type="text/javascript", headers=SW_HEADERS)


@pages.get("/manifest.webmanifest")
def manifest() -> FileResponse:
    """The web app's manifest (``application/manifest+json``)."""
    return FileResponse(
        STATIC_DIR / "manifest.webmanifest",
        media_type="application/manifest+json",
        headers={"Cache-Control": "no-cache"},
    )
