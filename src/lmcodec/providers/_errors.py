"""Provider errors as lm15 names them: stream error details, model-not-found forms, MAP-9's unnamed call;
and a name with its article, for messages and reasons."""

from __future__ import annotations

from typing import Any, Final

import msgspec

from lmcodec.errors import ProviderError, ValidationError, quoted
from lmcodec.wire import ErrorDetail

__all__ = [
    "a_or_an",
    "error_detail",
    "error_frame_fields",
    "gemini_str_exception",
    "is_model_error",
    "is_pinned_model_not_found",
    "unknown_provider",
    "unnamed_tool_call_error",
    "unwritable_held_value",
    "unwritable_unknown_delta",
    "unwritable_unnamed_call",
]


def a_or_an(name: str) -> str:
    """``name`` (a dialect, a part type) after its indefinite article: "an openai", "a gemini",
    "an audio"."""
    return f"{'an' if name[:1] in ('a', 'e', 'i', 'o', 'u') else 'a'} {name}"


def unknown_provider(value: object, names: Any) -> ValidationError:
    """The error for ``value`` given where one of ``names`` (a provider name) goes: a str quoted
    bounded, anything else named by its type, the likeliest cause being swapped arguments (red
    team 54 F02: a Response of 2 MB was quoted whole)."""
    expected = sorted(names)
    if isinstance(value, str):
        return ValidationError(f"unknown provider {quoted(value)}; expected one of {expected}")
    return ValidationError(
        f"unknown provider: {a_or_an(type(value).__name__)} was passed where the provider name goes; "
        f"expected one of {expected} (arguments swapped? the provider name comes first)"
    )


def unnamed_tool_call_error(provider: str, path: str) -> ProviderError:
    """lm15 ``common.unnamed_tool_call_error`` (MAP-9 on the complete path)."""
    return ProviderError(
        f"{provider}: {path} is a tool call with no name; "
        "lm15 does not guess which tool the model meant (MAP-9)",
        code="provider",
        provider=provider,
    )


_MODEL_NOT_FOUND_FORMS: Final[tuple[dict[str, str], ...]] = (
    {"code": "not_found_error", "prefix": "model: "},
    {"code": "invalid_request_error", "contains": "The supported API model names are "},
    {"code": "1211"},
    {"code": "1214", "prefix": "modelCode: "},
    {"code": "400", "suffix": " is not a valid model ID"},
    {"code": "invalid-argument", "prefix": "Model not found: "},
    {"code": "validation_error", "contains": "The provided model identifier is invalid"},
    {
        "code": "invalid_request_error",
        "prefix": "Deployment ",
        "suffix": " doesn't exist or isn't accessible.",
    },
)


def unwritable_unnamed_call(dialect: str, part_index: int) -> ValidationError:
    """A stream writer's refusal of a tool call whose first fragment names no tool (MAP-9, as
    :func:`lmcodec.assemble` refuses it): the client would take it for a call of a tool named
    ``""``. A hosted tool's call (Anthropic's ``server_tool_use``, which lm15 reads as such a
    fragment) is not a function call the client can run."""
    return ValidationError(
        f"the {dialect} stream writer cannot write the tool call at part {part_index}: it arrived "
        "without a name (MAP-9: lm15 does not guess which tool the model meant; a hosted tool's "
        "call is not a function call the client can run)"
    )


def unwritable_held_value(
    dialect: str, delta_kind: str, field: str, values: Any, item: type = str
) -> ValidationError:
    """A stream writer's refusal of a value an earlier delta left it holding (a text fragment kept
    for its item's end, a Gemini chunk kept for the next event) that is not the str (or logprobs
    tuple) its type requires: a delta changed past its checks (``msgspec.structs.replace``), met
    where the writer writes what it held and the event is gone. Named: the first of ``values``
    that is no ``item``, else ``values`` itself. Made on that error's path only."""
    if isinstance(values, (list, tuple)):
        odd = next((v for v in values if not isinstance(v, item)), values)
    else:
        odd = values
    return ValidationError(
        f"the {dialect} stream writer cannot write what {a_or_an(delta_kind)} delta left it holding: "
        f"its {field} is {a_or_an(type(odd).__name__)}, not what its type holds (changed past its "
        "checks: msgspec.structs.replace?)",
        f"$.delta.{field}",
    )


def unwritable_unknown_delta(dialect: str, delta: Any) -> ValidationError:
    """A stream writer's refusal of a delta of an unknown type (an ``UnknownDelta`` that
    ``decode(..., unknown="keep")`` kept): no wire has a form for it, and writing nothing in its
    place would lose it silently (an UnknownEvent, a frame the source adapter did not know, is
    dropped instead: it is the source wire's JSON, not canonical content)."""
    return ValidationError(
        f"the {dialect} stream writer cannot write a delta of unknown type {delta.type!r} (kept by "
        "decode(..., unknown='keep')); remove it or convert it to a known type first"
    )


def is_pinned_model_not_found(provider_code: str | None, message: str | None) -> bool:
    """lm15 ``errors.is_pinned_model_not_found`` (the MAP-15 table)."""
    if not provider_code:
        return False
    text = message or ""
    for form in _MODEL_NOT_FOUND_FORMS:
        if form["code"] != provider_code:
            continue
        if "prefix" in form and not text.startswith(form["prefix"]):
            continue
        if "contains" in form and form["contains"] not in text:
            continue
        if "suffix" in form and not text.endswith(form["suffix"]):
            continue
        return True
    return False


def error_detail(code: str, provider_code: str, message: str) -> ErrorDetail:
    """lm15's ``ErrorDetail(code, message or provider_code or "provider error",
    provider_code or "provider")``."""
    detail: ErrorDetail = msgspec.StructMeta.__call__(
        ErrorDetail,
        code=code,
        message=message or provider_code or "provider error",
        provider_code=provider_code or "provider",
    )
    return detail


_MODEL_MARKERS: Final = (
    "not found",
    "does not exist",
    "not exist",
    "not supported",
    "unsupported",
    "not available",
    "unknown",
)


def is_model_error(message: str) -> bool:
    """lm15 ``_is_model_error`` (Anthropic, Gemini)."""
    lowered = message.lower()
    return "model" in lowered and any(marker in lowered for marker in _MODEL_MARKERS)


def gemini_str_exception(message: str, provider: str) -> str:
    """``str(ProviderError(message, provider=provider))`` as lm15 1.5.0 renders it
    (no status, request id or rate-limit diagnostics)."""
    head, sep, tail = message.partition("\n\n")
    return f"{head} ({provider})" + (f"\n\n{tail}" if sep else "")


def error_frame_fields(payload: Any, first: str, second: str) -> tuple[str, str]:
    """An ``error`` stream frame's provider code and message, as lm15's OpenAI and Anthropic
    adapters read them (``first``/``second``: the keys of ``error`` tried for the code)."""
    err = payload.get("error")
    if isinstance(err, dict):
        provider_code = str(err.get(first) or err.get(second) or payload.get("code") or "provider")
        return provider_code, str(err.get("message") or payload.get("message") or "")
    provider_code = str(payload.get("code") or payload.get("error_type") or "provider")
    return provider_code, str(payload.get("message") or "")
