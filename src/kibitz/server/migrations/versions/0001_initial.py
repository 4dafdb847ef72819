"""The first schema: tables, seats, moves and chat.

Revision ID: 0001
Revises:
Create Date: 2026-11-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "kibitz_tables",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("options", sa.JSON, nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=True),
        sa.Column("setup", sa.JSON, nullable=True),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("clock", sa.Float, nullable=True),
        sa.Column("stand_in", sa.String(64), nullable=True),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("updated_at", sa.Float, nullable=False),
        sa.Column("rematch_of", sa.String(32), nullable=True),
        sa.Column("rematch_id", sa.String(32), nullable=True),
        sa.Column("result", sa.JSON, nullable=True),
    )
    op.create_index("ix_kibitz_tables_status", "kibitz_tables", ["status", "updated_at"])
    op.create_table(
        "kibitz_seats",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("kibitz_tables.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("bot", sa.String(64), nullable=True),
        sa.Column("nickname", sa.String(64), nullable=True),
        sa.Column("token_hash", sa.String(64), nullable=True),
        sa.Column("invite_hash", sa.String(64), nullable=True),
        sa.Column("away", sa.Boolean, nullable=False),
    )
    op.create_index("ix_kibitz_seats_token", "kibitz_seats", ["token_hash"])
    op.create_table(
        "kibitz_moves",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("kibitz_tables.id"), primary_key=True),
        sa.Column("number", sa.Integer, primary_key=True),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("text", sa.String(64), nullable=False),
        sa.Column("at", sa.Float, nullable=False),
        sa.Column("by", sa.String(16), nullable=False),
    )
    op.create_table(
        "kibitz_chat",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("kibitz_tables.id"), nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("nickname", sa.String(64), nullable=False),
        sa.Column("text", sa.String(1000), nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_index("ix_kibitz_chat_table", "kibitz_chat", ["table_id", "id"])


def downgrade() -> None:
    op.drop_table("kibitz_chat")
    op.drop_table("kibitz_moves")
    op.drop_table("kibitz_seats")
    op.drop_table("kibitz_tables")
