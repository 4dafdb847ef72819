"""Train a small learner at X bere! against kibitz bots and plot its learning curve.

A linear softmax policy over the legal actions (the action mask), trained by REINFORCE with
a running-mean baseline on the Gymnasium environment `kibitz.rl.make_gym_env`, in numpy
only. Each legal action is scored from a few features read off the observation vector (the
fields of docs/rl.md): for `play c`, the card's value, whether it is lower than every row
(it must take one), whether it lands on a row that it fills (it takes), the gap to that row's
last card; for `take r` the row's fill; for `x c` whether c keeps the X row rising.

The learner plays seat 0 of a 2-player game against a bot (`--bots`); the curve shows its
win rate over the last games, with the untrained (uniform) policy for comparison.

    python examples/train_xbere.py [--episodes 3000] [--bots random] [--out learning_curve.png]
"""

from __future__ import annotations

import argparse
from typing import Any

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
import numpy as np

import kibitz.rl

Array = np.ndarray[Any, Any]
FEATURES = 9


def action_features(env: Any, obs: Array, actions: list[int]) -> Array:
    """One feature row per legal action."""
    adapter = env.unwrapped.adapter
    layout, d, r = adapter.full_layout, adapter.deck, adapter.nrows
    last = layout.block(obs, "row_last") * d
    fill = layout.block(obs, "row_fill")
    limits = np.array(adapter.rules.row_limits, dtype=float)
    full = np.array(adapter.rules.full, dtype=float)
    x_last = layout.block(obs, "x_row_last")[0] * d
    rows = []
    for a in actions:
        f = np.zeros(FEATURES)
        f[0] = 1.0
        if a < d:  # play card a+1
            card = a + 1
            below = last < card
            f[1] = card / d
            if not below.any():
                f[2] = 1.0  # lower than every row: will take a row
            else:
                target = int(np.argmax(np.where(below, last, -1)))
                f[3] = 1.0 if round(fill[target] * limits[target]) >= full[target] else 0.0
                f[4] = (card - last[target]) / d
        elif a < d + r:  # take row
            row = a - d
            f[5] = 1.0
            f[6] = fill[row]
        else:  # x card
            card = a - d - r + 1
            f[7] = 1.0
            f[8] = 1.0 if card > x_last else 0.0
        rows.append(f)
    return np.array(rows)


def play(env: Any, theta: Array, rng: np.random.Generator, seed: int) -> tuple[float, list[Any]]:
    """One game; returns the final reward and the learner's (features, choice, probs)."""
    observation, _ = env.reset(seed=seed)
    steps = []
    done, reward = False, 0.0
    while not done:
        actions = np.flatnonzero(observation["action_mask"]).tolist()
        feats = action_features(env, observation["observation"], actions)
        logits = feats @ theta
        probs = np.exp(logits - logits.max())
        probs /= probs.sum()
        choice = int(rng.choice(len(actions), p=probs))
        steps.append((feats, choice, probs))
        observation, reward, done, _, _ = env.step(actions[choice])
    return float(reward), steps


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--episodes", type=int, default=3000)
    parser.add_argument("--bots", default="random")
    parser.add_argument("--lr", type=float, default=0.05)
    parser.add_argument("--window", type=int, default=200)
    parser.add_argument("--out", default="learning_curve.png")
    args = parser.parse_args()

    env = kibitz.rl.make_gym_env("xbere", players=2, bots=args.bots, seat=0)
    rng = np.random.default_rng(0)
    theta = np.zeros(FEATURES)
    baseline, wins = 0.0, []
    for episode in range(args.episodes):
        reward, steps = play(env, theta, rng, seed=episode)
        wins.append(1.0 if reward > 0 else 0.0)
        advantage = reward - baseline
        baseline += 0.02 * (reward - baseline)
        for feats, choice, probs in steps:
            theta += args.lr * advantage * (feats[choice] - probs @ feats)
        if (episode + 1) % 500 == 0:
            recent = np.mean(wins[-args.window :])
            print(f"episode {episode + 1}: win rate over the last {args.window} = {recent:.3f}")

    test = range(10**6, 10**6 + 400)
    trained = np.mean([play(env, theta, rng, s)[0] > 0 for s in test])
    untrained = np.mean([play(env, theta * 0, rng, s)[0] > 0 for s in test])
    print(f"win rate on {len(test)} new deals: trained {trained:.3f}, untrained {untrained:.3f}")
    print("weights:", np.round(theta, 2).tolist())

    curve = np.convolve(wins, np.ones(args.window) / args.window, mode="valid")
    fig, ax = plt.subplots(figsize=(7, 4))
    ax.plot(np.arange(args.window, len(wins) + 1), curve, label="learner (moving average)")
    ax.axhline(untrained, color="grey", linestyle="--", label=f"untrained policy ({untrained:.2f})")
    ax.axhline(trained, color="green", linestyle=":", label=f"trained, new deals ({trained:.2f})")
    ax.set_xlabel("games played")
    ax.set_ylabel(f"win rate (last {args.window} games)")
    ax.set_title(f"Linear REINFORCE at X bere! (2 players) against the {args.bots} bot")
    ax.set_ylim(0, 1)
    ax.legend(loc="lower right")
    fig.tight_layout()
    fig.savefig(args.out, dpi=120)
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
