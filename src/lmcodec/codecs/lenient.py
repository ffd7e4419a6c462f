"""lm15's tolerant read forms, rewritten into canonical values.

``normalize(value, type)`` turns what lm15's ``*_from_dict`` accepts (missing
text, bare strings for lists, legacy reasoning keys, integral floats for ints,
non-dict telemetry nests, an empty string or object where it iterates a list,
a falsy value where it tests truthiness, ...) into the canonical value, which
the strict decoder then validates. Anything lm15 rejects is left as it is, so the strict
decoder still rejects it. Only the lenient path runs this: canonical data
never does.

``read(data)`` (``codecs/_lenient_read.py``) gives the value ``normalize`` takes
without building the whole input as Python builtins first: a long array stays
pending until ``normalize`` reads it, one item at a time, each item normalized
and converted to its type before the next is read.
"""

from __future__ import annotations

import base64
import binascii
import functools
import types
import typing
from collections.abc import Callable
from typing import Any, Union, get_args, get_origin

import msgspec

from lmcodec import wire as w
from lmcodec.codecs._hooks import dec_hook
from lmcodec.codecs._lenient_read import Pending as _Pending
from lmcodec.codecs._lenient_read import builtins as _builtins
from lmcodec.codecs._lenient_read import read

__all__ = ["Rejected", "normalize", "read"]


class Rejected(Exception):
    """lm15 would reject this value; the strict error stands."""


Hook = Callable[[dict[str, Any]], dict[str, Any]]

_NO_INT_COERCION = {
    (w.BatchEntry, "index"),
    (w.VideoGenerationRequest, "seconds"),
    (w.VideoJobInfo, "progress"),
}
_NULL_MEANS_DEFAULT = frozenset({"continuation"})
"""Fields lm15 reads as ``() if value is None``."""
_FALSY_MEANS_DEFAULT = frozenset(
    {
        (w.Response, "adaptations"),  # d.get("adaptations") or ()
        (w.StreamStartEvent, "adaptations"),
        (w.ImageGenerationResponse, "usage"),  # usage_from_dict(d.get("usage") or {})
        (w.SpeechGenerationResponse, "usage"),
        (w.InferenceModelInfo, "supports_reasoning"),  # not checked on read, written `value or None`
    }
)
"""Fields lm15 reads by truthiness: any falsy value (null, 0, 0.0, false, "", [], {}) is the default."""
_NOT_ITERATED = frozenset({"continuation", "system"})
"""Sequence fields lm15 takes only as a list (``continuation``: else TypeError; ``system``: else
verbatim). Every other sequence field it iterates (``tuple(v)``, ``for x in v``): an empty string
or object there is an empty list (a non-empty one iterates into characters or keys, which lm15's
constructors then refuse where the items are objects; lmcodec refuses it everywhere, as its
constructors do)."""


def _tuple_item(tp: Any) -> Any:
    """The item type of ``tp`` when it is (or a union holds) a ``tuple[X, ...]``, else None."""
    origin = get_origin(tp)
    if origin is typing.Annotated:
        return _tuple_item(get_args(tp)[0])
    if origin is tuple:
        return get_args(tp)[0]
    if origin in (Union, types.UnionType):
        return next((item for arg in get_args(tp) if (item := _tuple_item(arg)) is not None), None)
    return None


def _read_items(pending: _Pending, item_tp: Any) -> list[Any]:
    """A pending array's items, each read, normalized and converted before the next is read; an
    item that does not convert stays normalized (the final convert names it by its path)."""
    raws = pending.raw_items()
    out: list[Any] = []
    for i, raw in enumerate(raws):
        raws[i] = None  # the item's bytes go once it is read
        item = read(raw, pending.depth + 1)
        if pending.rule is not None:
            item = pending.rule(item)
        item = normalize(item, item_tp)
        try:
            item = msgspec.convert(item, item_tp, dec_hook=dec_hook)
        except (msgspec.ValidationError, TypeError, ValueError, AttributeError, KeyError, IndexError):
            item = _builtins(item)
        out.append(item)
    return out


def normalize(value: Any, tp: Any) -> Any:
    """The canonical value lm15 would read ``value`` as, for target type ``tp``."""
    if type(value) is _Pending:
        item_tp = _tuple_item(tp)
        return value.builtins() if item_tp is None else _read_items(value, item_tp)
    origin = get_origin(tp)
    if origin is typing.Annotated:
        return normalize(value, get_args(tp)[0])
    if origin in (Union, types.UnionType):
        return _normalize_union(value, get_args(tp))
    if origin is tuple and isinstance(value, list):
        item = get_args(tp)[0]
        return [normalize(v, item) for v in value]
    if isinstance(tp, type) and issubclass(tp, msgspec.Struct):
        if not isinstance(value, dict):
            return value
        return _normalize_struct(value, tp)
    return value


def _normalize_union(value: Any, args: tuple[Any, ...]) -> Any:
    if value is None:
        return None
    structs, tagged = _union_structs(args)
    if structs and isinstance(value, dict):
        if tagged:
            if w.FunctionTool in tagged.values():
                value = _tool(value)
            tag = value.get("type")
            cls = tagged.get(tag) if type(tag) is str else None
            return value if cls is None else _normalize_struct(value, cls)
        return _normalize_struct(value, structs[0])
    for arg in args:
        if arg is type(None):
            continue
        origin = get_origin(arg)
        if origin is typing.Annotated:
            arg = get_args(arg)[0]
            origin = get_origin(arg)
        if origin is tuple and isinstance(value, list):
            return normalize(value, arg)
    return value


def _normalize_struct(value: dict[str, Any], cls: type[msgspec.Struct]) -> dict[str, Any]:
    hook = _HOOKS.get(cls)
    if hook is not None:
        value = hook(dict(value))
    hints = _hints(cls)
    out: dict[str, Any] = {}
    tag_field = cls.__struct_config__.tag_field
    if tag_field is not None and tag_field in value:
        out[tag_field] = _builtins(value[tag_field])
    for name in cls.__struct_fields__:
        if name not in value:
            continue
        item = value[name]
        if item is None and name in _NULL_MEANS_DEFAULT:
            continue
        kind = type(item)
        if (cls, name) in _FALSY_MEANS_DEFAULT and not item:
            continue
        if (kind is str or kind is dict) and not item and _iterated(cls, name):
            item = []
        rule = _ITEM_RULES.get((cls, name))
        if rule is not None:
            if type(item) is _Pending:
                item = _Pending(item.raw, rule, item.depth)
            elif isinstance(item, list):
                item = [rule(v) for v in item]
        if type(item) is float and item.is_integer() and (cls, name) not in _NO_INT_COERCION:
            if _is_int_type(hints[name]):
                item = int(item)
        out[name] = normalize(item, hints[name])
    return out


@functools.cache
def _union_structs(
    args: tuple[Any, ...],
) -> tuple[list[type[msgspec.Struct]], dict[Any, type[msgspec.Struct]]]:
    """A union's Struct members, and its tagged ones by tag (the first member of a tag wins)."""
    structs = [a for a in args if isinstance(a, type) and issubclass(a, msgspec.Struct)]
    tagged: dict[Any, type[msgspec.Struct]] = {}
    for cls in structs:
        tag = cls.__struct_config__.tag
        if tag is not None:
            tagged.setdefault(tag, cls)
    return structs, tagged


@functools.cache
def _hints(cls: type[msgspec.Struct]) -> dict[str, Any]:
    """A Struct's resolved field types, computed once (resolving them costs ~50 µs a call)."""
    return typing.get_type_hints(cls, include_extras=True)


@functools.cache
def _iterated(cls: type[msgspec.Struct], name: str) -> bool:
    """Whether lm15 reads field ``name`` of ``cls`` by iterating it (see :data:`_NOT_ITERATED`)."""
    return name not in _NOT_ITERATED and _tuple_item(_hints(cls)[name]) is not None


def _is_int_type(tp: Any) -> bool:
    origin = get_origin(tp)
    if origin is typing.Annotated:
        return _is_int_type(get_args(tp)[0])
    if origin in (Union, types.UnionType):
        return any(_is_int_type(a) for a in get_args(tp))
    return tp is int


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
    elif isinstance(content, (list, _Pending)):
        d["content"] = content  # each item passes _text_item (_ITEM_RULES)
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


def _tool(d: dict[str, Any]) -> dict[str, Any]:
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


_HOOKS: dict[type, Hook] = {
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
    w.FunctionTool: _tool,
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
_ITEM_RULES: dict[tuple[type, str], Callable[[Any], Any]] = {
    (w.Message, "parts"): _text_item,
    (w.ToolResultPart, "content"): _text_item,
}
