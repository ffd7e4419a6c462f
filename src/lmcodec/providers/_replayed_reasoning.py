"""Where a Responses reasoning item a client replays goes back in the payload built from its body
(``_replayed_client_items.ListedKeys.put_back``): by its state (``id`` and ``encrypted_content``)
and its order among the client's signed reasoning items of that state, which the builder writes
one for one, in order. A search for the first built item of its state put the later of two items
of one state in the earlier's place (two items of one id, the later with ``content``, swapped)."""

from __future__ import annotations

from typing import Any

from msgspec import UNSET

from lmcodec.providers._build_wire import json_object

__all__ = ["absent_as_none", "numbered_reasoning", "reasoning_places", "signed"]

_State = tuple[Any, Any]
"""A reasoning item's ``id`` and ``encrypted_content`` (None where absent)."""


def absent_as_none(value: Any) -> Any:
    """A view's field as ``dict.get`` reads the item's key: None where it is absent."""
    return None if value is UNSET else value


def signed(item: dict[str, Any]) -> bool:
    """A reasoning item the builder writes back (one without state is left out by the gateway)."""
    return item.get("id") is not None or item.get("encrypted_content") is not None


def numbered_reasoning(carried: list[tuple[int, int, str]], views: list[Any]) -> list[tuple[int, int, str]]:
    """``carried`` (where, order, kind; of the client's input items' typed ``views``) with each
    reasoning item's order -1 replaced by its order among the signed reasoning items of its state:
    what :func:`reasoning_places` finds it by where the client's items are not at hand (the typed
    readings' carriage). ``carried`` itself where it holds no reasoning item."""
    if all(kind != "reasoning" for _, _, kind in carried):
        return carried
    seen: dict[_State, int] = {}
    order: dict[int, int] = {}
    for at, view in enumerate(views):
        if view.type == "reasoning":
            state = (absent_as_none(view.id), absent_as_none(view.encrypted_content))
            if state != (None, None):
                order[at] = seen.get(state, 0)
                seen[state] = order[at] + 1
    return [(at, order[at] if kind == "reasoning" else ordinal, kind) for at, ordinal, kind in carried]


def reasoning_places(
    built: list[Any], wanted: list[tuple[int, int, dict[str, Any]]], client: list[Any]
) -> dict[int, int]:
    """Where in the ``built`` items each ``wanted`` reasoning item (its position in the client's
    input, its order, the keys it is placed by) goes, by that position: the built reasoning item of
    its state whose order among the built ones of that state is the item's order among the client's
    signed ones (its ordinal; where -1, counted from the ``client`` items, the reader having refused
    any ``id`` or ``encrypted_content`` but a string or null, so each state is hashable by then);
    -1 where there is none."""
    if not wanted:
        return {}
    order: dict[int, int] = {}
    if any(ordinal < 0 for _, ordinal, _ in wanted):
        seen: dict[_State, int] = {}
        for at, item in enumerate(client):
            if type(item) is dict and item.get("type") == "reasoning" and signed(item):
                state = (item.get("id"), item.get("encrypted_content"))
                order[at] = seen.get(state, 0)
                seen[state] = order[at] + 1
    places: dict[_State, list[int]] = {}
    for at, item in enumerate(built):
        view = json_object(item)
        if view is not None and view.get("type") == "reasoning":
            places.setdefault((view.get("id"), view.get("encrypted_content")), []).append(at)
    found: dict[int, int] = {}
    for position, ordinal, keys in wanted:
        number = ordinal if ordinal >= 0 else order.get(position, -1)
        state_places = places.get((keys.get("id"), keys.get("encrypted_content")), [])
        found[position] = state_places[number] if 0 <= number < len(state_places) else -1
    return found
