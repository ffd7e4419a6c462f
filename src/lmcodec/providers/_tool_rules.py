"""Where a canonical Request's tool rules refuse a client's body, the path in that body (red team
19 F03): the Request's own check names only ``$``, and the readers name the key that broke it."""

from __future__ import annotations

from typing import Any, Final

__all__ = ["DUPLICATE_TOOL", "duplicate_tool"]

DUPLICATE_TOOL: Final = "a tool of the same name comes before it: a canonical Request's tool names are unique"


def duplicate_tool(tools: Any) -> int | None:
    """The index of the first tool (in canonical JSON form, one a body's tool) whose name an
    earlier one has; None when the names differ (the refusal is another's)."""
    seen: set[str] = set()
    for index, tool in enumerate(tools if isinstance(tools, list) else ()):
        name = tool.get("name") if isinstance(tool, dict) else None
        if isinstance(name, str):
            if name in seen:
                return index
            seen.add(name)
    return None
