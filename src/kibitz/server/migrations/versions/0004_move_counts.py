"""Each table keeps its number of moves (the lobby's list read the whole moves table to count
them on every request), and an index for listing all tables by their last change.

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("kibitz_tables") as batch:
        batch.add_column(sa.Column("moves_count", sa.Integer, nullable=False, server_default="0"))
    op.execute(
        "UPDATE kibitz_tables SET moves_count = "
        "(SELECT count(*) FROM kibitz_moves WHERE kibitz_moves.table_id = kibitz_tables.id)"
    )
    op.create_index("ix_kibitz_tables_updated", "kibitz_tables", ["updated_at"])


def downgrade() -> None:
    op.drop_index("ix_kibitz_tables_updated", "kibitz_tables")
    with op.batch_alter_table("kibitz_tables") as batch:
        batch.drop_column("moves_count")
