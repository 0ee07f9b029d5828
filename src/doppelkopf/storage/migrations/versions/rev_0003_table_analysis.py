"""The online table's option to show the solver's analysis after each game

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-01 16:10:00.000000
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # existing tables keep what they had: no analysis (the option's default). A plain ADD COLUMN, not a batch
    # (SQLite's batch copies the table and drops the old one, and with foreign keys on that drop deletes every
    # seat, deal and action of the table by ON DELETE CASCADE)
    op.add_column("online_tables", sa.Column("analysis", sa.Boolean(), nullable=False, server_default=sa.false()))


def downgrade() -> None:
    op.drop_column("online_tables", "analysis")  # SQLite 3.35+: a plain DROP COLUMN (see upgrade)
