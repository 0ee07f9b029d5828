"""``doko serve``: the score sheet and the online tables in the browser (FastAPI + uvicorn)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import click

from ..messages import N_
from .lang import command, option
from .lang import gettext as _
from .liste import database_url, friendly, shown_url

#: Hosts that listen on every address of the computer (the phones of the table can reach it).
EVERY_ADDRESS = ("0.0.0.0", "::", "")


def network_address() -> str | None:
    """This computer's address in its local network (:func:`doppelkopf.web.hosts.network_address`)."""
    from ..web.hosts import network_address as address

    return address()


def uvicorn_options(
    host: str, port: int, proxies: Sequence[str] = (), *, max_message_bytes: int | None = None
) -> dict[str, Any]:
    """The keyword arguments of ``uvicorn.run`` (:class:`uvicorn.Config`) of ``doko serve``: ``host``, ``port``;
    WebSocket frames at most ``max_message_bytes`` (the online tables' message limit,
    :data:`doppelkopf.web.live.MAX_MESSAGE_BYTES` by default: a longer frame is refused by its header, close
    1009, before its payload is read); ``X-Forwarded-For`` and ``X-Forwarded-Proto`` read only from the reverse
    proxies ``proxies`` (``--proxy``; none: ignored, so no program on the machine chooses its address for the
    per-address limits); quiet log; Ctrl-C closes open live-list streams (server-sent events) after 2 s.

    >>> options = uvicorn_options("127.0.0.1", 8000)
    >>> options["proxy_headers"], options["ws_max_size"]
    (False, 4096)
    >>> options = uvicorn_options("127.0.0.1", 8000, ["127.0.0.1"])
    >>> options["proxy_headers"], options["forwarded_allow_ips"]
    (True, ['127.0.0.1'])
    """
    if max_message_bytes is None:
        from ..web.live import MAX_MESSAGE_BYTES

        max_message_bytes = MAX_MESSAGE_BYTES
    options: dict[str, Any] = {
        "host": host,
        "port": port,
        "log_level": "warning",
        "timeout_graceful_shutdown": 2,
        "ws_max_size": max_message_bytes,
        "proxy_headers": bool(proxies),
    }
    if proxies:
        options["forwarded_allow_ips"] = list(proxies)
    return options


@command(
    "serve",
    help=N_(
        "Start the score sheet in the browser (FastAPI + uvicorn): groups, sittings, entering games on a "
        "phone, the live list, corrections, settlement and statistics; and the online tables (page Tische): play "
        "with friends and computer players over WebSockets, every game kept in the group's Liste. Ctrl-C stops "
        "it.\n\n"
        "The phones of the table reach it only with --host 0.0.0.0, at this computer's address in the network "
        "(printed at the start). The app has no login: anyone who reaches it can change the list, so use it "
        "only on a network you trust."
    ),
)
@option("--db", metavar="PATH|URL", default=None, help=N_("The database, as for doko liste --db."))
@option(
    "--host",
    default="127.0.0.1",
    show_default=True,
    help=N_(
        "Address to listen on: 127.0.0.1 this computer only; 0.0.0.0 every address, so the phones of the table "
        "reach it (no login: only on a trusted network)."
    ),
)
@option("--port", type=click.IntRange(1, 65535), default=8000, show_default=True, help=N_("Port to listen on."))
@option(
    "--allowed-host",
    "allowed_hosts",
    metavar="NAME",
    multiple=True,
    help=N_(
        "A host name the app answers to besides this computer's own names and --host (the name of the site "
        "behind a reverse proxy, e.g. liste.example.org; *.example.org: every subdomain); repeatable. Requests "
        "for any other host are refused (DNS rebinding)."
    ),
)
@option(
    "--proxy",
    "proxies",
    metavar="ADDRESS",
    multiple=True,
    help=N_(
        "The address of a reverse proxy in front of the app (e.g. 127.0.0.1 for Caddy or nginx on this "
        "computer); its X-Forwarded-For and X-Forwarded-Proto are believed. Repeatable. Without it they are "
        "ignored."
    ),
)
@friendly
def serve(db: str | None, host: str, port: int, allowed_hosts: tuple[str, ...], proxies: tuple[str, ...]) -> None:
    """``doko serve`` (the help above)."""
    import uvicorn

    from ..storage import default_url
    from ..web.app import create_app
    from ..web.hosts import allowed_host_names

    url = database_url(db) or default_url()
    app = create_app(url, allowed_hosts=allowed_host_names(host, allowed_hosts))
    if host.strip() in EVERY_ADDRESS:
        address = network_address()
        where = f"http://{address}:{port}/" if address else f"http://ADDRESS:{port}/ " + _("(ADDRESS: this computer's)")
        click.echo(
            _("Liste on port {port} of every address: on the phones open {where}").format(port=port, where=where)
        )
        click.echo(_("No login: anyone in this network can change the list; use it only on a network you trust."))
    else:
        shown_host = f"[{host}]" if ":" in host else host
        click.echo(
            _("Liste and online tables at {url} (phones of the table: doko serve --host 0.0.0.0)").format(
                url=f"http://{shown_host}:{port}/"
            )
        )
    click.echo(_("Database {url}; Ctrl-C stops.").format(url=shown_url(url)))
    options = uvicorn_options(host, port, proxies, max_message_bytes=app.state.table_settings.max_message_bytes)
    uvicorn.run(app, **options)
