"""Train sb3-contrib's MaskablePPO at Kozel against kibitz bots and plot its learning curve.

The learner plays seat 0 of one Kozel deal (`series=False`) with a bot partner against two
bots (`--bots`, default `easy`), in the Gymnasium environment `kibitz.rl.make_gym_env`, whose
`action_masks()` MaskablePPO reads at every step, so it only ever plays legal moves. After
every chunk of training steps the policy plays `--eval-games` deals (deterministic, masked)
against the same bots; the curve is its team's win rate after each chunk, with the untrained
policy first.

Needs the `train` extra (sb3-contrib, PyTorch, matplotlib). Install PyTorch's CPU build first
(`pip install torch --index-url https://download.pytorch.org/whl/cpu` on a machine with
internet access), then `pip install 'kibitz[train]'`.

    python examples/train_kozel_ppo.py [--steps 30000] [--chunks 10] [--eval-games 100]
"""

from __future__ import annotations

import argparse
from typing import Any

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
import numpy as np
import torch  # type: ignore[import-not-found]
from sb3_contrib import MaskablePPO  # type: ignore[import-not-found]

import kibitz.rl

torch.set_num_threads(1)  # a small network: threads only slow it down on a shared machine


def make_env(bots: str, seed: int) -> Any:
    env = kibitz.rl.make_gym_env("kozel", bots=bots, seat=0, series=False)
    env.reset(seed=seed)
    return env


def win_rate(model: Any, bots: str, games: int, seed: int) -> float:
    """The learner's team's share of won deals (a drawn deal counts half)."""
    env = make_env(bots, seed)
    score = 0.0
    for game in range(games):
        observation, _ = env.reset(seed=seed + game)
        done, reward = False, 0.0
        while not done:
            action, _ = model.predict(
                observation, action_masks=env.action_masks(), deterministic=True
            )
            observation, reward, done, _, _ = env.step(int(action))
        score += 1.0 if reward > 0 else 0.5 if reward == 0 else 0.0
    return score / games


def train(
    *, steps: int, chunks: int, eval_games: int, bots: str, n_steps: int, seed: int
) -> list[tuple[int, float]]:
    env = make_env(bots, seed)
    model = MaskablePPO(
        "MultiInputPolicy",
        env,
        n_steps=n_steps,
        batch_size=min(256, n_steps),
        n_epochs=5,
        seed=seed,
        verbose=0,
    )
    curve = [(0, win_rate(model, bots, eval_games, 10_000))]
    print(f"steps {0:>8}: win rate {curve[-1][1]:.3f}", flush=True)
    for chunk in range(1, chunks + 1):
        model.learn(steps // chunks, reset_num_timesteps=False)
        curve.append((chunk * (steps // chunks), win_rate(model, bots, eval_games, 10_000)))
        print(f"steps {curve[-1][0]:>8}: win rate {curve[-1][1]:.3f}", flush=True)
    return curve


def plot(curve: list[tuple[int, float]], bots: str, eval_games: int, out: str) -> None:
    steps, rates = zip(*curve, strict=True)
    figure, axes = plt.subplots(figsize=(7, 4))
    axes.plot(steps, rates, marker="o", label="MaskablePPO (seat 0 and its bot partner)")
    axes.axhline(0.5, color="grey", linestyle="--", label="even")
    axes.set_xlabel("training steps (the learner's decisions)")
    axes.set_ylabel(f"share of {eval_games} deals won")
    axes.set_ylim(0, 1)
    axes.set_title(f"Kozel, one deal, against {bots} bots")
    axes.legend(loc="lower right")
    figure.tight_layout()
    figure.savefig(out, dpi=100)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=30_000, help="training steps in all")
    parser.add_argument("--chunks", type=int, default=10, help="evaluations along the way")
    parser.add_argument("--eval-games", type=int, default=100, help="deals per evaluation")
    parser.add_argument("--bots", default="easy", help="the other seats' bot level")
    parser.add_argument("--n-steps", type=int, default=1024, help="PPO rollout length")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", default="examples/kozel_ppo_curve.png")
    args = parser.parse_args()
    curve = train(
        steps=args.steps,
        chunks=args.chunks,
        eval_games=args.eval_games,
        bots=args.bots,
        n_steps=args.n_steps,
        seed=args.seed,
    )
    plot(curve, args.bots, args.eval_games, args.out)
    print(f"wrote {args.out}")
    np.savetxt(args.out.rsplit(".", 1)[0] + ".csv", np.array(curve), fmt="%g", delimiter=",")


if __name__ == "__main__":
    main()
