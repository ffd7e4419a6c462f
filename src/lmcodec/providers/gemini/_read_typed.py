"""The GenerateContent reader's fast path: the body decoded once into views, mapped straight to
the canonical Structs.

:mod:`lmcodec.providers.gemini.read`'s general path decodes each top-level key on its own, maps
each part to its canonical part in JSON form and converts the whole tree (``msgspec.convert``).
This path decodes a body of mapped keys in one pass (:class:`BodyView`; a body with any other key
is read key by key) and makes each Struct from a prototype holding the defaults
(``msgspec.structs.replace`` runs ``__post_init__``); each check the conversion makes and the
views do not (non-empty ids, names, media types and the model) is made here; the settings side
is :mod:`._read_typed_settings`. Where a rule refuses, it raises
:class:`Refused` (or the error the general path would raise) and the caller runs the general
path, which names the fault with its JSON path. ``tests/providers/test_read_gemini_typed.py``
holds the two paths equal. google-genai's own snake_case keys in the settings are read here too
(:mod:`._read_genai`), and so, for the gateway's reading, are function responses in another shape
than lm15's (``substituted``, as ``_read_lenient.sdk_responses_out`` reads them);
``tests/providers/test_read_gemini_genai.py`` holds both equal to the old path.
"""

from __future__ import annotations

from typing import Any, Final

import msgspec
from msgspec import UNSET

from lmcodec.providers._crossing_survey import Seen, met
from lmcodec.providers._user_turns import user_turn_into
from lmcodec.providers.gemini._read_common import (
    FILE_PREFIXES,
    UNNAMED_MODEL,
    Calls,
    media_kind,
    standard_base64,
)
from lmcodec.providers.gemini._read_config import ANY, MAPPED
from lmcodec.providers.gemini._read_genai import genai_spelling_read
from lmcodec.providers.gemini._read_lenient import failed, substituted_response
from lmcodec.providers.gemini._read_typed_settings import Refused, settings, usual_settings
from lmcodec.providers.gemini._read_views import (
    BOOL,
    GENAI_CONTENTS,
    OBJECT,
    STR,
    SYSTEM,
    TOOLS,
    TOP,
    BodyView,
    FunctionCall,
    GenaiContentView,
    GenaiFunctionResponse,
    GenaiPartView,
)
from lmcodec.wire import (
    Adaptation,
    AudioPart,
    BinaryPart,
    ContinuationState,
    DocumentPart,
    ImagePart,
    Message,
    Request,
    TextPart,
    ThinkingPart,
    ToolCallPart,
    ToolResultPart,
    VideoPart,
)
from lmcodec.wire._float_literals import float_literal

__all__ = ["Refused", "read_surveyed", "read_typed"]

_BODY: Final = msgspec.json.Decoder(BodyView, float_hook=float_literal)
_replace: Final = msgspec.structs.replace
_TEXT: Final = TextPart(text="-")
_THINKING: Final = ThinkingPart(text="-")
_CALL: Final = ToolCallPart(id="-", name="-", input={})
_RESULT: Final = ToolResultPart(id="-", content=(_TEXT,))
_SIGNATURE: Final = ContinuationState(provider="gemini", kind="thought_signature", data={})
_MESSAGE: Final = Message(role="user", parts=(_TEXT,))
_REQUEST: Final = Request(model="-", messages=(_MESSAGE,))
_KINDS: Final = {
    "image": ImagePart,
    "audio": AudioPart,
    "video": VideoPart,
    "document": DocumentPart,
    "binary": BinaryPart,
}
_MEDIA: Final[dict[tuple[str, str], Any]] = {
    (kind, source): cls(media_type="x/y", **{source: "AAAA"})
    for kind, cls in _KINDS.items()
    for source in ("data", "url", "file_id")
}
"""(media kind, source field) -> the part's prototype."""
_MEDIA_FIELDS: Final = ("inline_data", "file_data", "inline_data_snake", "file_data_snake")
_NOT_MEDIA: Final = tuple(name for name in GenaiPartView.__struct_fields__ if name not in _MEDIA_FIELDS)


Substituted = list[Adaptation] | None
"""Where the gateway's reading notes a function response read as its result text (None: refused)."""


class _Pairing(Exception):
    """A functionResponse without an id: the ids are read again, paired over the transcript."""


def _one_spelling(camel: str | msgspec.UnsetType, snake: str | msgspec.UnsetType) -> str:
    """A field given under one of its two names; :class:`Refused` where it has neither or both."""
    if snake is UNSET:
        if camel is UNSET:
            raise Refused
        return camel
    if camel is not UNSET:
        raise Refused
    return snake


def _media(part: GenaiPartView, in_result: bool = False) -> Any:
    """A media part (its fields in either spelling; the caller has checked that it holds one
    ``inlineData`` or ``fileData``); in a functionResponse (``in_result``) images and documents
    only, other media that is not audio or video read as a document."""
    blob = part.inline_data if part.inline_data is not UNSET else part.inline_data_snake
    if blob is not UNSET:
        mime, source = _one_spelling(blob.mime_type, blob.mime_type_snake), "data"
        value = standard_base64(blob.data)
    else:
        file = part.file_data if part.file_data is not UNSET else part.file_data_snake
        if file is UNSET:
            raise Refused
        mime = _one_spelling(file.mime_type, file.mime_type_snake)
        value = _one_spelling(file.file_uri, file.file_uri_snake)
        source = "file_id" if value.startswith(FILE_PREFIXES) else "url"
    if not mime:
        raise Refused
    kind = media_kind(mime)
    if in_result:
        if kind == "audio" or kind == "video":
            raise Refused
        if kind == "binary":
            kind = "document"
    return _replace(_MEDIA[kind, source], media_type=mime, **{source: value})


def _result_media(part: GenaiPartView) -> Any:
    """Media of a functionResponse: one inlineData or fileData a part."""
    if any(getattr(part, name) is not UNSET for name in _NOT_MEDIA):
        raise Refused
    if sum(getattr(part, name) is not UNSET for name in _MEDIA_FIELDS) != 1:
        raise Refused
    return _media(part, in_result=True)


def snake_spelled(part: GenaiPartView) -> bool:
    """Whether a part spells a media field in snake_case (in a function response's parts too):
    the body is then read as the general path reads it camelCased (``_read_genai``)."""
    views = [part]
    while views:
        view = views.pop()
        if view.inline_data_snake is not UNSET or view.file_data_snake is not UNSET:
            return True
        blob = view.inline_data
        if blob is not UNSET and blob.mime_type_snake is not UNSET:
            return True
        file = view.file_data
        if file is not UNSET and (file.file_uri_snake is not UNSET or file.mime_type_snake is not UNSET):
            return True
        response = view.function_response
        if response is not UNSET and response.parts:
            views.extend(response.parts)
    return False


def _result(
    response: GenaiFunctionResponse, calls: Calls | None, where: tuple[int, int], substituted: Substituted
) -> ToolResultPart:
    """A function response; another response object than lm15's is refused, or (``substituted``
    given: the gateway's reading) read as its result text and noted there (``_read_lenient``)."""
    name = response.name
    if not name:
        raise Refused
    media = tuple([_result_media(p) for p in response.parts]) if response.parts else ()
    answer = response.response if type(response.response) is dict else {}
    is_error = False
    content: tuple[Any, ...]
    if len(answer) == 1 and type(answer.get("result")) is str:
        content = (_replace(_TEXT, text=answer["result"]), *media)
    elif len(answer) == 1 and type(answer.get("error")) is str:
        content = (_replace(_TEXT, text=answer["error"]), *media)
        is_error = True
    elif not answer and media:
        content = media
    elif substituted is not None and answer:
        text, note = substituted_response(answer, where)
        content = (_replace(_TEXT, text=text), *media)
        substituted.append(note)
        is_error = failed(answer)
    else:
        raise Refused
    if calls is not None:
        result_id = calls.answer(name, response.id, where)
    elif response.id:
        result_id = response.id
    else:
        raise _Pairing
    result: ToolResultPart = _replace(_RESULT, id=result_id, name=name, content=content, is_error=is_error)
    return result


def _call_id(call: FunctionCall, calls: Calls | None, where: tuple[int, int]) -> str:
    if calls is not None:
        return calls.call(call.name, call.id, where)
    if not call.id:  # a made id must avoid the body's own: read again with the pairing
        raise _Pairing
    return call.id


def _part(
    part: GenaiPartView,
    model_turn: bool,
    calls: Calls | None,
    where: tuple[int, int],
    substituted: Substituted,
) -> Any:
    """Any part as the general path's ``_part`` reads it (of the camelCased body, for media in
    google-genai's snake_case)."""
    if part.executable_code is not UNSET or part.code_execution_result is not UNSET:
        raise Refused
    if (
        (part.text is not UNSET)
        + (part.inline_data is not UNSET)
        + (part.file_data is not UNSET)
        + (part.function_call is not UNSET)
        + (part.function_response is not UNSET)
        + (part.inline_data_snake is not UNSET)
        + (part.file_data_snake is not UNSET)
    ) != 1:
        raise Refused
    signature = part.thought_signature
    continuation = (_replace(_SIGNATURE, data={"value": signature}),) if signature else ()
    text = part.text
    if text is not UNSET:
        if part.thought is True:
            if not continuation:
                raise Refused
            return _replace(_THINKING, text=text, continuation=continuation)
        if part.thought is False:
            raise Refused
        return _replace(_TEXT, text=text, continuation=continuation)
    if part.thought is not UNSET:
        raise Refused
    call = part.function_call
    if call is not UNSET:
        if not call.name:
            raise Refused
        args = call.args if type(call.args) is dict else {}
        call_id = _call_id(call, calls, where)
        return _replace(_CALL, id=call_id, name=call.name, input=args, continuation=continuation)
    if continuation:
        raise Refused
    response = part.function_response
    if response is not UNSET:
        if model_turn:
            raise Refused
        return _result(response, calls, where, substituted)
    return _media(part)


def _messages(
    contents: list[GenaiContentView], calls: Calls | None, substituted: Substituted
) -> tuple[tuple[Message, ...], Seen, bool]:
    """The messages, what was met among the parts (``Seen``, for the gateway's survey) and whether a
    part spelled a media field in snake_case (:func:`snake_spelled`); with no ``calls`` (every call
    and response names its id: no pairing is read) the ids are the given ones, and an id-less call
    or response raises :class:`_Pairing`; ``substituted``: see :func:`_result`."""
    out: list[Message] = []
    append = out.append
    seen = Seen()
    names = seen.names
    result_ids = seen.result_ids
    other_names = seen.other_names
    texts = empty_text = spelled = False
    calls_met = 0
    for i, content in enumerate(contents):
        model_turn = content.role == "model"
        views = content.parts
        if not views:
            raise Refused
        parts: list[Any] = []
        tools = 0
        for j, view in enumerate(views):
            # the common parts inline: one data field, no other field (attribute tests stop early)
            if (
                view.thought is UNSET
                and view.thought_signature is UNSET
                and view.inline_data is UNSET
                and view.file_data is UNSET
                and view.executable_code is UNSET
                and view.code_execution_result is UNSET
                and view.inline_data_snake is UNSET
                and view.file_data_snake is UNSET
            ):
                text, call, response = view.text, view.function_call, view.function_response
                if text is not UNSET:
                    if call is UNSET and response is UNSET:
                        parts.append(_replace(_TEXT, text=text))
                        texts = True
                        if not text:
                            empty_text = True
                        continue
                elif call is not UNSET:
                    if response is UNSET and call.name:
                        args = call.args if type(call.args) is dict else {}
                        call_id = call.id if calls is None and call.id else _call_id(call, calls, (i, j))
                        parts.append(_replace(_CALL, id=call_id, name=call.name, input=args))
                        calls_met += 1
                        if names.setdefault(call_id, call.name) != call.name:
                            other_names.append(call.name)
                        continue
                elif response is not UNSET and not model_turn:
                    tools += 1
                    answer = response.response
                    if (  # the usual answer inline: {"result": text}, no media, its own id
                        calls is None
                        and response.id
                        and response.name
                        and response.parts is UNSET
                        and type(answer) is dict
                        and len(answer) == 1
                        and type(answer.get("result")) is str
                    ):
                        said = _replace(_TEXT, text=answer["result"])
                        parts.append(_replace(_RESULT, id=response.id, name=response.name, content=(said,)))
                        result_ids.append(response.id)
                        other_names.append(response.name)
                    else:
                        result = _result(response, calls, (i, j), substituted)
                        if response.parts and not spelled:
                            spelled = snake_spelled(view)
                        met(result, seen)
                        parts.append(result)
                    continue
            part = _part(view, model_turn, calls, (i, j), substituted)
            kind = type(part)
            if kind is ToolResultPart:
                tools += 1
            if not spelled and kind is not ToolCallPart and kind is not TextPart and kind is not ThinkingPart:
                spelled = snake_spelled(view)
            met(part, seen)
            parts.append(part)
        if model_turn:
            append(_replace(_MESSAGE, role="assistant", parts=tuple(parts)))
        elif not tools:
            append(_replace(_MESSAGE, role="user", parts=tuple(parts)))
        elif tools == len(parts):
            append(_replace(_MESSAGE, role="tool", parts=tuple(parts)))
        else:
            user_turn_into(parts, out)
    if not out:
        raise Refused
    seen.calls += calls_met
    if texts:
        seen.texts = True
    if empty_text:
        seen.empty_text = True
    return tuple(out), seen, spelled


def _request(
    whole: BodyView, url_model: str | None, extensions: dict[str, Any], substituted: Substituted = None
) -> tuple[Request, Seen]:
    if url_model is not None:
        model = url_model
    elif whole.model is not UNSET:
        model = STR.decode(whole.model)
    else:
        model = UNNAMED_MODEL
    if whole.contents is UNSET or not model:
        raise Refused
    try:
        messages, seen, spelled = _messages(whole.contents, None, substituted)
    except _Pairing:
        if substituted is not None:  # (the notes of the attempt without the pairing)
            substituted.clear()
        messages, seen, spelled = _messages(whole.contents, Calls(whole.contents), substituted)
    whole, extensions = genai_spelling_read(whole, extensions, spelled)
    request = usual_settings(whole, model, messages, extensions)
    return (request if request is not None else settings(whole, model, messages, extensions)), seen


def _key_by_key(body: bytes) -> tuple[BodyView, dict[str, Any]]:
    """A body with a key :class:`BodyView` does not map: each mapped key through its own view,
    the others decoded as they stand (they ride in extensions, in the body's order)."""
    raw = TOP.decode(body)

    def value(key: str, decoder: msgspec.json.Decoder[Any]) -> Any:
        return decoder.decode(raw[key]) if key in raw else UNSET

    whole = BodyView(
        contents=value("contents", GENAI_CONTENTS),
        system_instruction=value("systemInstruction", SYSTEM),
        generation_config=value("generationConfig", OBJECT),
        tools=value("tools", TOOLS),
        tool_config=value("toolConfig", OBJECT),
        cached_content=value("cachedContent", STR),
        store=value("store", BOOL),
        service_tier=value("serviceTier", STR),
        model=raw.get("model", UNSET),
    )
    return whole, {key: ANY.decode(item) for key, item in raw.items() if key not in MAPPED}


def read_typed(body: bytes, url_model: str | None) -> Request:
    """The Request of a body as the general path reads it (``url_model``: the model of the URL)."""
    return read_surveyed(body, url_model)[0]


def read_surveyed(
    body: bytes, url_model: str | None, substituted: Substituted = None
) -> tuple[Request, Seen]:
    """:func:`read_typed`'s Request and what the reading met among its parts (``Seen``, the
    gateway's survey); ``substituted`` given (the gateway's reading), a function response object
    other than lm15's is read as its result text and noted there, as ``sdk_responses_out`` reads it."""
    extensions: dict[str, Any] = {}
    try:
        whole = _BODY.decode(body)
    except msgspec.ValidationError:
        whole, extensions = _key_by_key(body)
    return _request(whole, url_model, extensions, substituted)
