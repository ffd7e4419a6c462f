"""The suite's one mutation engine: one structural change to a decoded JSON value.

The provider tests mutate one frame of a seed stream (with :data:`ODD_VALUES`, values
lm15 can be compared on) and check lmcodec against lm15; the fuzz tests mutate bytes and,
through their "tree" operation, decoded values (with hostile values). Both change a node
the same way: replace its value, drop its key, or add a key beside it.
"""

from __future__ import annotations

from typing import Any, Final

__all__ = ["ADD", "DROP", "ODD_VALUES", "REPLACE", "change_node", "nodes"]

REPLACE: Final = 0
DROP: Final = 1
ADD: Final = 2

# Values that keep a frame JSON lm15 reads (no NaN, no lone surrogates): wrong types, empty
# containers, and the tag words the adapters dispatch on.
ODD_VALUES: Final[tuple[Any, ...]] = (
    None, "", 0, 1, -1, 2.0, 2.5, "3", "x", True, False, [], [1], {}, {"a": 1},
    {"type": "function_call"}, "reasoning", "tool_use", "text_delta", "STOP", "SAFETY",
    "MAX_TOKENS", "tool_calls", "[DONE]", "é\u2028",
)  # fmt: skip


def nodes(value: Any) -> list[tuple[Any, Any]]:
    """(container, key) of every node under ``value``, depth first."""
    out: list[tuple[Any, Any]] = []
    stack = [value]
    while stack:
        current = stack.pop()
        if isinstance(current, dict):
            children = list(current.items())
        elif isinstance(current, list):
            children = list(enumerate(current))
        else:
            continue
        stack.extend(child for _, child in reversed(children))
        out.extend((current, key) for key, _ in children)
    return out


def change_node(root: Any, where: float, value: Any, action: int, added_key: str) -> Any:
    """``root`` with the node at fraction ``where`` of :func:`nodes` changed in place, returned.

    REPLACE puts ``value`` there; DROP removes the key (a list item is replaced instead);
    ADD sets ``added_key`` to ``value`` in the node's object. A root without nodes is returned as is.
    """
    found = nodes(root)
    if not found:
        return root
    container, key = found[min(int(where * len(found)), len(found) - 1)]
    if action == REPLACE or isinstance(container, list):
        container[key] = value
    elif action == DROP:
        del container[key]
    else:
        container[added_key] = value
    return root
