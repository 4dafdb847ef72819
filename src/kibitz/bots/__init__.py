"""Bots that play from a seat's view: random, heuristic levels and search."""

from kibitz.bots.base import Bot, Budget
from kibitz.bots.random_bot import RandomBot
from kibitz.bots.registry import available, default_bot, describe, make_bot, register_bot

__all__ = [
    "Bot",
    "Budget",
    "RandomBot",
    "available",
    "default_bot",
    "describe",
    "make_bot",
    "register_bot",
]
