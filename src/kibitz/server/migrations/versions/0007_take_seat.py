"""A join as one PostgreSQL call: `kibitz_take_seat` takes a seat and starts the table when
it was the last one, in one round trip (`Store.take_seat`; five before: begin, lock, update,
start, commit). SQLite keeps the statements.

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-03
"""

from __future__ import annotations

from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None

TAKE_SEAT = """
CREATE OR REPLACE FUNCTION kibitz_take_seat(
    p_table varchar, p_seat integer, p_old_kind varchar, p_old_token varchar,
    p_kind varchar, p_bot varchar, p_nickname varchar, p_token_hash varchar,
    p_invite_hash varchar, p_away boolean, p_player varchar, p_at double precision
) RETURNS integer LANGUAGE plpgsql AS $$
BEGIN
    -- Joins at one table follow one another; each statement below takes a new snapshot
    -- (a volatile function under READ COMMITTED), so the last join sees every seat.
    PERFORM 1 FROM kibitz_tables WHERE id = p_table FOR NO KEY UPDATE;
    UPDATE kibitz_seats
    SET kind = p_kind, bot = p_bot, nickname = p_nickname, token_hash = p_token_hash,
        invite_hash = p_invite_hash, away = p_away, player_id = p_player
    WHERE table_id = p_table AND seat = p_seat
        AND kind = p_old_kind AND token_hash IS NOT DISTINCT FROM p_old_token;
    IF NOT FOUND THEN
        RETURN 0;
    END IF;
    UPDATE kibitz_tables SET status = 'playing', updated_at = p_at
    WHERE id = p_table AND status = 'waiting' AND NOT EXISTS (
        SELECT 1 FROM kibitz_seats
        WHERE table_id = p_table AND kind NOT IN ('bot', 'player')
    );
    IF FOUND THEN
        RETURN 2;
    END IF;
    RETURN 1;
END
$$
"""
"""Returns 0: the seat no longer held the old kind and token (nothing changed); 1: taken;
2: taken, and the table started."""


def upgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute(TAKE_SEAT)


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute(
            "DROP FUNCTION IF EXISTS kibitz_take_seat(varchar, integer, varchar, varchar, "
            "varchar, varchar, varchar, varchar, varchar, boolean, varchar, double precision)"
        )
