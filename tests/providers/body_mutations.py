"""One change at a random place of a request body, for the readers' typed-vs-walker tests: a
value replaced, a key dropped, a key added to an object or an item inserted into an array."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

from hypothesis import strategies as st


def _places(value: Any, out: list[tuple[Any, Any]]) -> list[tuple[Any, Any]]:
    """Every (container, key) in the value, depth first."""
    if isinstance(value, dict):
        for key, item in value.items():
            out.append((value, key))
            _places(item, out)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            out.append((value, index))
            _places(item, out)
    return out


def mutations(
    values: st.SearchStrategy[Any], added_keys: Sequence[str]
) -> Callable[[dict[str, Any]], st.SearchStrategy[dict[str, Any]]]:
    """A strategy of ``body`` with one change, the new values drawn from ``values`` and the added
    keys from ``added_keys`` (the dialect's own words, so that a change can reach a rule)."""

    @st.composite
    def mutated(draw: st.DrawFn, body: dict[str, Any]) -> dict[str, Any]:
        body = json.loads(json.dumps(body))
        places = _places(body, [])
        if not places:
            return body
        container, key = draw(st.sampled_from(places))
        action = draw(st.sampled_from(["replace", "drop", "add"]))
        if action == "replace":
            container[key] = draw(values)
        elif action == "drop":
            del container[key]
        elif isinstance(container, dict):
            container[draw(st.sampled_from(list(added_keys)))] = draw(values)
        else:
            container.insert(key, draw(values))
        return body

    return mutated
