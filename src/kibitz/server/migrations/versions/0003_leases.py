"""Leases: which server process drives each table's bots and turn clock.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "kibitz_leases",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("holder", sa.String(128), nullable=False),
        sa.Column("expires_at", sa.Float, nullable=False),
    )
    op.create_index("ix_kibitz_leases_holder", "kibitz_leases", ["holder"])


def downgrade() -> None:
    op.drop_index("ix_kibitz_leases_holder", "kibitz_leases")
    op.drop_table("kibitz_leases")
