"""Spectator chat: whether spectators may chat at a table (a table option, on by default).

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column(
        "kibitz_tables",
        sa.Column("spectator_chat", sa.Boolean, nullable=False, server_default=sa.true()),
    )


def downgrade() -> None:
    with op.batch_alter_table("kibitz_tables") as batch:
        batch.drop_column("spectator_chat")
