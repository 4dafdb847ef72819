"""Players (sessions, claimed logins), seats tied to players, ratings and their history.

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "kibitz_players",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("nickname", sa.String(64), nullable=False),
        sa.Column("login", sa.String(64), nullable=True, unique=True),
        sa.Column("password_hash", sa.String(256), nullable=True),
        sa.Column("bot", sa.String(64), nullable=True),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("seen_at", sa.Float, nullable=False),
    )
    op.create_table(
        "kibitz_sessions",
        sa.Column("player_id", sa.String(32), sa.ForeignKey("kibitz_players.id"), primary_key=True),
        sa.Column("secret_hash", sa.String(64), primary_key=True),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_table(
        "kibitz_ratings",
        sa.Column("player_id", sa.String(32), sa.ForeignKey("kibitz_players.id"), primary_key=True),
        sa.Column("game", sa.String(32), primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("ordinal", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("wins", sa.Integer, nullable=False),
        sa.Column("updated_at", sa.Float, nullable=False),
    )
    op.create_index("ix_kibitz_ratings_board", "kibitz_ratings", ["game", "ordinal"])
    op.create_table(
        "kibitz_rating_history",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("player_id", sa.String(32), sa.ForeignKey("kibitz_players.id"), nullable=False),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("kibitz_tables.id"), nullable=False),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("won", sa.Boolean, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_index(
        "ix_kibitz_rating_history_player", "kibitz_rating_history", ["player_id", "game", "id"]
    )
    with op.batch_alter_table("kibitz_seats") as batch:
        batch.add_column(sa.Column("player_id", sa.String(32), nullable=True))
        batch.create_index("ix_kibitz_seats_player", ["player_id"])
    with op.batch_alter_table("kibitz_tables") as batch:
        batch.add_column(sa.Column("rated", sa.Boolean, nullable=False, server_default=sa.false()))


def downgrade() -> None:
    with op.batch_alter_table("kibitz_tables") as batch:
        batch.drop_column("rated")
    with op.batch_alter_table("kibitz_seats") as batch:
        batch.drop_index("ix_kibitz_seats_player")
        batch.drop_column("player_id")
    op.drop_table("kibitz_rating_history")
    op.drop_table("kibitz_ratings")
    op.drop_table("kibitz_sessions")
    op.drop_table("kibitz_players")
