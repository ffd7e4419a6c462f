"""A client's request body in this provider's dialect -> canonical Request.

The body is what google-genai sends to ``models/{model}:generateContent`` (REST JSON, camelCase).
The model is in the URL, not the body: pass it as ``decode_request(body, model=...)``;
without it, ``decode_request`` reads a ``"model"`` key when the body carries one, otherwise the
Request names :data:`UNNAMED_MODEL`. The per-model rules (the Gemini 3 ``thinkingLevel`` class)
are judged on that model.

``build_request("gemini", decode_request("gemini", body))`` gives back the body's JSON value,
with these documented equivalences: a content with no ``role`` is a user turn; a user turn that
mixes functionResponse parts with other parts is split into consecutive user turns (the
canonical Request keeps tool results in ``tool`` messages); a functionCall with no ``args`` has
``{}``; and ids are filled in (below).

Ids: GenerateContent function calls and responses may have no ``id``. A call without one gets
``call_{content index}_{part index}``; a response without one is paired with the earliest
unanswered call of the same name before it (first in, first out, per name, over the whole
transcript) and takes its id; a response that pairs with no call gets
``result_{content index}_{part index}``. The rebuilt body carries those ids on both sides.
A response keeps its ``name`` (ToolResultPart.name).

Mapping: ``systemInstruction`` text parts are ``system``; ``generationConfig`` fields are the
Config's sampling fields, ``logprobs``, ``response_format`` (``responseMimeType`` +
``responseSchema``/``responseJsonSchema``) and ``reasoning`` (``thinkingConfig``: budget 0 is off,
a budget is ``thinking_budget``, a level on the Gemini 3 class is the effort, ``includeThoughts``
is ``summary="auto"``); ``responseModalities`` ``["IMAGE"]``/``["AUDIO"]`` is
``extensions["output"]``; function declarations and ``googleSearch``/``codeExecution`` (and any
other tool key, as a BuiltinTool of that name) are ``tools``; ``functionCallingConfig`` is
``tool_choice``; ``cachedContent`` is ``CacheConfig(resource=...)``; ``store``/``serviceTier`` map
verbatim; thought signatures ride the parts' continuation (``gemini``/``thought_signature``), so
they are replayed to Gemini.

What the canonical fields cannot carry exactly is kept in ``Config.extensions`` under its
top-level key (lm15 sends extensions verbatim, overriding the built value): unknown top-level
fields (``safetySettings``, ``labels``, ...), and ``systemInstruction``, ``generationConfig``,
``tools``, ``toolConfig`` whenever the canonical fields would rebuild them differently (several
system parts, ``candidateCount``, ``speechConfig``, a schema on the other schema field, ...).
Extensions are this dialect's own wire and should be forwarded only to it.

Refused with :class:`lmcodec.ValidationError` (never dropped): ``executableCode``/
``codeExecutionResult`` parts; audio or video in a functionResponse's ``parts`` (other media
there that is not an image is read as a document); any unknown part field (``videoMetadata``,
``mediaResolution``, ``willContinue``, ...); a ``thought`` part without a signature; a
functionResponse in a model turn, or whose ``response`` is not ``{"result": text}``,
``{"error": text}`` or (with media ``parts``) ``{}``; fileData without ``mimeType``; a part with
no data or several; non-text system parts; roles other than user/model; an empty ``contents``.
Errors carry the JSON path; decoding is linear in the body's size.
"""

from __future__ import annotations

from collections import deque
from typing import Any, Final, Literal

import msgspec

from lmcodec.codecs._hooks import decode_error, with_path
from lmcodec.errors import LmcodecError, ProviderError, ValidationError
from lmcodec.providers._build_common import Notes
from lmcodec.providers.gemini._build_tables import BUILTIN_KEYS, takes_thinking_level
from lmcodec.providers.gemini._read_views import ContentView, FunctionResponse, PartView, SystemView
from lmcodec.providers.gemini.build import top_level
from lmcodec.wire import Request, effort_for_budget

__all__ = ["UNNAMED_MODEL", "decode_request"]

UNNAMED_MODEL: Final = "models/unnamed"
"""The Request's model when the body names none (GenerateContent carries it in the URL)."""

_TOP: Final = msgspec.json.Decoder(dict[str, msgspec.Raw])
_CONTENTS: Final = msgspec.json.Decoder(list[ContentView])
_SYSTEM: Final = msgspec.json.Decoder(SystemView)
_OBJECT: Final = msgspec.json.Decoder(dict[str, Any])
_TOOLS: Final = msgspec.json.Decoder(list[dict[str, Any]])
_ANY: Final = msgspec.json.Decoder()
_STR: Final = msgspec.json.Decoder(str)
_BOOL: Final = msgspec.json.Decoder(bool)
_BUILTIN_NAMES: Final = {key: name for name, key in BUILTIN_KEYS.items()}
_MODES: Final[dict[str, Literal["auto", "required", "none"]]] = {
    "AUTO": "auto",
    "ANY": "required",
    "NONE": "none",
    "VALIDATED": "auto",
}
_LEVELS: Final = frozenset({"minimal", "low", "medium", "high"})
_MODALITIES: Final = {("IMAGE",): "image", ("AUDIO",): "audio"}
_OVERRIDABLE: Final = (
    "systemInstruction",
    "generationConfig",
    "tools",
    "toolConfig",
    "cachedContent",
    "store",
    "serviceTier",
)
_MAPPED: Final = frozenset({"model", "contents", *_OVERRIDABLE})


def _field(decoder: msgspec.json.Decoder[Any], raw: msgspec.Raw, key: str) -> Any:
    try:
        return decoder.decode(raw)
    except msgspec.ValidationError as exc:
        raise with_path(exc, f"$.{key}") from None


def _signature(part: PartView) -> list[dict[str, Any]] | None:
    if isinstance(part.thought_signature, str) and part.thought_signature:
        return [
            {"provider": "gemini", "kind": "thought_signature", "data": {"value": part.thought_signature}}
        ]
    return None


def _media_kind(mime: str) -> str:
    if mime.startswith("image/"):
        return "image"
    if mime.startswith("audio/"):
        return "audio"
    if mime.startswith("video/"):
        return "video"
    if mime == "application/pdf" or mime.startswith("text/"):
        return "document"
    return "binary"


def _media(part: PartView, path: str) -> dict[str, Any]:
    if not isinstance(part.inline_data, msgspec.UnsetType):
        blob = part.inline_data
        return {"type": _media_kind(blob.mime_type), "media_type": blob.mime_type, "data": blob.data}
    file = part.file_data
    assert not isinstance(file, msgspec.UnsetType)
    if not isinstance(file.mime_type, str):
        raise ValidationError(
            "fileData needs a mimeType (the canonical media part names its type)", f"{path}.fileData"
        )
    source = "file_id" if file.file_uri.startswith(_FILE_PREFIXES) else "url"
    return {"type": _media_kind(file.mime_type), "media_type": file.mime_type, source: file.file_uri}


_FILE_PREFIXES: Final = ("files/", "https://generativelanguage.googleapis.com/")
"""A fileUri naming a Files API resource (a file id); any other URI is a URL."""
_DATA_FIELDS: Final = ("text", "inline_data", "file_data", "function_call", "function_response")


class _Calls:
    """Function-call ids over the transcript: given or synthesized, and the unanswered ones by name,
    first in, first out, with removal by id: per name, each pending id's insertion number and a
    queue of (number, id) whose stale entries are skipped (each entry is popped once: linear)."""

    __slots__ = ("count", "pending", "queues")

    def __init__(self) -> None:
        self.pending: dict[str, dict[str, int]] = {}
        self.queues: dict[str, deque[tuple[int, str]]] = {}
        self.count = 0

    def call(self, name: str, given: Any, where: tuple[int, int]) -> str:
        call_id = given if isinstance(given, str) and given else f"call_{where[0]}_{where[1]}"
        waiting = self.pending.setdefault(name, {})
        if call_id not in waiting:  # a repeated id keeps its place, as in an insertion-ordered dict
            self.count += 1
            waiting[call_id] = self.count
            self.queues.setdefault(name, deque()).append((self.count, call_id))
        return call_id

    def answer(self, name: str, given: Any, where: tuple[int, int]) -> str:
        waiting = self.pending.get(name)
        if isinstance(given, str) and given:
            if waiting:
                waiting.pop(given, None)
            return given
        if waiting:
            queue = self.queues[name]
            while True:
                number, call_id = queue.popleft()
                if waiting.get(call_id) == number:
                    del waiting[call_id]
                    return call_id
        return f"result_{where[0]}_{where[1]}"


def _result_media(part: PartView, path: str) -> dict[str, Any]:
    """Media of a functionResponse: images and documents only (what GenerateContent takes there)."""
    media = _media(part, path)
    if media["type"] in ("audio", "video"):
        raise ValidationError(
            f"a functionResponse takes images and documents only, not {media['media_type']!r}", path
        )
    if media["type"] == "binary":
        media["type"] = "document"
    return media


def _result(response: FunctionResponse, calls: _Calls, where: tuple[int, int], path: str) -> dict[str, Any]:
    parts = response.parts or []
    media = [_result_media(p, f"{path}.functionResponse.parts[{k}]") for k, p in enumerate(parts)]
    answer = response.response if isinstance(response.response, dict) else {}
    out: dict[str, Any] = {"type": "tool_result", "id": "", "name": response.name}
    if answer.keys() == {"result"} and isinstance(answer["result"], str):
        content: list[Any] = [{"type": "text", "text": answer["result"]}]
    elif answer.keys() == {"error"} and isinstance(answer["error"], str):
        content = [{"type": "text", "text": answer["error"]}]
        out["is_error"] = True
    elif not answer and media:
        content = []
    else:
        raise ValidationError(
            "a function response is carried as {'result': text} or {'error': text} (what lm15 writes); "
            "this response object cannot be represented",
            f"{path}.functionResponse.response",
        )
    out["id"] = calls.answer(response.name, response.id, where)
    out["content"] = content + media
    return out


def _part(part: PartView, role: str, calls: _Calls, where: tuple[int, int], path: str) -> dict[str, Any]:
    """The part as a canonical part, in canonical JSON form (one msgspec.convert checks them all)."""
    unset = msgspec.UNSET
    if part.executable_code is not unset or part.code_execution_result is not unset:
        raise ValidationError("code execution parts have no canonical part and cannot be carried", path)
    data_fields = (
        (part.text is not unset)
        + (part.inline_data is not unset)
        + (part.file_data is not unset)
        + (part.function_call is not unset)
        + (part.function_response is not unset)
    )
    if data_fields != 1:
        present = [name for name in _DATA_FIELDS if getattr(part, name) is not unset]
        raise ValidationError(f"a part needs exactly one data field, got {present or 'none'}", path)
    signature = _signature(part) if part.thought_signature is not unset else None
    text = part.text
    if text is not unset:
        out: dict[str, Any] = {"type": "text", "text": text}
        if part.thought is True:
            if signature is None:
                raise ValidationError("a thought part without a thoughtSignature cannot be replayed", path)
            out["type"] = "thinking"
        elif part.thought is False:
            raise ValidationError("'thought': false has no canonical field", f"{path}.thought")
        if signature is not None:
            out["continuation"] = signature
        return out
    if part.thought is not msgspec.UNSET:
        raise ValidationError("'thought' is carried on text parts only", f"{path}.thought")
    call = part.function_call
    if not isinstance(call, msgspec.UnsetType):
        call_id = calls.call(call.name, call.id, where)
        args = call.args if isinstance(call.args, dict) else {}
        out = {"type": "tool_call", "id": call_id, "name": call.name, "input": args}
        if signature is not None:
            out["continuation"] = signature
        return out
    if signature is not None:
        raise ValidationError("a thoughtSignature is carried on text and functionCall parts only", path)
    response = part.function_response
    if not isinstance(response, msgspec.UnsetType):
        if role == "model":
            raise ValidationError("a functionResponse in a model turn cannot be represented", path)
        return _result(response, calls, where, path)
    return _media(part, path)


def _split(role: str, parts: list[dict[str, Any]]) -> list[dict[str, Any]]:
    if role == "model":
        return [{"role": "assistant", "parts": parts}]
    out: list[dict[str, Any]] = []
    run: list[dict[str, Any]] = []
    run_is_tool = False
    for part in parts:
        is_tool = part["type"] == "tool_result"
        if run and is_tool != run_is_tool:
            out.append({"role": "tool" if run_is_tool else "user", "parts": run})
            run = []
        run.append(part)
        run_is_tool = is_tool
    out.append({"role": "tool" if run_is_tool else "user", "parts": run})
    return out


def _messages(contents: list[ContentView]) -> list[dict[str, Any]]:
    calls = _Calls()
    out: list[dict[str, Any]] = []
    for i, content in enumerate(contents):
        role = "model" if content.role == "model" else "user"
        if not content.parts:
            raise ValidationError("a content needs at least one part", f"$.contents[{i}].parts")
        parts = [
            _part(p, role, calls, (i, j), f"$.contents[{i}].parts[{j}]") for j, p in enumerate(content.parts)
        ]
        out.extend(_split(role, parts))
    if not out:
        raise ValidationError("contents needs at least one content", "$.contents")
    return out


def _system(view: SystemView) -> str | list[dict[str, Any]] | None:
    texts = []
    for k, part in enumerate(view.parts):
        if not isinstance(part.text, str) or part.thought is not msgspec.UNSET:
            raise ValidationError(
                "systemInstruction takes text parts only", f"$.systemInstruction.parts[{k}]"
            )
        texts.append(part.text)
    if len(texts) == 1:
        return texts[0] or None
    return [{"type": "text", "text": t} for t in texts] or None


def _number(config: dict[str, Any], key: str, low: float, high: float) -> float | None:
    value = config.get(key)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not low <= value <= high:
        raise ValidationError(f"{key} must be a number in [{low:g}, {high:g}]", f"$.generationConfig.{key}")
    return float(value)


def _count(config: dict[str, Any], key: str, low: int) -> int | None:
    value = config.get(key)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        raise ValidationError(f"{key} must be an integer >= {low}", f"$.generationConfig.{key}")
    return value


def _seed(config: dict[str, Any]) -> int | None:
    value = config.get("seed")
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValidationError("seed must be an integer", "$.generationConfig.seed")
    return value


def _reasoning(thinking: Any, model: str) -> dict[str, Any] | None:
    if not isinstance(thinking, dict):
        return None
    shown = {"summary": "auto"} if thinking.get("includeThoughts") is True else {}
    budget, level = thinking.get("thinkingBudget"), thinking.get("thinkingLevel")
    if budget == 0 and level is None and not shown:
        return {"effort": "off"}
    if isinstance(budget, int) and not isinstance(budget, bool) and budget > 0 and level is None:
        return {"effort": effort_for_budget(budget), "thinking_budget": budget, **shown}
    if budget is None and level in _LEVELS and takes_thinking_level(model):
        return {"effort": level, **shown}
    return None


def _response_format(config: dict[str, Any]) -> dict[str, Any] | None:
    if config.get("responseMimeType") != "application/json":
        return None
    schema = config.get("responseSchema", config.get("responseJsonSchema"))
    if isinstance(schema, dict):
        return {"type": "json_schema", "schema": schema}
    return {"type": "json_object"}


def _logprobs(config: dict[str, Any]) -> int | None:
    if config.get("responseLogprobs") is not True:
        return None
    count = config.get("logprobs")
    return count if isinstance(count, int) and not isinstance(count, bool) and count >= 0 else 0


def _tools(values: list[dict[str, Any]]) -> list[dict[str, Any]]:
    tools: list[dict[str, Any]] = []
    for k, entry in enumerate(values):
        for key, value in entry.items():
            if key != "functionDeclarations":
                builtin: dict[str, Any] = {"type": "builtin", "name": _BUILTIN_NAMES.get(key, key)}
                if isinstance(value, dict) and value:
                    builtin["config"] = value
                tools.append(builtin)
                continue
            if not isinstance(value, list):
                raise ValidationError(
                    "functionDeclarations must be a list", f"$.tools[{k}].functionDeclarations"
                )
            for d, declaration in enumerate(value):
                where = f"$.tools[{k}].functionDeclarations[{d}]"
                name = declaration.get("name") if isinstance(declaration, dict) else None
                if not isinstance(name, str) or not name:
                    raise ValidationError("a function declaration needs a name", where)
                schema = declaration.get("parameters", declaration.get("parametersJsonSchema", {}))
                if not isinstance(schema, dict):
                    raise ValidationError("a function declaration's parameters must be an object", where)
                tool: dict[str, Any] = {"type": "function", "name": name, "parameters": schema}
                if isinstance(declaration.get("description"), str):
                    tool["description"] = declaration["description"]
                tools.append(tool)
    return tools


def _tool_choice(tool_config: Any) -> dict[str, Any] | None:
    calling = tool_config.get("functionCallingConfig") if isinstance(tool_config, dict) else None
    if not isinstance(calling, dict) or calling.get("mode") not in _MODES:
        return None
    allowed = calling.get("allowedFunctionNames")
    mode = _MODES[calling["mode"]]
    if mode != "none" and isinstance(allowed, list) and allowed:
        return {"mode": mode, "allowed": allowed}
    return {"mode": mode}


def _config(raw: dict[str, msgspec.Raw], model: str, plain: dict[str, Any]) -> dict[str, Any]:
    """The Config in canonical JSON form (only the fields the body sets); ``plain`` gets the
    top-level objects it decodes as plain JSON, for :func:`_keep_wire_shapes`."""
    generation: dict[str, Any] = {}
    if "generationConfig" in raw:
        plain["generationConfig"] = generation = _field(_OBJECT, raw["generationConfig"], "generationConfig")
    tool_config = None
    if "toolConfig" in raw:
        plain["toolConfig"] = tool_config = _field(_OBJECT, raw["toolConfig"], "toolConfig")
    resource = _field(_STR, raw["cachedContent"], "cachedContent") if "cachedContent" in raw else None
    fields: dict[str, Any] = {
        "max_tokens": _count(generation, "maxOutputTokens", 1),
        "temperature": _number(generation, "temperature", 0.0, 2.0),
        "top_p": _number(generation, "topP", 0.0, 1.0),
        "top_k": _count(generation, "topK", 1),
        "response_format": _response_format(generation),
        "tool_choice": _tool_choice(tool_config),
        "reasoning": _reasoning(generation.get("thinkingConfig"), model),
        "cache": {"mode": "auto", "resource": resource} if resource else None,
        "seed": _seed(generation),
        "frequency_penalty": _number(generation, "frequencyPenalty", -2.0, 2.0),
        "presence_penalty": _number(generation, "presencePenalty", -2.0, 2.0),
        "service_tier": (_field(_STR, raw["serviceTier"], "serviceTier") or None)
        if "serviceTier" in raw
        else None,
        "store": _field(_BOOL, raw["store"], "store") if "store" in raw else None,
        "logprobs": _logprobs(generation),
    }
    config = {key: value for key, value in fields.items() if value is not None}
    stop = generation.get("stopSequences")
    if isinstance(stop, list) and any(isinstance(s, str) and s for s in stop):
        config["stop"] = [s for s in stop if isinstance(s, str) and s]
    extensions = {key: _ANY.decode(value) for key, value in raw.items() if key not in _MAPPED}
    modalities = generation.get("responseModalities")
    if isinstance(modalities, list) and all(isinstance(m, str) for m in modalities):
        output = _MODALITIES.get(tuple(modalities))
        if output is not None:
            extensions["output"] = output
    if extensions:
        config["extensions"] = extensions
    return config


def _read(raw: dict[str, msgspec.Raw], url_model: str | None) -> Request:
    if "contents" not in raw:
        raise ValidationError("Object missing required field `contents`")
    if url_model is not None:
        model = url_model
    else:
        model = _field(_STR, raw["model"], "model") if "model" in raw else UNNAMED_MODEL
    tree: dict[str, Any] = {
        "model": model,
        "messages": _messages(_field(_CONTENTS, raw["contents"], "contents")),
    }
    if "systemInstruction" in raw:
        system = _system(_field(_SYSTEM, raw["systemInstruction"], "systemInstruction"))
        if system is not None:
            tree["system"] = system
    plain: dict[str, Any] = {}
    if "tools" in raw:
        plain["tools"] = tools = _field(_TOOLS, raw["tools"], "tools")
        tree["tools"] = _tools(tools)
    config = _config(raw, model, plain)
    if config:
        tree["config"] = config
    request = msgspec.convert(tree, Request)
    return _keep_wire_shapes(request, raw, config.get("extensions", {}), plain)


def _keep_wire_shapes(
    request: Request, raw: dict[str, msgspec.Raw], extensions: dict[str, Any], plain: dict[str, Any]
) -> Request:
    """Top-level fields the canonical ones would rebuild differently ride in extensions verbatim."""
    cache = request.config.cache
    try:
        built = top_level(request, request.model, [], cache.resource if cache else None, Notes())
    except ProviderError as exc:
        raise ValidationError(f"the body cannot be represented: {exc.message}") from None
    overrides = {}
    for key in _OVERRIDABLE:
        if key in raw:
            value = plain[key] if key in plain else _ANY.decode(raw[key])
            if key not in built or built[key] != value:
                overrides[key] = value
    if not overrides:
        return request
    config = msgspec.structs.replace(request.config, extensions={**extensions, **overrides})
    return msgspec.structs.replace(request, config=config)


def decode_request(body: bytes, *, model: str | None = None) -> Request:
    """The canonical Request a client's body asks for (unmapped fields go to Config.extensions).

    ``model`` is the model of the URL the body was sent to (``models/{model}:generateContent``);
    without it, a ``"model"`` key of the body, else :data:`UNNAMED_MODEL`.
    """
    try:
        return _read(_TOP.decode(body), model)
    except LmcodecError:
        raise
    except msgspec.ValidationError as exc:
        raise with_path(exc) from None
    except msgspec.DecodeError as exc:
        raise decode_error(exc, body) from None
    except RecursionError:
        raise ValidationError("the body nests deeper than a request can") from None
    except (ValueError, TypeError) as exc:
        raise ValidationError(str(exc)) from None
