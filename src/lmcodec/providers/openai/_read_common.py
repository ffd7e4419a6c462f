"""What the two OpenAI request readers share: JSON typing checks with the JSON path, refusals,
the body parse, and the last step (the canonical value built from the body -> ``lc.Request``).

A reader walks the client's body once and builds the canonical Request's builtins value
(lm15's wire form); msgspec then converts that value into the typed Structs in one pass,
checking every canonical invariant in C. Each check here costs O(1); the walk is linear
in the body.
"""

from __future__ import annotations

import json
import math
import mimetypes
from typing import Any, Final, NoReturn

import msgspec
from msgspec import UNSET

from lmcodec.codecs._hooks import decode_error
from lmcodec.codecs.json import from_builtins
from lmcodec.errors import DecodeError, ValidationError, quoted
from lmcodec.providers._tool_rules import DUPLICATE_TOOL, duplicate_tool
from lmcodec.providers.openai._common import has_cache_options
from lmcodec.wire import Config, ImagePart, Request, ToolChoice
from lmcodec.wire._float_literals import float_literal
from lmcodec.wire.config import EMPTY_CONFIG

__all__ = [
    "MAX_BODY_BYTES",
    "array",
    "boolean",
    "data_uri",
    "fail",
    "finish",
    "image_by_url",
    "image_detail",
    "integer",
    "number",
    "obj",
    "only_keys",
    "parallel_flag",
    "parse_arguments",
    "parse_body",
    "read_cache",
    "string",
    "url_image_type",
    "usual_config",
]

MAX_BODY_BYTES: Final = 256 * 1024 * 1024
"""A body larger than this is refused before it is parsed (OpenAI itself caps requests far lower)."""

_decoder = msgspec.json.Decoder(float_hook=float_literal)


def fail(message: str, path: str) -> NoReturn:
    """Raise the reader's one error: the message names the JSON path of the fault."""
    raise ValidationError(f"{message} (at {path})", path)


def parse_body(body: bytes | bytearray | memoryview | str | dict[str, Any]) -> dict[str, Any]:
    """The body as a JSON object (bytes are parsed once by msgspec; a dict is taken as given)."""
    if isinstance(body, dict):
        return body
    if isinstance(body, str):
        body = body.encode("utf-8", "surrogatepass")
    if len(body) > MAX_BODY_BYTES:
        fail(f"the request body is {len(body)} bytes, over the {MAX_BODY_BYTES}-byte limit", "$")
    try:
        value = _decoder.decode(body)
    except msgspec.ValidationError:  # untyped: only float_literal's refusal of a number past the doubles
        _refuse_far_number(body)
    except msgspec.DecodeError as exc:  # (the offset found, a lone surrogate named: not "truncated")
        fault = decode_error(exc, body)
        offset = getattr(fault, "offset", None)
        raise DecodeError(f"the request body is not JSON: {fault}", offset=offset) from exc
    except RecursionError as exc:
        raise DecodeError("the request body nests deeper than the JSON parser allows") from exc
    if not isinstance(value, dict):
        fail(f"the request body must be a JSON object, got {_kind(value)}", "$")
    return value


class _FarNumber:
    """A number literal past the double range (``1e400``), kept as written while its place is found."""

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text


def _far_marked(text: str) -> float | _FarNumber:
    value = float(text)
    return _FarNumber(text) if math.isinf(value) else value


_marking_decoder: Final = msgspec.json.Decoder(float_hook=_far_marked)


def _refuse_far_number(body: bytes | bytearray | memoryview) -> NoReturn:
    """The refusal of a body holding a number past the double range, which JSON allows (red team 49
    F05: called "not JSON" at msgspec's untyped path, ``$[...][0][...]``, naming no field): a
    ValidationError naming the first such number's place by its keys (``$.tools[0].function.
    parameters.maximum``), as the Anthropic and Gemini readers name its tool. Bytes malformed, or
    nested too deep, after it are that error instead. The walk keeps a link to each node's parent,
    not its path, so it is linear in the body however deep."""
    try:
        value = _marking_decoder.decode(body)
    except msgspec.DecodeError as exc:
        fault = decode_error(exc, body)
        offset = getattr(fault, "offset", None)
        raise DecodeError(f"the request body is not JSON: {fault}", offset=offset) from exc
    except RecursionError as exc:  # (nesting past the number, which the first decode stopped at)
        raise DecodeError("the request body nests deeper than the JSON parser allows") from exc
    stack: list[tuple[Any, tuple[Any, ...]]] = [(value, ())]
    while stack:
        node, trail = stack.pop()
        if type(node) is _FarNumber:
            steps: list[str] = []
            while trail:
                key, trail = trail
                steps.append(f"[{key}]" if type(key) is int else f".{key}")
            path = "$" + "".join(reversed(steps))
            fail(f"the number {node.text} is too large to be carried as JSON: Number out of range", path)
        if type(node) is dict:
            stack += [(item, (key, trail)) for key, item in reversed(node.items())]
        elif type(node) is list:
            stack += [(node[i], (i, trail)) for i in range(len(node) - 1, -1, -1)]
    raise DecodeError("the request body is not JSON: Number out of range")  # (msgspec's own refusal)


def _kind(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "an array"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


def obj(value: Any, path: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        fail(f"expected an object, got {_kind(value)}", path)
    return value


def array(value: Any, path: str) -> list[Any]:
    if not isinstance(value, list):
        fail(f"expected an array, got {_kind(value)}", path)
    return value


def string(value: Any, path: str) -> str:
    if not isinstance(value, str):
        fail(f"expected a string, got {_kind(value)}", path)
    return value


def boolean(value: Any, path: str) -> bool:
    if not isinstance(value, bool):
        fail(f"expected a boolean, got {_kind(value)}", path)
    return value


def integer(value: Any, path: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        fail(f"expected an integer, got {_kind(value)}", path)
    return value


def number(value: Any, path: str) -> int | float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        fail(f"expected a number, got {_kind(value)}", path)
    return value


def only_keys(value: dict[str, Any], allowed: frozenset[str], path: str, what: str) -> None:
    """Refuse a key the canonical Request has no place for (never dropped)."""
    for key in value:
        if key not in allowed:
            fail(f"{what} key {quoted(key)} cannot be carried by a canonical Request", f"{path}.{key}")


def _finite_float(text: str) -> float:
    """A JSON number as the stdlib reads it, refused when it is too large to be a float (1e400):
    JSON has no infinity, and a canonical tool call input holds only JSON values (as lm15's)."""
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"the number {text} is too large to be carried as JSON")
    return value


def _no_constant(name: str) -> Any:
    """NaN, Infinity and -Infinity are not JSON: refused, never read as floats."""
    raise ValueError(f"{name} is not a JSON value")


def parse_arguments(value: Any, path: str) -> dict[str, Any]:
    """A tool call's ``arguments`` string -> the JSON object it encodes."""
    text = string(value, path)
    if not text:
        return {}
    try:
        parsed = _decoder.decode(text)
    except msgspec.DecodeError:
        try:  # what msgspec refuses and the stdlib reads (integers past 64 bits): the stdlib's reading
            parsed = json.loads(text, parse_float=_finite_float, parse_constant=_no_constant)
        except ValueError as exc:
            fail(f"the tool call arguments are not JSON: {exc}", path)
    except RecursionError:
        fail("the tool call arguments nest too deeply", path)
    if not isinstance(parsed, dict):
        fail("the tool call arguments must encode a JSON object", path)
    return parsed


def parallel_flag(choice: dict[str, Any], value: Any) -> bool:
    """``parallel_tool_calls`` beside a tool_choice, refused at its own path beside ``"none"`` (a
    canonical ToolChoice of mode none takes no parallel flag; lm15's Chat reader raises too)."""
    parallel = boolean(value, "$.parallel_tool_calls")
    if choice.get("mode") == "none":
        fail(
            "parallel_tool_calls beside tool_choice 'none' cannot be carried by a canonical Request "
            "(a ToolChoice that allows no call takes no parallel flag)",
            "$.parallel_tool_calls",
        )
    return parallel


def finish(canonical: dict[str, Any], tool_name: str = "$.tools[{}].name") -> Request:
    """The canonical value -> ``Request``, every canonical invariant checked (path in lm15's form;
    a tool's repeated name at its path in the body, ``tool_name``)."""
    try:
        request: Request = from_builtins(canonical, Request)
    except RecursionError as exc:
        raise ValidationError("the body nests deeper than a canonical Request can hold", "$") from exc
    except ValidationError as exc:
        repeated = duplicate_tool(canonical.get("tools"))
        if repeated is not None:
            raise ValidationError(DUPLICATE_TOOL, tool_name.format(repeated)) from exc
        raise ValidationError(
            f"the body maps to an invalid canonical Request: {exc.message}", f"canonical {exc.path}"
        ) from exc
    return request


BREAKPOINT: Final = {"mode": "explicit"}


def read_cache(
    body: dict[str, Any],
    model: str,
    config: dict[str, Any],
    extensions: dict[str, Any],
    breakpoint: int | None,
    stable: bool,
) -> None:
    """The MAP-6 fields of both OpenAI wires -> CacheConfig where lm15 writes them back; the rest verbatim."""
    cache: dict[str, Any] = {"mode": "auto"}
    if body.get("prompt_cache_key") is not None:
        cache["key"] = string(body["prompt_cache_key"], "$.prompt_cache_key")
    retention = body.get("prompt_cache_retention")
    if retention == "24h":
        cache["retention"] = "long"
    elif "prompt_cache_retention" in body:
        extensions["prompt_cache_retention"] = retention
    if breakpoint is not None:
        cache["prefix_until_index"] = breakpoint
    if stable:
        cache["prefix"] = "stable"
    options = body.get("prompt_cache_options")
    explicit = options == BREAKPOINT and has_cache_options(model)
    if len(cache) > 1:
        config["cache"] = cache
        if "prompt_cache_options" in body and not (explicit and (breakpoint is not None or stable)):
            extensions["prompt_cache_options"] = options
    elif explicit:
        config["cache"] = {"mode": "off"}
    elif "prompt_cache_options" in body:
        extensions["prompt_cache_options"] = options


def data_uri(url: str) -> tuple[str, str] | None:
    """``data:<media-type>;base64,<payload>`` -> (media type, payload); None when malformed."""
    # lm15 writes f"data:{type};base64,{data}"; one search and two slices (no url[5:] copy of
    # a payload that may be megabytes: red team 47 F02)
    start = url.find(";base64,", 5)
    if start <= 5 or start + 8 == len(url):
        return None
    return url[5:start], url[start + 8 :]


def url_image_type(url: str) -> str:
    """An image URL's media type as lm15's Chat ingest reads it: guessed from the path
    (``mimetypes.guess_type``) when that names an image, else ImagePart's default."""
    guessed = mimetypes.guess_type(url)[0]
    return guessed if guessed and guessed.startswith("image/") else "image/png"


_IMAGE_DETAILS: Final = frozenset({"low", "high", "auto"})
_IMAGE_DATA: Final = ImagePart(media_type="image/png", data="AAAA")
_IMAGE_URL: Final = ImagePart(media_type="image/png", url="https://example.com/a.png")


def image_detail(value: Any, path: str) -> str:
    """An image's ``detail`` as the canonical ImagePart takes it (lm15's: low, high or auto), else
    refused at ``path`` in the client's body: the openai SDK's ``original`` has no canonical value
    (the gateway carries it beside the Request: ``providers/_crossing_image_detail.py``)."""
    detail = string(value, path)
    if detail not in _IMAGE_DETAILS:
        fail(f"lm15's ImagePart.detail is one of auto, high, low, not {detail!r}", path)
    return detail


def image_by_url(url: str, detail: str | None) -> ImagePart | None:
    """An image given by URL or data URI (Responses ``input_image``, Chat ``image_url``) as the
    canonical part, copied from a template; None for a malformed data URI or an unknown detail
    (the walker then names the fault)."""
    if detail is not None and detail not in _IMAGE_DETAILS:
        return None
    if url.startswith("data:"):
        parsed = data_uri(url)
        if parsed is None:
            return None
        return msgspec.structs.replace(_IMAGE_DATA, media_type=parsed[0], data=parsed[1], detail=detail)
    return msgspec.structs.replace(_IMAGE_URL, media_type=url_image_type(url), url=url, detail=detail)


_CHOICES: Final = {
    (word, parallel): ToolChoice(mode=word, parallel=parallel)
    for word in ("none", "auto", "required")
    for parallel in (None, True, False)
    if word != "none" or parallel is None
}
"""(``tool_choice`` word, ``parallel_tool_calls`` or None) -> its ToolChoice (frozen: shared)."""


def usual_config(
    max_tokens: Any, temperature: Any, top_p: Any, tool_choice: Any, parallel: Any, stream: Any
) -> Config | None:
    """The Config of a body (either OpenAI wire) that sets only the usual keys, given their values
    (``UNSET`` where absent; the token cap is ``max_completion_tokens`` or ``max_output_tokens``),
    as the readers' ``read_config`` reads them when no cache breakpoint was met, without its walk
    over every key, made directly rather than by ``msgspec.convert`` of its fields (the checks
    the conversion makes are made here: a positive cap, temperature in [0, 2] and top_p in
    [0, 1] as floats, no ``parallel`` with ``"none"``); None where a value is not the plain JSON
    type or range read_config and the conversion take or a key rides in extensions (read_config
    then names the fault or keeps it)."""
    if max_tokens is UNSET or max_tokens is None:
        max_tokens = None
    elif type(max_tokens) is not int or max_tokens < 1:
        return None
    if temperature is UNSET or temperature is None:
        temperature = None
    elif (type(temperature) is int or type(temperature) is float) and 0.0 <= temperature <= 2.0:
        temperature = float(temperature)
    else:
        return None
    if top_p is UNSET or top_p is None:
        top_p = None
    elif (type(top_p) is int or type(top_p) is float) and 0.0 <= top_p <= 1.0:
        top_p = float(top_p)
    else:
        return None
    choice = None
    if tool_choice is not UNSET and tool_choice is not None:
        if parallel is UNSET or parallel is None:
            parallel = None
        elif type(parallel) is not bool:
            return None
        choice = _CHOICES.get((tool_choice, parallel)) if type(tool_choice) is str else None
        if choice is None:  # another word, or parallel with "none" (ToolChoice refuses it)
            return None
    elif parallel is not UNSET:  # parallel_tool_calls without tool_choice rides in extensions
        return None
    if stream is not UNSET and stream is not None and type(stream) is not bool:
        return None
    if max_tokens is None and temperature is None and top_p is None and choice is None:
        return EMPTY_CONFIG
    config: Config = msgspec.structs.replace(
        EMPTY_CONFIG, max_tokens=max_tokens, temperature=temperature, top_p=top_p, tool_choice=choice
    )
    return config
