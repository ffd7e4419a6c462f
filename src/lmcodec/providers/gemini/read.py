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
``{}``; ids are filled in (below); field names in snake_case (``inline_data``, ``mime_type``,
``system_instruction``, ``generation_config``: the protobuf names, which the REST API accepts
beside the JSON names and its curl examples use) are read as their camelCase names and rebuilt
camelCase (the caller's data inside ``args``, ``response``, schemas, ``labels`` and builtin tool
settings is left as it is; one field in both spellings is refused; the keys google-genai itself
writes so, ``thinkingConfig``'s and a declaration's ``*_json_schema``, and its media fields
``mime_type``, ``file_uri``, ``inline_data`` and ``file_data``, on the typed path:
``_read_genai.py``); an integral float in an
integer setting (``topK: 3.0``, as google-genai sends it) is that integer; inline data in the
URL-safe base64 alphabet (``-`` / ``_``, as google-genai writes bytes; the API reads both) is the
same bytes in the standard one, and rebuilt so (a string mixing the alphabets stays refused).

Ids: GenerateContent function calls and responses may have no ``id``. A call without one gets
``call_{content index}_{part index}``; a response without one is paired with the earliest
unanswered call of the same name before it (first in, first out, per name, over the whole
transcript) and takes its id; a response that pairs with no call gets
``result_{content index}_{part index}``. A made id that the body already gives to a call or a
response takes the first free suffix (``call_1_1_2``, ...), so no two calls share an id. The
rebuilt body carries those ids on both sides.
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
``codeExecutionResult`` parts (``lc.translate_request`` leaves them out, ``dropped``:
``_read_lenient.py``); audio or video in a functionResponse's ``parts`` (other media
there that is not an image is read as a document); any unknown part field (``videoMetadata``,
``mediaResolution``, ``willContinue``, ...); a ``thought`` part without a thoughtSignature
(Gemini returns its thought summaries so and takes them back, but lm15's builder writes a thinking
part without Gemini's state as a plain text part, so the body would not come back as it was;
``lc.translate_request``, the gateway's reading, leaves it out with an Adaptation instead:
``providers/_unsigned_thinking.py``); a thoughtSignature on a part other than text or a
functionCall (Gemini 3 Pro Image signs its images; lm15's builder has no slot for a media part's
signature; the gateway's reading keeps it on a model turn's media part as its continuation, sent
back to Gemini as it came and ``dropped`` elsewhere: ``providers/_crossing_signatures.py``); a
functionResponse in a model turn, or whose ``response`` is not ``{"result": text}``,
``{"error": text}`` or (with media ``parts``) ``{}``; fileData without ``mimeType``; a part with
no data or several; non-text system parts; roles other than user/model; an empty ``contents``.
Errors carry the JSON path; decoding is linear in the body's size.
"""

from __future__ import annotations

from typing import Any, Final

import msgspec

from lmcodec.codecs._hooks import decode_error, with_path
from lmcodec.errors import LmcodecError, ValidationError
from lmcodec.providers._crossing_survey import ContentSurvey, read_survey
from lmcodec.providers._unsigned_thinking import Unsigned, emptied_turn, left_out
from lmcodec.providers._user_turns import turn_messages
from lmcodec.providers.gemini._read_common import (
    FILE_PREFIXES,
    UNNAMED_MODEL,
    Calls,
    media_kind,
    standard_base64,
)
from lmcodec.providers.gemini._read_config import (
    ANY,
    MAPPED,
    OVERRIDABLE,
    field,
    keep_wire_shapes,
    read_config,
    read_system,
    read_tools,
)
from lmcodec.providers.gemini._read_lenient import sdk_responses_out
from lmcodec.providers.gemini._read_snake import camel_case_body, snake_case_kept
from lmcodec.providers.gemini._read_typed import Refused, Substituted, read_surveyed
from lmcodec.providers.gemini._read_views import (
    BOOL,
    CONTENTS,
    OBJECT,
    STR,
    SYSTEM,
    TOOLS,
    TOP,
    ContentView,
    FunctionResponse,
    PartView,
)
from lmcodec.wire import Adaptation, Request

__all__ = [
    "UNNAMED_MODEL",
    "decode_request",
    "decode_request_without_unsigned_thinking",
    "typed_or_none",
    "typed_surveyed_or_none",
]


def _signature(part: PartView) -> list[dict[str, Any]] | None:
    if isinstance(part.thought_signature, str) and part.thought_signature:
        return [
            {"provider": "gemini", "kind": "thought_signature", "data": {"value": part.thought_signature}}
        ]
    return None


def _media(part: PartView, path: str) -> dict[str, Any]:
    if not isinstance(part.inline_data, msgspec.UnsetType):
        blob = part.inline_data
        data = standard_base64(blob.data)
        return {"type": media_kind(blob.mime_type), "media_type": blob.mime_type, "data": data}
    file = part.file_data
    assert not isinstance(file, msgspec.UnsetType)
    if not isinstance(file.mime_type, str):
        raise ValidationError(
            "fileData needs a mimeType (the canonical media part names its type)", f"{path}.fileData"
        )
    source = "file_id" if file.file_uri.startswith(FILE_PREFIXES) else "url"
    return {"type": media_kind(file.mime_type), "media_type": file.mime_type, source: file.file_uri}


_DATA_FIELDS: Final = ("text", "inline_data", "file_data", "function_call", "function_response")
_NOT_MEDIA: Final = tuple(
    name for name in PartView.__struct_fields__ if name not in ("inline_data", "file_data")
)


def _result_media(part: PartView, path: str) -> dict[str, Any]:
    """Media of a functionResponse: one inlineData or fileData a part, images and documents only
    (what GenerateContent takes there)."""
    unset = msgspec.UNSET
    others = [name for name in _NOT_MEDIA if getattr(part, name) is not unset]
    if others or (part.inline_data is unset) == (part.file_data is unset):
        raise ValidationError("a functionResponse's parts carry one inlineData or fileData each", path)
    media = _media(part, path)
    if media["type"] in ("audio", "video"):
        raise ValidationError(
            f"a functionResponse takes images and documents only, not {media['media_type']!r}", path
        )
    if media["type"] == "binary":
        media["type"] = "document"
    return media


def _result(response: FunctionResponse, calls: Calls, where: tuple[int, int], path: str) -> dict[str, Any]:
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


def _data_fields(part: PartView) -> int:
    unset = msgspec.UNSET
    return (
        (part.text is not unset)
        + (part.inline_data is not unset)
        + (part.file_data is not unset)
        + (part.function_call is not unset)
        + (part.function_response is not unset)
    )


def _unsigned_thought(part: PartView) -> bool:
    """A thought text part without a thoughtSignature (its only fault: :func:`_part` refuses it)."""
    return (
        part.thought is True
        and isinstance(part.text, str)
        and _signature(part) is None
        and part.executable_code is msgspec.UNSET
        and part.code_execution_result is msgspec.UNSET
        and _data_fields(part) == 1
    )


def _part(
    part: PartView, role: str, calls: Calls, where: tuple[int, int], path: str, gateway: bool = False
) -> dict[str, Any]:
    """The part as a canonical part, in canonical JSON form (one msgspec.convert checks them all);
    ``gateway``: a model turn's media part keeps its thoughtSignature as its continuation (red team
    19 F02: no builder writes it, ``lc.translate_request`` puts it back for Gemini)."""
    unset = msgspec.UNSET
    if part.executable_code is not unset or part.code_execution_result is not unset:
        raise ValidationError("code execution parts have no canonical part and cannot be carried", path)
    if _data_fields(part) != 1:
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
    response = part.function_response
    signed_media = gateway and role == "model" and isinstance(response, msgspec.UnsetType)
    if signature is not None and not signed_media:
        raise ValidationError("a thoughtSignature is carried on text and functionCall parts only", path)
    if not isinstance(response, msgspec.UnsetType):
        if role == "model":
            raise ValidationError("a functionResponse in a model turn cannot be represented", path)
        return _result(response, calls, where, path)
    media = _media(part, path)
    if signature is not None:
        media["continuation"] = signature
    return media


def _messages(contents: list[ContentView], unsigned: Unsigned = None) -> list[dict[str, Any]]:
    """The canonical messages; a thought part without a thoughtSignature is refused, or
    (``unsigned`` given: the gateway's reading) left out and noted there, with its content if
    nothing else is left of it."""
    calls = Calls(contents)
    out: list[dict[str, Any]] = []
    for i, content in enumerate(contents):
        role = "model" if content.role == "model" else "user"
        if not content.parts:
            raise ValidationError("a content needs at least one part", f"$.contents[{i}].parts")
        parts = []
        for j, p in enumerate(content.parts):
            where = f"$.contents[{i}].parts[{j}]"
            if unsigned is not None and _unsigned_thought(p):
                text = p.text if isinstance(p.text, str) else ""
                unsigned.append(left_out(where, "a thought part without a thoughtSignature", text))
                continue
            parts.append(_part(p, role, calls, (i, j), where, unsigned is not None))
        if not parts:  # (its parts were all unsigned thoughts, left out)
            assert unsigned is not None
            unsigned.append(emptied_turn(f"$.contents[{i}]"))
            continue
        out.extend(turn_messages(parts, role == "model"))
    if not out:
        raise ValidationError("contents needs at least one content", "$.contents")
    return out


def _call_in_user_turn(contents: list[ContentView]) -> str | None:
    """The path of the first functionCall or thought part in a user turn, which the canonical
    Request refuses at its own message's path (red team 19 F03); None when there is none."""
    for i, content in enumerate(contents):
        if content.role != "model":
            for j, part in enumerate(content.parts or ()):
                if part.function_call is not msgspec.UNSET or part.thought is True:
                    return f"$.contents[{i}].parts[{j}]"
    return None


def _read(raw: dict[str, msgspec.Raw], url_model: str | None, unsigned: Unsigned = None) -> Request:
    """The general path: each top-level key decoded on its own (a fault named with its JSON path),
    the Request built as canonical JSON and converted once; ``unsigned``: see :func:`_messages`."""
    if "contents" not in raw:
        raise ValidationError("Object missing required field `contents`")
    if url_model is not None:
        model = url_model
    else:
        model = field(STR, raw["model"], "model") if "model" in raw else UNNAMED_MODEL
    contents = field(CONTENTS, raw["contents"], "contents")
    tree: dict[str, Any] = {"model": model, "messages": _messages(contents, unsigned)}
    if "systemInstruction" in raw:
        system = read_system(field(SYSTEM, raw["systemInstruction"], "systemInstruction"))
        if system is not None:
            tree["system"] = system
    values: dict[str, Any] = {}
    if "tools" in raw:
        values["tools"] = tools = field(TOOLS, raw["tools"], "tools")
        tree["tools"] = read_tools(tools)
    generation: dict[str, Any] = {}
    if "generationConfig" in raw:
        values["generationConfig"] = generation = field(OBJECT, raw["generationConfig"], "generationConfig")
    tool_config = None
    if "toolConfig" in raw:
        values["toolConfig"] = tool_config = field(OBJECT, raw["toolConfig"], "toolConfig")
    resource = field(STR, raw["cachedContent"], "cachedContent") if "cachedContent" in raw else None
    tier = field(STR, raw["serviceTier"], "serviceTier") if "serviceTier" in raw else None
    store = field(BOOL, raw["store"], "store") if "store" in raw else None
    extensions = {key: ANY.decode(value) for key, value in raw.items() if key not in MAPPED}
    config = read_config(generation, tool_config, resource, tier, store, model, extensions)
    if config:
        tree["config"] = config
    try:
        request = msgspec.convert(tree, Request)
    except msgspec.ValidationError as exc:
        where = _call_in_user_turn(contents)
        if where is None:
            raise
        raise ValidationError("a functionCall or a thought part belongs in a model turn", where) from exc
    for key in OVERRIDABLE:
        if key in raw and key not in values:
            values[key] = ANY.decode(raw[key])
    return keep_wire_shapes(request, values, config.get("extensions", {}))


def decode_request(body: bytes, *, model: str | None = None) -> Request:
    """The canonical Request a client's body asks for (unmapped fields go to Config.extensions).

    ``model`` is the model of the URL the body was sent to (``models/{model}:generateContent``);
    without it, a ``"model"`` key of the body, else :data:`UNNAMED_MODEL`.
    """
    return _decode_request(body, model, leave_out_unsigned=False)[0]


def decode_request_without_unsigned_thinking(
    body: bytes, *, model: str | None = None
) -> tuple[Request, tuple[Adaptation, ...]]:
    """The gateway's reading (``_unsigned_thinking``): the Request ``decode_request`` gives, except
    that each thought part without a thoughtSignature is left out rather than refused, and the
    notes of those; a body refused for a function response in another shape is read again with
    it as ``{"result": text}`` (``_read_lenient``), noted too: on the typed path where it takes the
    body so (the same Request and notes as the rewritten body's reading)."""
    substituted: list[Adaptation] = []
    typed = _typed_or_none(body, model, substituted)
    if typed is not None and substituted:
        if not snake_case_kept(typed):
            return typed, tuple(substituted)
        typed = None  # (read again camelCased: the rewritten body's way, below)
    # Where the typed path refuses, the other responses are rewritten before the general path runs:
    # it refuses each of them, so it would only refuse the body to have it read again (red-team F10).
    rewritten_first = typed is None and isinstance(body, (bytes, bytearray, memoryview))
    lenient = sdk_responses_out(body) if rewritten_first else None
    if lenient is None:
        try:
            return _after_typed(body, model, typed, leave_out_unsigned=True)
        except ValidationError:
            lenient = None if rewritten_first else sdk_responses_out(body)
            if lenient is None:
                raise
    rewritten, notes = lenient
    request, unsigned = _decode_request(rewritten, model, leave_out_unsigned=True)
    return request, (*notes, *unsigned)


def _decode_request(
    body: bytes, model: str | None, *, leave_out_unsigned: bool
) -> tuple[Request, tuple[Adaptation, ...]]:
    """The typed fast path, else the general path (which refuses unsigned thoughts or leaves
    them out: :func:`_messages`); a body that spells fields in snake_case read again camelCased."""
    return _after_typed(body, model, _typed_or_none(body, model), leave_out_unsigned=leave_out_unsigned)


def _typed_or_none(body: bytes, model: str | None, substituted: Substituted = None) -> Request | None:
    """The typed fast path's Request; None where it refuses (``substituted``: see
    :func:`read_surveyed`)."""
    try:
        return read_surveyed(body, model, substituted)[0]
    except (Refused, LmcodecError, msgspec.MsgspecError, RecursionError, ValueError, TypeError):
        return None


def _after_typed(
    body: bytes, model: str | None, typed: Request | None, *, leave_out_unsigned: bool
) -> tuple[Request, tuple[Adaptation, ...]]:
    """:func:`_decode_request` from the typed path's answer (``typed``, None where it refused) on."""
    notes: list[Adaptation] = []
    if typed is not None:
        request = typed
    else:
        try:
            request = _decode_general(body, model, notes if leave_out_unsigned else None)
        except ValidationError:
            camel = camel_case_body(body)
            if camel is None:
                raise
            return _decode_request(camel, model, leave_out_unsigned=leave_out_unsigned)
    if snake_case_kept(request):
        # A snake_case field the reader did not map rides in extensions; read the body camelCased.
        camel = camel_case_body(body)
        if camel is not None:
            return _decode_request(camel, model, leave_out_unsigned=leave_out_unsigned)
    return request, tuple(notes)


def typed_or_none(body: Any, model: str | None) -> tuple[Request, None, tuple[Adaptation, ...]] | None:
    """:func:`typed_surveyed_or_none`'s Request and notes, without the survey (a body translated to
    its own dialect needs none)."""
    substituted: list[Adaptation] = []
    request = _typed_or_none(body, model, substituted)
    if request is None or snake_case_kept(request):
        return None
    return request, None, tuple(substituted)


def typed_surveyed_or_none(
    body: Any, model: str | None
) -> tuple[Request, ContentSurvey, tuple[Adaptation, ...]] | None:
    """The typed fast path's Request and notes, as :func:`decode_request_without_unsigned_thinking`
    gives them where that path takes the body (a function response in another shape than lm15's
    read as its result text, ``substituted``: google-genai's agent loop answers so), and its survey
    (``crossing.survey``'s answer, from what the reading met: no walk of its own); None where the
    typed path refuses or the body is read again camelCased. One reading: the gateway asks for
    the notes rather than have a strict attempt refuse the body and the gateway reader read it
    again."""
    substituted: list[Adaptation] = []
    try:
        request, seen = read_surveyed(body, model, substituted)
    except (Refused, LmcodecError, msgspec.MsgspecError, RecursionError, ValueError, TypeError):
        return None
    if snake_case_kept(request):
        return None
    return request, read_survey(seen), tuple(substituted)


def _decode_general(body: bytes, model: str | None, unsigned: Unsigned = None) -> Request:
    """The general path, which names a fault with its JSON path (or agrees with the fast path)."""
    try:
        return _read(TOP.decode(body), model, unsigned)
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
