"""Where a Responses reasoning item a client replays goes back in the payload built from its body
(``_replayed_client_items.ListedKeys.put_back``): at the built reasoning item of its state (``id``
and ``encrypted_content``), which the builder writes one for one, in order, for each signed one;
where two or more are built of that state, at the one whose order among them is the item's order
among the client's of that state. A search for the first built item of its state put the later of
two items of one state in the earlier's place (two items of one id, the later with ``content``,
swapped)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from msgspec import UNSET

from lmcodec.providers._build_wire import ResponsesCall, ResponsesCallOutput, ResponsesItem, json_object

__all__ = ["absent_as_none", "order_of_items", "order_of_views", "reasoning_places", "signed"]

_State = tuple[Any, Any]
"""A reasoning item's ``id`` and ``encrypted_content`` (None where absent)."""


def absent_as_none(value: Any) -> Any:
    """A view's field as ``dict.get`` reads the item's key: None where it is absent."""
    return None if value is UNSET else value


def signed(item: dict[str, Any]) -> bool:
    """A reasoning item the builder writes back (one without state is left out by the gateway)."""
    return item.get("id") is not None or item.get("encrypted_content") is not None


def order_of_items(items: list[Any]) -> dict[int, int]:
    """Each signed reasoning item of the client's ``items`` (dicts; by its position): its order
    among those of its state. Asked once the reader read them: it refused any ``id`` or
    ``encrypted_content`` but a string or null, so each state is hashable."""
    seen: dict[_State, int] = {}
    order: dict[int, int] = {}
    for at, item in enumerate(items):
        if type(item) is dict and item.get("type") == "reasoning" and signed(item):
            key = (item.get("id"), item.get("encrypted_content"))
            order[at] = number = seen.get(key, 0)
            seen[key] = number + 1
    return order


def order_of_views(views: list[Any]) -> dict[int, int]:
    """:func:`order_of_items` of the typed ``views`` of the client's items (the typed readings'
    carriage, which keeps no decoded item)."""
    seen: dict[_State, int] = {}
    order: dict[int, int] = {}
    for at, view in enumerate(views):
        if view.type == "reasoning":
            key = (absent_as_none(view.id), absent_as_none(view.encrypted_content))
            if key != (None, None):
                order[at] = number = seen.get(key, 0)
                seen[key] = number + 1
    return order


def reasoning_places(
    built: list[Any], wanted: list[tuple[int, dict[str, Any]]], client_order: Callable[[], dict[int, int]]
) -> dict[int, int]:
    """Where in the ``built`` items each ``wanted`` reasoning item (its position in the client's
    input, the keys it is placed by) goes, by that position: the one built reasoning item of its
    state, or, where several are (a state the client repeated), the one whose order among them is
    the item's among the client's (``client_order``, asked only then); -1 where there is none."""
    if not wanted:
        return {}
    places: dict[_State, list[int]] = {}
    for at, item in enumerate(built):
        kind = type(item)
        if kind is ResponsesItem or kind is ResponsesCall or kind is ResponsesCallOutput:
            continue  # (the builder's messages, calls and outputs: no view made of them)
        view = item if kind is dict else json_object(item)
        if view is not None and view.get("type") == "reasoning":
            places.setdefault((view.get("id"), view.get("encrypted_content")), []).append(at)
    found: dict[int, int] = {}
    order: dict[int, int] | None = None
    for position, keys in wanted:
        state_places = places.get((keys.get("id"), keys.get("encrypted_content")), [])
        if len(state_places) == 1:
            found[position] = state_places[0]
            continue
        if order is None:
            order = client_order()
        number = order.get(position, -1)
        found[position] = state_places[number] if 0 <= number < len(state_places) else -1
    return found
