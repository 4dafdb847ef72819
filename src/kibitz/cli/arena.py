"""`kibitz arena GAME --bots a,b,c,d --games N`: bots play rotated seats; strength tables.

Prints each bot's share of wins with a 95% interval, its mean score, time per move and an
openskill rating (Plackett-Luce; winners ranked first, everyone else tied second), and can
draw them to a PNG. Ctrl+C stops a run and prints the table of the games finished so far.
Needs the `arena` extra (openskill, matplotlib), imported only here.
"""

from __future__ import annotations

import argparse
import multiprocessing
import signal
from collections.abc import Iterator, Sequence
from functools import partial
from typing import Any

from kibitz.bots.arena import Entrant, GameResult, Summary, parse_entrant, play_game, summarize
from kibitz.cli.options import flag, game_options
from kibitz.cli.progress import Progress
from kibitz.core import KibitzError, spec

IGNORE_CTRL_C = (signal.SIGINT, signal.SIG_IGN)


def add_parser(sub: Any) -> None:
    parser = sub.add_parser(
        "arena",
        help="measure bots against each other",
        description="Bots play --games games with seats rotated (entrant i sits in seat "
        "(i + g) %% players in game g; name team partners alternately: hard,random,hard,random). "
        "A name may carry a budget: hard@400 (iterations per move) or hard@0.5s. Prints win "
        "shares with 95%% intervals, mean scores and openskill ratings. Rule options follow "
        "as --name value.",
    )
    parser.add_argument("game")
    parser.add_argument("--bots", required=True, help="one bot per seat, comma-separated")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0, help="game g is dealt from seed + g")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--plot", metavar="FILE.png", help="draw the results to a PNG")
    parser.set_defaults(run=run)


def _play(
    game: str, entrants: Sequence[Entrant], options: dict[str, Any], seed: int, index: int
) -> GameResult:
    return play_game(game, entrants, options, seed, index)


def _results(
    game: str,
    entrants: Sequence[Entrant],
    options: dict[str, Any],
    seed: int,
    *,
    games: int,
    jobs: int,
) -> Iterator[GameResult]:
    if jobs <= 1:
        for index in range(games):
            yield play_game(game, entrants, options, seed, index)
        return
    task = partial(_play, game, list(entrants), options, seed)
    # Ctrl+C is left to this process: the workers ignore it, and this one stops them
    # (`terminate`) as it leaves. With the pool's threads about, a SIGINT can go unnoticed
    # by the interpreter for a long time (once in CI a run went on for 30 s after Ctrl+C;
    # the signal may land in one of the pool's threads, which cannot handle it). So where
    # threads have signal masks (Unix), SIGINT stays blocked in every thread while the pool
    # runs, and this loop looks for it between results, waiting for each a moment at a time
    # (a game may take minutes, for some bots). Elsewhere (Windows) Ctrl+C reaches this
    # thread as KeyboardInterrupt, between those moments.
    masks = hasattr(signal, "pthread_sigmask")
    blocked = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT}) if masks else set()
    try:
        with multiprocessing.Pool(jobs, initializer=signal.signal, initargs=IGNORE_CTRL_C) as pool:
            results = pool.imap(task, range(games))
            while True:
                if masks and signal.SIGINT in signal.sigpending():
                    signal.sigwait({signal.SIGINT})  # taken, so it is not delivered again
                    raise KeyboardInterrupt
                try:
                    yield results.next(timeout=0.2)
                except multiprocessing.TimeoutError:
                    continue
                except StopIteration:
                    return
    finally:
        if masks:
            signal.pthread_sigmask(signal.SIG_SETMASK, blocked)


def ratings(
    entrants: Sequence[Entrant], results: Sequence[GameResult]
) -> dict[str, tuple[float, float]]:
    """openskill Plackett-Luce ratings per entrant seat, averaged per label: (mu, sigma).
    Games are rated in seed order, so the ratings do not depend on --jobs."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    players = [model.rating(name=f"{e.label}#{i}") for i, e in enumerate(entrants)]
    for result in sorted(results, key=lambda r: r.index):
        teams = [[players[i] for i in side] for side in result.sides]
        winners = set(result.winners)
        ranks = [0.0 if any(i in winners for i in side) else 1.0 for side in result.sides]
        rated = model.rate(teams, ranks=ranks)
        for side, team in zip(result.sides, rated, strict=True):
            for i, rating in zip(side, team, strict=True):
                players[i] = rating
    out: dict[str, tuple[float, float]] = {}
    for label in dict.fromkeys(e.label for e in entrants):
        members = [players[i] for i, e in enumerate(entrants) if e.label == label]
        out[label] = (
            sum(r.mu for r in members) / len(members),
            sum(r.sigma for r in members) / len(members),
        )
    return out


def table(summaries: Sequence[Summary], rated: dict[str, tuple[float, float]]) -> str:
    """The results as a Markdown table."""
    lines = [
        "| bot | seats | wins (95% CI) | mean score (95% CI) | rating mu ± sigma | CPU s/move |",
        "| --- | ---: | --- | --- | --- | ---: |",
    ]
    for s in summaries:
        mu, sigma = rated.get(s.name, (0.0, 0.0))
        lines.append(
            f"| {s.name} | {s.seats} | {100 * s.win:.1f}% ({100 * s.win_low:.1f}-"
            f"{100 * s.win_high:.1f}) | {s.score:.2f} ({s.score_low:.2f} to {s.score_high:.2f}) "
            f"| {mu:.1f} ± {sigma:.1f} | {s.seconds_per_move:.3f} |"
        )
    return "\n".join(lines)


def plot(
    path: str, title: str, summaries: Sequence[Summary], rated: dict[str, tuple[float, float]]
) -> None:
    """Win shares with their intervals and ratings with ± 2 sigma, side by side."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    names = [s.name for s in summaries]
    fig, (left, right) = plt.subplots(1, 2, figsize=(10, 4))
    wins = [100 * s.win for s in summaries]
    errors = [
        [100 * (s.win - s.win_low) for s in summaries],
        [100 * (s.win_high - s.win) for s in summaries],
    ]
    left.bar(names, wins, yerr=errors, capsize=6, color="tab:blue")
    left.set_ylabel("games won (%, 95% CI)")
    left.set_ylim(0, 100)
    mus = [rated[n][0] for n in names]
    sigmas = [2 * rated[n][1] for n in names]
    right.errorbar(names, mus, yerr=sigmas, fmt="o", capsize=6, color="tab:orange")
    right.set_ylabel("openskill mu ± 2 sigma")
    fig.suptitle(title)
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


def run(args: argparse.Namespace, extra: list[str]) -> int:
    game_spec = spec(args.game)
    entrants = [parse_entrant(name) for name in args.bots.split(",") if name.strip()]
    players = len(entrants)
    if not game_spec.min_players <= players <= game_spec.max_players:
        raise KibitzError(
            f"{args.game} is for {game_spec.min_players} to {game_spec.max_players} players; "
            f"--bots names {players}"
        )
    options = game_options(args.game, extra, players)
    if args.games < 1:
        raise KibitzError("--games must be 1 or more")
    from kibitz.bots import make_bot

    for entrant in entrants:
        make_bot(args.game, entrant.bot)  # unknown names fail before any game is played
    try:
        import matplotlib  # noqa: F401
        import openskill  # noqa: F401
    except ImportError as error:
        raise KibitzError(
            f"kibitz arena needs the arena extra ({error.name} is missing): "
            "pip install 'kibitz[arena]'"
        ) from None
    results: list[GameResult] = []
    stopped = False
    with Progress(args.games, "games") as bar:
        try:
            for result in _results(
                args.game, entrants, options, args.seed, games=args.games, jobs=max(1, args.jobs)
            ):
                results.append(result)
                bar.advance()
        except KeyboardInterrupt:  # Ctrl+C: the games finished so far still tell something
            if not results:
                raise
            stopped = True
    played = len(results)
    summaries = summarize(entrants, results)
    rated = ratings(entrants, results)
    shown = " ".join(f"{flag(k)} {v}" for k, v in options.items())
    title = f"{args.game} {shown}".strip()
    if stopped:
        print(f"stopped (Ctrl+C) after games 0-{played - 1} of the {args.games} asked for")
    print(f"{title}: {played} games, seed {args.seed}, {players} seats rotated")
    print(table(summaries, rated))
    if args.plot:
        plot(args.plot, f"{title}: {args.bots}, {played} games", summaries, rated)
        print(f"plot written to {args.plot}")
    return 130 if stopped else 0
