"""lm15's tolerant read forms, wire type by wire type: what :mod:`lmcodec.codecs.lenient` applies.

Each rule is one of lm15 1.5.0's ``*_from_dict`` readers said as data: the hook a type's object
passes first (defaults lm15 fills in, legacy keys, bare strings for lists, non-dict nests lm15
reads as absent), the rule each item of a list passes (a part that is no object is its text),
and the fields lm15 reads by ``None`` check, by truthiness or by iterating them.
"""

from __future__ import annotations

import base64
import binascii
from collections.abc import Callable
from typing import Any

from lmcodec import wire as w
from lmcodec.codecs._lenient_read import Pending

__all__ = [
    "FALSY_MEANS_DEFAULT",
    "HOOKS",
    "ITEM_RULES",
    "NOT_ITERATED",
    "NO_INT_COERCION",
    "NULL_MEANS_DEFAULT",
    "Rejected",
    "tool",
]


class Rejected(Exception):
    """lm15 would reject this value; the strict error stands."""


Hook = Callable[[dict[str, Any]], dict[str, Any]]

NO_INT_COERCION = {
    (w.BatchEntry, "index"),
    (w.VideoGenerationRequest, "seconds"),
    (w.VideoJobInfo, "progress"),
}
"""Int fields lm15 takes only as ints (elsewhere it reads an integral float such as 5.0 as 5)."""
NULL_MEANS_DEFAULT = frozenset({"continuation"})
"""Fields lm15 reads as ``() if value is None``."""
FALSY_MEANS_DEFAULT = frozenset(
    {
        (w.Response, "adaptations"),  # d.get("adaptations") or ()
        (w.StreamStartEvent, "adaptations"),
        (w.ImageGenerationResponse, "usage"),  # usage_from_dict(d.get("usage") or {})
        (w.SpeechGenerationResponse, "usage"),
        (w.InferenceModelInfo, "supports_reasoning"),  # not checked on read, written `value or None`
    }
)
"""Fields lm15 reads by truthiness: any falsy value (null, 0, 0.0, false, "", [], {}) is the default."""
NOT_ITERATED = frozenset({"continuation", "system"})
"""Sequence fields lm15 takes only as a list (``continuation``: else TypeError; ``system``: else
verbatim). Every other sequence field it iterates (``tuple(v)``, ``for x in v``): an empty string
or object there is an empty list (a non-empty one iterates into characters or keys, which lm15's
constructors then refuse where the items are objects; lmcodec refuses it everywhere, as its
constructors do)."""


def _text_default(d: dict[str, Any]) -> dict[str, Any]:
    d.setdefault("text", "")
    return d


def _tool_call(d: dict[str, Any]) -> dict[str, Any]:
    d.setdefault("input", {})
    return d


def _text_item(item: Any) -> Any:
    """An item of a list of parts that is no object is its text, as lm15 reads it."""
    return item if isinstance(item, dict) else {"type": "text", "text": _py_str(item)}


def _tool_result(d: dict[str, Any]) -> dict[str, Any]:
    content = d.get("content", [])
    if isinstance(content, str):
        d["content"] = [{"type": "text", "text": content}] if content else []
    elif isinstance(content, (list, Pending)):
        d["content"] = content  # each item passes _text_item (ITEM_RULES)
    else:
        d["content"] = []
    if d.get("is_error") is False:
        del d["is_error"]
    return d


def _py_str(value: Any) -> str:
    """Python's ``str()`` of a JSON scalar, as lm15 applies it."""
    return str(value)


def _media(d: dict[str, Any]) -> dict[str, Any]:
    d.setdefault("media_type", "")
    return d


def tool(d: dict[str, Any]) -> dict[str, Any]:
    if d.get("type") == "builtin":
        return d
    d = dict(d)
    d["type"] = "function"
    d.setdefault("parameters", {"type": "object", "properties": {}})
    return d


def _bare_or_list(d: dict[str, Any], key: str) -> None:
    if isinstance(d.get(key), str):
        d[key] = [d[key]]


def _tool_choice(d: dict[str, Any]) -> dict[str, Any]:
    d.setdefault("mode", "auto")
    _bare_or_list(d, "allowed")
    return d


def _reasoning(d: dict[str, Any]) -> dict[str, Any]:
    effort = d.get("effort", "off" if d.get("enabled") is False else "medium")
    if effort == "adaptive":
        effort = "medium"
    if effort == "off":
        return {"effort": "off"}
    budget = d.get("thinking_budget", d.get("budget"))
    if effort is None and budget is not None:
        effort = _effort_of_budget(budget)
    out: dict[str, Any] = {"effort": effort}
    if budget is not None:
        out["thinking_budget"] = budget
    if d.get("summary") is not None:
        out["summary"] = d["summary"]
    return out


def _effort_of_budget(budget: Any) -> Any:
    """The effort lm15's ``Reasoning(effort=None, thinking_budget=budget)`` fills in (MAP-7 rule 3),
    or None for a budget it refuses (the strict decoder then refuses the null effort)."""
    try:
        return w.Reasoning(thinking_budget=budget).effort
    except (TypeError, ValueError):
        return None


def _cache(d: dict[str, Any]) -> dict[str, Any]:
    d.setdefault("mode", "auto")
    return d


def _config(d: dict[str, Any]) -> dict[str, Any]:
    _bare_or_list(d, "stop")
    for key in ("tool_choice", "reasoning", "cache"):
        nest = d.get(key)
        if nest is not None and not isinstance(nest, dict):
            raise Rejected(f"config.{key} must be a JSON object")
    return d


def _delta(d: dict[str, Any]) -> dict[str, Any]:
    d.setdefault("part_index", 0)
    return d


def _text_delta(d: dict[str, Any]) -> dict[str, Any]:
    d.setdefault("part_index", 0)
    d.setdefault("text", "")
    if d.get("logprobs") is None:
        d.pop("logprobs", None)
    return d


def _tool_call_delta(d: dict[str, Any]) -> dict[str, Any]:
    d.setdefault("part_index", 0)
    d.setdefault("input", "")
    return d


def _continuation_delta(d: dict[str, Any]) -> dict[str, Any]:
    d.setdefault("data", {})
    return d


def _continuation_state(d: dict[str, Any]) -> dict[str, Any]:
    d.setdefault("data", {})
    return d


def _drop_non_dict(*keys: str) -> Hook:
    def hook(d: dict[str, Any]) -> dict[str, Any]:
        for key in keys:
            if key in d and not isinstance(d[key], dict):
                del d[key]
        return d

    return hook


def _request(d: dict[str, Any]) -> dict[str, Any]:
    if d.get("config") is not None and not isinstance(d["config"], dict):
        raise Rejected("config must be a JSON object")
    return d


def _response(d: dict[str, Any]) -> dict[str, Any]:
    if "usage" in d and not isinstance(d["usage"], dict):
        del d["usage"]
    return d


def _batch_request(d: dict[str, Any]) -> dict[str, Any]:
    d.setdefault("requests", [])
    return d


def _file_upload_request(d: dict[str, Any]) -> dict[str, Any]:
    raw = d.get("bytes_data")
    if isinstance(raw, str):
        try:
            data = base64.b64decode(raw)
        except (binascii.Error, ValueError) as exc:
            raise Rejected(str(exc)) from exc
        d["bytes_data"] = base64.b64encode(data).decode("ascii")
    elif raw is not None:
        del d["bytes_data"]
    d.setdefault("media_type", "application/octet-stream")
    return d


def _file_info(d: dict[str, Any]) -> dict[str, Any]:
    d.setdefault("readiness", "ready")
    return d


def _live_turn(d: dict[str, Any]) -> dict[str, Any]:
    d.setdefault("parts", [])
    d.setdefault("turn_complete", True)
    return d


def _live_audio(d: dict[str, Any]) -> dict[str, Any]:
    d.setdefault("media_type", "audio/pcm;rate=16000")
    return d


def _live_image(d: dict[str, Any]) -> dict[str, Any]:
    d.setdefault("media_type", "image/jpeg")
    return d


def _live_tool_call_delta(d: dict[str, Any]) -> dict[str, Any]:
    d.setdefault("input_delta", "")
    return d


def _audio_format(d: dict[str, Any]) -> dict[str, Any]:
    d.setdefault("channels", 1)
    return d


def _inference(d: dict[str, Any]) -> dict[str, Any]:
    d.setdefault("input_modalities", ["text"])
    d.setdefault("output_modalities", ["text"])
    if "pricing" in d and not isinstance(d["pricing"], dict):
        del d["pricing"]
    return d


def _pricing(d: dict[str, Any]) -> dict[str, Any]:
    d.setdefault("currency", "USD")
    return d


def _model_origin(d: dict[str, Any]) -> dict[str, Any]:
    d.setdefault("type", "provider")
    return d


def _chain(*hooks: Hook) -> Hook:
    def hook(d: dict[str, Any]) -> dict[str, Any]:
        for h in hooks:
            d = h(d)
        return d

    return hook


HOOKS: dict[type, Hook] = {
    w.TextPart: _text_default,
    w.ThinkingPart: _text_default,
    w.RefusalPart: _text_default,
    w.ToolCallPart: _tool_call,
    w.ToolResultPart: _tool_result,
    w.ImagePart: _media,
    w.AudioPart: _media,
    w.VideoPart: _media,
    w.DocumentPart: _media,
    w.BinaryPart: _media,
    w.ContinuationState: _continuation_state,
    w.FunctionTool: tool,
    w.ToolChoice: _tool_choice,
    w.Reasoning: _reasoning,
    w.CacheConfig: _cache,
    w.Config: _config,
    w.TextDelta: _text_delta,
    w.ThinkingDelta: _chain(_delta, _text_default),
    w.AudioDelta: _delta,
    w.ImageDelta: _delta,
    w.ToolCallDelta: _tool_call_delta,
    w.CitationDelta: _delta,
    w.ContinuationDelta: _continuation_delta,
    w.StreamEndEvent: _drop_non_dict("usage"),
    w.Request: _request,
    w.Response: _response,
    w.BatchRequest: _batch_request,
    w.BatchEntry: _drop_non_dict("response", "error"),
    w.CachedPrefix: _drop_non_dict("resource"),
    w.FileUploadRequest: _file_upload_request,
    w.FileInfo: _file_info,
    w.LiveConfig: _drop_non_dict("input_format", "output_format"),
    w.LiveClientTurnEvent: _live_turn,
    w.LiveClientAudioEvent: _live_audio,
    w.LiveClientImageEvent: _live_image,
    w.LiveClientTextEvent: _text_default,
    w.LiveServerTextEvent: _text_default,
    w.LiveServerToolCallEvent: _tool_call,
    w.LiveServerToolCallDeltaEvent: _live_tool_call_delta,
    w.AudioFormat: _audio_format,
    w.ModelInfo: _drop_non_dict("origin", "inference"),
    w.InferenceModelInfo: _inference,
    w.InferencePricing: _pricing,
    w.ModelOrigin: _model_origin,
}

# Rules applied to each item of a list field before it is normalized (item by item, so that a
# long list is never held as builtins whole).
ITEM_RULES: dict[tuple[type, str], Callable[[Any], Any]] = {
    (w.Message, "parts"): _text_item,
    (w.ToolResultPart, "content"): _text_item,
}
