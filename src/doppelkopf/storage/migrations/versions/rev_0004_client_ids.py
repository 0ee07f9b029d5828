"""The client's id of a write in the audit trail: a write sent again (a phone's offline queue) is taken once

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-02 18:00:00.000000
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0004"
down_revision: str | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # the versions written before have none (NULL, which a unique index allows many times). A plain ADD COLUMN
    # and CREATE INDEX, not a batch (see rev_0003: SQLite's batch copies the table)
    op.add_column("game_versions", sa.Column("client_id", sa.String(length=64), nullable=True))
    op.create_index("ix_game_versions_sitting_id_client_id", "game_versions", ["sitting_id", "client_id"], unique=True)


def downgrade() -> None:
    op.drop_index("ix_game_versions_sitting_id_client_id", table_name="game_versions")
    op.drop_column("game_versions", "client_id")  # SQLite 3.35+: a plain DROP COLUMN
