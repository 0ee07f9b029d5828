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


def local_base(host: str, port: int) -> str:
    """The address this computer opens the app at: ``http://127.0.0.1:PORT`` when it listens on every address
    or on loopback, else ``http://HOST:PORT``."""
    if host.strip() in EVERY_ADDRESS or host.strip() in ("127.0.0.1", "localhost", "::1"):
        return f"http://127.0.0.1:{port}"
    return f"http://[{host}]:{port}" if ":" in host else f"http://{host}:{port}"


def announce_links(members: Any, base: str, *, owner_link: bool = False) -> None:
    """Print the setup link of a server without an owner (a new one each start; the older ones are revoked),
    and, with ``owner_link``, a device link for the owner of a claimed server."""
    token = members.setup_token()
    if token is not None:
        click.echo(_("This server has no owner yet. Open this link on this computer to become its owner:"))
        click.echo(base + "/setup/" + token)
        click.echo(_("(valid for 24 hours, once; until then nobody sees any group)"))
        return
    if owner_link:
        link = members.owner_device_link()
        click.echo(_("A link for one more device of the server's owner (30 minutes, once):"))
        click.echo(base + "/join/" + link)


@command(
    "serve",
    help=N_(
        "Start the score sheet in the browser (FastAPI + uvicorn): groups, sittings, entering games on a "
        "phone, the live list, corrections, settlement and statistics; and the online tables (page Tische): play "
        "with friends and computer players over WebSockets, every game kept in the group's Liste. Ctrl-C stops "
        "it.\n\n"
        "The phones of the table reach it only with --host 0.0.0.0, at this computer's address in the network "
        "(printed at the start). A group's Liste is for its members only: at the first start the terminal shows "
        "a one-time setup link; opened on this computer it makes you the server's owner, and the others join by "
        "the invitations you make on a group's page (Mitglieder). --open lets everyone in, as on a network you "
        "trust."
    ),
)
@option("--db", metavar="PATH|URL", default=None, help=N_("The database, as for doko liste --db."))
@option(
    "--host",
    default="127.0.0.1",
    show_default=True,
    help=N_(
        "Address to listen on: 127.0.0.1 this computer only; 0.0.0.0 every address, so the phones of the table "
        "reach it (they join a group by its invitations)."
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
@option(
    "--open",
    "open_access",
    is_flag=True,
    help=N_(
        "Let everyone who reaches the app see and change every group's Liste, without invitations (as before "
        "members existed): only on a network you trust."
    ),
)
@option(
    "--owner-link",
    is_flag=True,
    help=N_(
        "Print a one-time link that lets another device in as the server's owner (the way back in for an "
        "owner who lost every device), then serve."
    ),
)
@friendly
def serve(
    db: str | None,
    host: str,
    port: int,
    allowed_hosts: tuple[str, ...],
    proxies: tuple[str, ...],
    open_access: bool,
    owner_link: bool,
) -> None:
    """``doko serve`` (the help above)."""
    import uvicorn

    from ..storage import default_url
    from ..web.app import create_app
    from ..web.hosts import allowed_host_names

    url = database_url(db) or default_url()
    app = create_app(url, open_access=open_access, allowed_hosts=allowed_host_names(host, allowed_hosts))
    if host.strip() in EVERY_ADDRESS:
        address = network_address()
        where = f"http://{address}:{port}/" if address else f"http://ADDRESS:{port}/ " + _("(ADDRESS: this computer's)")
        click.echo(
            _("Liste on port {port} of every address: on the phones open {where}").format(port=port, where=where)
        )
    else:
        shown_host = f"[{host}]" if ":" in host else host
        click.echo(
            _("Liste and online tables at {url} (phones of the table: doko serve --host 0.0.0.0)").format(
                url=f"http://{shown_host}:{port}/"
            )
        )
    click.echo(_("Database {url}; Ctrl-C stops.").format(url=shown_url(url)))
    if open_access:
        click.echo(_("Open: anyone who reaches it can change every list; use it only on a network you trust."))
    else:
        announce_links(app.state.members, local_base(host, port), owner_link=owner_link)
    options = uvicorn_options(host, port, proxies, max_message_bytes=app.state.table_settings.max_message_bytes)
    uvicorn.run(app, **options)
