"""The Responses output items whose call the client runs itself, and the body writers' refusal of them.

lm15 1.5.0 reads three kinds of Responses output item (``message``, ``reasoning``,
``function_call``). Of the others, a ``custom_tool_call`` (Codex's freeform ``apply_patch``),
``apply_patch_call``, ``shell_call``, ``local_shell_call``, ``computer_call`` and
``mcp_approval_request`` are calls the *client* runs (or answers), which ``translate_request``
carries to a Responses backend as sent. Only a Responses client has a form for them: ``translate``
ends another dialect's stream with an error naming the item (``stream/_foreign_items.py``), and
:func:`refuse_client_run_items` makes ``encode_response`` to another dialect refuse a Response
whose backend body holds one, where it wrote the rest of the answer as if it were whole
(docs/writers.md, "Output items lm15 does not read").
"""

from __future__ import annotations

from typing import Any, Final

from lmcodec.errors import ValidationError

__all__ = ["CLIENT_RUN", "refuse_client_run_items"]

CLIENT_RUN: Final = frozenset(
    {
        "custom_tool_call",
        "apply_patch_call",
        "shell_call",
        "local_shell_call",
        "computer_call",
        "mcp_approval_request",
    }
)
"""The output item types whose call the Responses client runs (or answers) itself."""


def refuse_client_run_items(provider: str, data: Any) -> None:
    """Refuse (:class:`~lmcodec.ValidationError` naming it) the first item of a Responses body
    ``data`` (a Response's ``provider_data``) that the client runs itself: a ``provider`` answer
    cannot express it, and without it the answer would be taken for a whole one."""
    items = data.get("output") if type(data) is dict else None
    if type(items) is not list:
        return
    for i, item in enumerate(items):
        kind = item.get("type") if type(item) is dict else None
        if kind in CLIENT_RUN:
            raise ValidationError(
                f"the backend's answer holds a Responses {kind!r} item (a call the client runs "
                f"itself), which {provider!r} cannot express",
                f"$.provider_data.output[{i}]",
            )
