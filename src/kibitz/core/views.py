"""The typed shape of what every view and state starts with (the keys `Game.view` and
`Game.to_state` add); each game's `views` module extends these with its own keys."""

from __future__ import annotations

from typing import Annotated, Any, NotRequired, TypedDict


class ViewBase(TypedDict):
    """What one seat (or a spectator) may know now."""

    game: Annotated[str, "The game's registry name."]
    players: Annotated[int, "The number of seats."]
    options: Annotated[dict[str, Any], "The game's rule options, every one of them."]
    seat: Annotated[int | None, "The seat this view is for; null for a spectator."]
    to_act: Annotated[list[int], "The seats that must act now, ascending."]
    over: Annotated[bool, "Whether the game is over."]
    legal: Annotated[list[str], "This seat's legal moves in notation; empty when not to act."]
    winners: NotRequired[Annotated[list[int], "Once the game is over: the winning seats."]]


class StateBase(TypedDict):
    """The whole true state of a game: server-side data, never sent to a seat."""

    game: Annotated[str, "The game's registry name."]
    players: Annotated[int, "The number of seats."]
    options: Annotated[dict[str, Any], "The game's rule options, every one of them."]
    seed: Annotated[int | None, "The seed of the deal and of every later chance event."]
    setup: Annotated[dict[str, Any] | None, "The explicit deal, when one was given."]
    moves: Annotated[list[list[int | str]], "Every move so far as [seat, notation]."]
