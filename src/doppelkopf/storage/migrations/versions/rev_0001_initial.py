"""The score sheet: groups, players, sittings, games and the audit trail of game versions

Revision ID: 0001
Revises:
Create Date: 2026-12-01 10:31:35.225270
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0001"
down_revision: str | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "groups",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=100), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_groups")),
        sa.UniqueConstraint("name", name=op.f("uq_groups_name")),
    )
    op.create_table(
        "players",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("group_id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=100), nullable=False),
        sa.Column("key", sa.String(length=400), nullable=False),
        sa.ForeignKeyConstraint(
            ["group_id"], ["groups.id"], name=op.f("fk_players_group_id_groups"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_players")),
        sa.UniqueConstraint("group_id", "key", name=op.f("uq_players_group_id_key")),
    )
    op.create_table(
        "sittings",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("group_id", sa.Integer(), nullable=False),
        sa.Column("date", sa.Date(), nullable=False),
        sa.Column("place", sa.String(length=100), nullable=False),
        sa.Column("rules_toml", sa.Text(), nullable=False),
        sa.Column("rules_name", sa.String(length=100), nullable=False),
        sa.Column("cents_per_point", sa.Integer(), nullable=False),
        sa.Column("sit_out", sa.String(length=40), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("state", sa.JSON(), nullable=False),
        sa.Column("tally", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["group_id"], ["groups.id"], name=op.f("fk_sittings_group_id_groups"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_sittings")),
    )
    op.create_index(op.f("ix_sittings_group_id"), "sittings", ["group_id"], unique=False)
    op.create_table(
        "games",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("sitting_id", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=True),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("revision", sa.Integer(), nullable=False),
        sa.Column("deleted", sa.Boolean(), nullable=False),
        sa.Column("entry", sa.JSON(), nullable=False),
        sa.Column("row", sa.JSON(), nullable=True),
        sa.Column("state", sa.JSON(), nullable=True),
        sa.Column("author", sa.String(length=100), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("changed_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["sitting_id"], ["sittings.id"], name=op.f("fk_games_sitting_id_sittings"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_games")),
        sa.UniqueConstraint("sitting_id", "number", name=op.f("uq_games_sitting_id_number")),
    )
    op.create_table(
        "sitting_players",
        sa.Column("sitting_id", sa.Integer(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(["player_id"], ["players.id"], name=op.f("fk_sitting_players_player_id_players")),
        sa.ForeignKeyConstraint(
            ["sitting_id"], ["sittings.id"], name=op.f("fk_sitting_players_sitting_id_sittings"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("sitting_id", "position", name=op.f("pk_sitting_players")),
        sa.UniqueConstraint("sitting_id", "player_id", name=op.f("uq_sitting_players_sitting_id_player_id")),
    )
    op.create_table(
        "game_versions",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("sitting_id", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("revision", sa.Integer(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("action", sa.String(length=10), nullable=False),
        sa.Column("deleted", sa.Boolean(), nullable=False),
        sa.Column("entry", sa.JSON(), nullable=False),
        sa.Column("author", sa.String(length=100), nullable=False),
        sa.Column("changed_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["game_id"], ["games.id"], name=op.f("fk_game_versions_game_id_games"), ondelete="CASCADE"
        ),
        sa.ForeignKeyConstraint(
            ["sitting_id"], ["sittings.id"], name=op.f("fk_game_versions_sitting_id_sittings"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_game_versions")),
        sa.UniqueConstraint("game_id", "revision", name=op.f("uq_game_versions_game_id_revision")),
    )
    op.create_index(
        op.f("ix_game_versions_sitting_id_version"), "game_versions", ["sitting_id", "version"], unique=False
    )


def downgrade() -> None:
    op.drop_index(op.f("ix_game_versions_sitting_id_version"), table_name="game_versions")
    op.drop_table("game_versions")
    op.drop_table("sitting_players")
    op.drop_table("games")
    op.drop_index(op.f("ix_sittings_group_id"), table_name="sittings")
    op.drop_table("sittings")
    op.drop_table("players")
    op.drop_table("groups")
