"""The online table: tables, their seats, deals and actions

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-01 13:30:00.000000
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0002"
down_revision: str | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "online_tables",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=100), nullable=False),
        sa.Column("rules_toml", sa.Text(), nullable=False),
        sa.Column("rules_name", sa.String(length=100), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("invite", sa.String(length=64), nullable=False),
        sa.Column("host_hash", sa.String(length=64), nullable=False),
        sa.Column("listed", sa.Boolean(), nullable=False),
        sa.Column("status", sa.String(length=10), nullable=False),
        sa.Column("group_id", sa.Integer(), nullable=False),
        sa.Column("sitting_id", sa.Integer(), nullable=True),
        sa.Column("pace_ms", sa.Integer(), nullable=False),
        sa.Column("grace_s", sa.Integer(), nullable=False),
        sa.Column("next_game_s", sa.Integer(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("deal", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("changed_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["group_id"], ["groups.id"], name=op.f("fk_online_tables_group_id_groups"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["sitting_id"], ["sittings.id"], name=op.f("fk_online_tables_sitting_id_sittings"), ondelete="SET NULL"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_online_tables")),
    )
    op.create_index(op.f("ix_online_tables_status"), "online_tables", ["status"], unique=False)
    op.create_table(
        "online_seats",
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=100), nullable=True),
        sa.Column("bot", sa.String(length=40), nullable=True),
        sa.Column("token_hash", sa.String(length=64), nullable=True),
        sa.Column("standin", sa.Boolean(), nullable=False),
        sa.Column("shows_hand", sa.Boolean(), nullable=False),
        sa.Column("seen_at", sa.DateTime(), nullable=True),
        sa.ForeignKeyConstraint(
            ["table_id"], ["online_tables.id"], name=op.f("fk_online_seats_table_id_online_tables"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("table_id", "seat", name=op.f("pk_online_seats")),
    )
    op.create_table(
        "online_deals",
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("setup", sa.JSON(), nullable=False),
        sa.Column("game_number", sa.Integer(), nullable=True),
        sa.Column("thrown_in", sa.Boolean(), nullable=False),
        sa.Column("finished", sa.Boolean(), nullable=False),
        sa.Column("record_error", sa.Text(), nullable=True),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["table_id"], ["online_tables.id"], name=op.f("fk_online_deals_table_id_online_tables"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("table_id", "number", name=op.f("pk_online_deals")),
    )
    op.create_table(
        "online_actions",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("deal", sa.Integer(), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("action", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["table_id", "deal"],
            ["online_deals.table_id", "online_deals.number"],
            name=op.f("fk_online_actions_table_id_online_deals"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_online_actions")),
        sa.UniqueConstraint("table_id", "deal", "seq", name=op.f("uq_online_actions_table_id_deal_seq")),
    )


def downgrade() -> None:
    op.drop_table("online_actions")
    op.drop_table("online_deals")
    op.drop_table("online_seats")
    op.drop_index(op.f("ix_online_tables_status"), table_name="online_tables")
    op.drop_table("online_tables")
