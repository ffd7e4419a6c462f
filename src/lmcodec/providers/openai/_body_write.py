"""A Response -> the Responses API's non-streamed body (``object: response``)."""

from __future__ import annotations

import time
from typing import Any, Final

from lmcodec.errors import LmcodecError
from lmcodec.providers._build_common import NO_PART, data_part_text
from lmcodec.providers.openai._sse_write import (
    ENC,
    ENDINGS,
    NOTHING_REQUESTED,
    BodyArguments,
    annotation,
    logprob_entries,
    new_id,
    responses_usage,
)
from lmcodec.providers.openai._thinking_carriage import UNSIGNED, carriage
from lmcodec.providers.openai.body import parse_response
from lmcodec.wire import (
    AudioPart,
    CitationPart,
    DataPart,
    ImagePart,
    RefusalPart,
    Response,
    TextPart,
    ThinkingPart,
    ToolCallPart,
)
from lmcodec.wire._exact import as_exact, subclassed

__all__ = ["encode_response"]


def encode_response(response: Response) -> bytes:
    """``response`` as a Responses API body (``object: response``).

    A Response decoded from a Responses body keeps that body as
    ``provider_data``; it is written back verbatim when it still decodes to
    ``response``. lm15's one empty text part of an answer with no part (:data:`NO_PART`, no
    logprobs) is written as no item, as the stream writer writes it: lm15 reads ``output: []``
    back as that part."""
    data = response.provider_data
    if data is not None and "output" in data:
        kept = {key: value for key, value in data.items() if key != "_lm15_unmapped"}
        body = ENC.encode(kept)
        try:
            if parse_response(body) == response:
                return body
        except (LmcodecError, ValueError, TypeError):  # it no longer reads back: rewrite it
            pass
    return ENC.encode(_body(response))


def _body(response: Response) -> dict[str, Any]:
    output: list[dict[str, Any]] = []
    token = new_id("")
    logprobs = logprob_entries(response.logprobs, bytes_required=True) if response.logprobs else []
    message: dict[str, Any] | None = None  # the message item text and citations go to
    arguments = BodyArguments("openai")

    def content() -> list[dict[str, Any]]:
        nonlocal message
        if message is None:
            message = _message_item(msg + _number(len(output)))
            output.append(message)
        parts: list[dict[str, Any]] = message["content"]
        return parts

    msg, rs = "msg_" + token, "rs_" + token
    answer = response.message.parts
    for item_part in () if answer == NO_PART and not response.logprobs else answer:
        part: Any = item_part
        kind = type(part)
        if kind is TextPart or kind is DataPart:  # (content() inlined: the common part, a step less)
            text = part.text if kind is TextPart else data_part_text(part)
            entry = {"type": "output_text", "annotations": [], "logprobs": logprobs, "text": text}
            logprobs = []
            if message is None:
                message = _message_item(msg + _number(len(output)))
                output.append(message)
            message["content"].append(entry)
        elif kind is CitationPart:
            cite: Any = part
            parts = content()
            if not parts or parts[-1]["type"] != "output_text":
                parts.append({"type": "output_text", "annotations": [], "logprobs": [], "text": ""})
            parts[-1]["annotations"].append(annotation(cite.url, cite.title, cite.text))
        elif kind is RefusalPart:
            content().append({"type": "refusal", "refusal": part.text})
        elif kind is ImagePart:  # base64 data only (encode_response refuses the others)
            content().append({"type": "output_image", "b64_json": part.data})
        elif kind is AudioPart:
            content().append({"type": "output_audio", "audio": {"data": part.data}})
        elif kind is ThinkingPart:
            message = None
            summary = [{"type": "summary_text", "text": part.text}] if part.text else []
            if not part.continuation:  # no one's: what the loop below finds, the item in one step
                output.append(
                    {"id": rs + _number(len(output)), "type": "reasoning", "summary": summary,
                     "encrypted_content": UNSIGNED}
                )  # fmt: skip
                continue
            item: dict[str, Any] = {"id": rs + _number(len(output)), "type": "reasoning", "summary": summary}
            openai_state = False
            for state in part.continuation:
                if state.provider == "openai" and state.kind == "reasoning_item":
                    openai_state = True
                    if isinstance(state.data.get("id"), str):
                        item["id"] = state.data["id"]
                    if isinstance(state.data.get("encrypted_content"), str):
                        item["encrypted_content"] = state.data["encrypted_content"]
            if "encrypted_content" not in item:  # another provider's signed thinking: carried
                carried = carriage(part.text, part.continuation)
                if carried is not None:
                    item["encrypted_content"] = carried
                elif not openai_state:  # no one's: its id is made up, the item marked as lmcodec's
                    item["encrypted_content"] = UNSIGNED
            output.append(item)
        elif kind is ToolCallPart:
            message = None
            call: Any = part
            entry = {"type": "function_call", "status": "completed", "arguments": ""}
            entry["call_id"] = call.id
            entry["name"] = call.name
            arguments.put(entry, call.input)
            output.append(entry)
        elif subclassed(part) is not None:  # a user's subclass of a kind: the body of lmcodec classes
            return _body(as_exact(response))
    arguments.settle()
    status, reason = ENDINGS.get(response.finish_reason, ("completed", None))
    if status == "incomplete" and output and output[-1]["type"] == "message":
        output[-1]["status"] = "incomplete"  # the item the stop cut, as the API marks it
    output = _with_unread_items(output, response.provider_data)
    body: dict[str, Any] = {
        "id": response.id or new_id("resp_"),
        "object": "response",
        "created_at": int(time.time()),
        "status": status if status != "failed" else "completed",
        "error": None,
        "incomplete_details": {"reason": reason} if reason is not None else None,
        "model": response.model,
        "output": output,
        **NOTHING_REQUESTED,
    }
    usage = responses_usage(response.usage)
    if usage:  # nothing reported: no usage (the SDK's Response allows none, refuses an empty one)
        body["usage"] = usage
    return body


def _number(n: int) -> str:
    """``f"{n:04d}"`` for ``n >= 0``, at a fifth of its cost (no format spec to parse)."""
    return str(n).zfill(4)


def _message_item(item_id: str) -> dict[str, Any]:
    """A new assistant message item, its content to come."""
    return {"id": item_id, "type": "message", "status": "completed", "role": "assistant", "content": []}


_READ: Final = frozenset({"message", "reasoning", "function_call"})  # the output items lm15 reads


def _with_unread_items(output: list[dict[str, Any]], data: Any) -> list[dict[str, Any]]:
    """``output`` with the items of the backend's Responses body (``data``, the provider_data) that
    lm15 reads as nothing (a ``custom_tool_call`` the client must run, a ``web_search_call``, ...),
    each after as many of ``output``'s items as items lm15 reads came before it there: a body
    rebuilt from the parts (a gateway's model alias, an edit) keeps them where they were."""
    items = data.get("output") if isinstance(data, dict) else None
    if not isinstance(items, list):
        return output
    kept: list[dict[str, Any]] = []
    read = 0  # the items lm15 reads seen so far in the backend's output
    at = 0  # how many of output's items are placed
    for item in items:
        kind = item.get("type") if isinstance(item, dict) else None
        if not isinstance(kind, str):
            continue
        if kind in _READ:
            read += 1
            continue
        upto = min(read, len(output))
        kept.extend(output[at:upto])
        at = max(at, upto)
        kept.append(item)
    if not kept:
        return output
    return [*kept, *output[at:]]
