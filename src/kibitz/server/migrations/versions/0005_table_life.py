"""Table life: each table's patience with silent players, when a player was last connected
there, and when an unfinished table was abandoned (status `abandoned`).

Tables stored before get the default patience, so that none of them hangs either.

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None

DEFAULT_PATIENCE = 180.0


def upgrade() -> None:
    op.add_column("kibitz_tables", sa.Column("patience", sa.Float, nullable=True))
    op.add_column("kibitz_tables", sa.Column("seen_at", sa.Float, nullable=True))
    op.add_column("kibitz_tables", sa.Column("abandoned_at", sa.Float, nullable=True))
    op.execute(f"UPDATE kibitz_tables SET patience = {DEFAULT_PATIENCE}")


def downgrade() -> None:
    # Older servers know no abandoned tables: ended, and never to be rated.
    op.execute("UPDATE kibitz_tables SET status = 'over', rated = true WHERE status = 'abandoned'")
    with op.batch_alter_table("kibitz_tables") as batch:
        batch.drop_column("abandoned_at")
        batch.drop_column("seen_at")
        batch.drop_column("patience")
