"""Alembic environment of the score sheet's database (run by :func:`doppelkopf.storage.open_store`).

:func:`~doppelkopf.storage.open_store` passes its open connection in ``config.attributes["connection"]``
so the migration runs in the store's own engine (SQLite with foreign keys on); the ``alembic`` command
line works too, given ``-x url=...`` or ``sqlalchemy.url`` in the configuration.
"""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection

from doppelkopf.storage.models import Base

target_metadata = Base.metadata


def run_with(connection: Connection) -> None:
    """Upgrade over ``connection`` in one transaction."""
    context.configure(
        connection=connection,
        target_metadata=target_metadata,
        render_as_batch=connection.dialect.name == "sqlite",  # SQLite alters a table by copying it
        compare_type=True,
    )
    with context.begin_transaction():
        context.run_migrations()


def run_online() -> None:
    """Migrate the connection handed over by open_store, or one to the configured URL."""
    connection = context.config.attributes.get("connection")
    if connection is not None:
        run_with(connection)
        return
    from doppelkopf.storage.service import make_engine

    url = context.get_x_argument(as_dictionary=True).get("url") or context.config.get_main_option("sqlalchemy.url")
    if not url:
        raise SystemExit("alembic: give the database with -x url=... (or sqlalchemy.url)")
    engine = make_engine(url)
    try:
        with engine.connect() as connection:
            run_with(connection)
    finally:
        engine.dispose()


if context.is_offline_mode():
    context.configure(url=context.config.get_main_option("sqlalchemy.url"), target_metadata=target_metadata)
    with context.begin_transaction():
        context.run_migrations()
else:
    run_online()
