"""The research examples run: IS-MCTS through OpenSpiel's evaluate_bots (with the restart_at
workaround it needs), and MaskablePPO training a few steps (skipped without the `train`
extra: sb3-contrib and PyTorch)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

import pyspiel  # noqa: E402
from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402
from open_spiel.python.algorithms.evaluate_bots import evaluate_bots  # noqa: E402

from kibitz.rl import openspiel as kos  # noqa: E402

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
sys.path.insert(0, str(EXAMPLES))

import ismcts_eval  # noqa: E402


def test_ismcts_plays_through_evaluate_bots_with_the_restart_at_workaround() -> None:
    game = kos.load("xbere", 3, turn_based=True)
    bot = ismcts_eval.searcher(game, 8, seed=1)
    rate = ismcts_eval.play("xbere", bot, "random", games=1, seed=1)
    assert 0.0 <= rate <= 1.0
    # Without the workaround OpenSpiel's own bot stops evaluate_bots at once.
    plain = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, np.random.RandomState(0)), 2.0, 8)
    others = [ismcts_eval.KibitzBot("xbere", "random", seat) for seat in (1, 2)]
    with pytest.raises(pyspiel.SpielError, match="RestartAt"):
        evaluate_bots(game.new_initial_state(), [plain, *others], np.random.RandomState(0))


def test_maskable_ppo_example_trains_and_plots(tmp_path: Path) -> None:
    pytest.importorskip("sb3_contrib")
    import train_kozel_ppo

    curve = train_kozel_ppo.train(
        steps=64, chunks=1, eval_games=1, bots="random", n_steps=32, seed=0
    )
    assert [steps for steps, _ in curve] == [0, 64]
    out = tmp_path / "curve.png"
    train_kozel_ppo.plot(curve, "random", 1, str(out))
    assert out.stat().st_size > 1000
