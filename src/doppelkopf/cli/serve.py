"""``doko serve``: the score sheet and the online tables in the browser (FastAPI + uvicorn)."""

from __future__ import annotations

import click

from ..messages import N_
from .lang import command, option
from .lang import gettext as _
from .liste import database_url, friendly, shown_url

#: Hosts that listen on every address of the computer (the phones of the table can reach it).
EVERY_ADDRESS = ("0.0.0.0", "::", "")


def network_address() -> str | None:
    """This computer's address in its local network (the one its default route uses), or ``None`` if it
    has none. Nothing is sent: connecting a UDP socket only chooses the route."""
    import socket

    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1 (RFC 5737): never reached
            address = str(probe.getsockname()[0])
    except OSError:
        return None
    return None if address.startswith(("0.", "127.")) else address


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
@friendly
def serve(db: str | None, host: str, port: int) -> None:
    """``doko serve`` (the help above)."""
    import uvicorn

    from ..storage import default_url
    from ..web.app import create_app

    url = database_url(db) or default_url()
    app = create_app(url)
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
    # Ctrl-C: open live-list streams (server-sent events) are closed after 2 s instead of waiting for them.
    uvicorn.run(app, host=host, port=port, log_level="warning", timeout_graceful_shutdown=2)
