"""What the Anthropic and Gemini request builders share: lm15's text renderings, its refusals and
its record of adaptations, the judgment reading of a response_format schema, the body encoder;
and, for the two OpenAI wires, the one check of a build's tool-call arguments.

Refusals map lm15 1.5.0's errors to lmcodec's: ``UnsupportedFeatureError`` becomes
:class:`lmcodec.ProviderError` with ``code="unsupported_feature"`` and lm15's ``provider``,
``feature`` and message; a ``ValueError`` lm15 raises (a lone surrogate no provider can receive,
a stored-cache request with no message left, a media path the OS cannot take) becomes
:class:`lmcodec.ValidationError`; the ``OSError`` of reading a media part's path goes through, as
lm15's does.
"""

from __future__ import annotations

import base64
import json
import math
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any, Final, get_args

import msgspec

from lmcodec.codecs._hooks import builtin_value
from lmcodec.errors import ProviderError, ValidationError
from lmcodec.wire import Adaptation, CitationPart, DataPart, ImagePart, Part, TextPart, ThinkingPart
from lmcodec.wire._checks import is_json_value
from lmcodec.wire._local_file import regular_file_bytes
from lmcodec.wire.telemetry import AdaptationAction
from lmcodec.wire.unknown import Unknown

__all__ = [
    "MEDIA_KINDS",
    "NO_PART",
    "Judgment",
    "Notes",
    "continuation_value",
    "data_part_text",
    "encode_body",
    "float_spelling_may_differ",
    "is_ascii_json_as_stdlib",
    "is_box",
    "model_without_prefix",
    "note",
    "note_template",
    "note_with",
    "parts_to_text",
    "path_base64",
    "read_judgments",
    "unsupported",
]

MEDIA_KINDS: Final = frozenset({"image", "audio", "video", "document", "binary"})
_ENCODER: Final = msgspec.json.Encoder(enc_hook=builtin_value)
"""A request body's encoder: a str, int or float subclass (a tagged id or text) is written as its
value, as lm15's ``json.dumps`` writes it (red team 40 F01); msgspec calls the hook only for such
values, so a common body costs what it cost."""
_ENCODE: Final = _ENCODER.encode


def unsupported(provider: str | None, message: str, feature: str | None = None) -> ProviderError:
    """lm15's ``UnsupportedFeatureError(message, provider=..., feature=...)``."""
    return ProviderError(message, code="unsupported_feature", provider=provider, feature=feature)


def unknown_item(item: Unknown, provider: str | None) -> ProviderError:
    """The refusal of an item of an unknown type (an ``Unknown*`` that ``lc.decode(...,
    unknown="keep")`` kept, e.g. from a newer lm15's log): no wire has a form for it, and writing
    nothing or empty text in its place would lose it silently."""
    head = f"{provider}: " if provider else ""
    where = "tools" if item.family == "tool" else "messages[*].parts"
    return unsupported(
        provider,
        f"{head}a {item.family} of unknown type {item.type!r} (kept by decode(..., unknown='keep')) "
        "has no form on the provider's wire; remove it or convert it to a known type first",
        f"{where}[{item.type}]",
    )


if TYPE_CHECKING:
    Notes = list[Adaptation]
else:  # what the readers call to make one: calling ``list[Adaptation]`` costs ~5x ``list()``
    Notes = list
"""lm15's adaptation scope under the default ``"note"`` policy: the records, in lm15's order (a
plain list: a list subclass cost ~0.13 us a build to make, 2% of a small build)."""


_NOTE: Final = Adaptation(field="-", action="dropped", reason="-")
_ACTIONS: Final = frozenset(get_args(AdaptationAction))
_TAKEN_AS_GIVEN: Final = frozenset({type(None), str, int, bool})
_isfinite: Final = math.isfinite
"""The types of ``asked`` and ``applied`` that Adaptation's checked constructor stores as given
without a walk (a finite float and a JSON container after ``is_json_value``'s)."""


def adaptation(
    field: str, action: AdaptationAction, reason: str, asked: Any = None, applied: Any = None
) -> Adaptation:
    """``Adaptation(field=..., ...)``, copied from a template (``msgspec.structs.replace``) where the
    checked constructor would store every argument as given: a non-empty str ``field`` and
    ``reason``, a known ``action``, ``asked`` and ``applied`` JSON values. The constructor binds its
    arguments and walks each value twice (~3.5 us a note: two thirds of an Anthropic build whose
    max_tokens lm15 defaults, red team 17 F04; a dozen notes on a Codex body crossing). Anything
    else goes through the constructor and its errors."""
    if (
        type(field) is str
        and field
        and type(reason) is str
        and reason
        and type(action) is str
        and action in _ACTIONS
        and (type(asked) in _TAKEN_AS_GIVEN or is_json_value(asked))
        and (type(applied) in _TAKEN_AS_GIVEN or is_json_value(applied))
    ):
        copied: Adaptation = msgspec.structs.replace(
            _NOTE, field=field, action=action, reason=reason, asked=asked, applied=applied
        )
        return copied
    return Adaptation(field=field, action=action, reason=reason, asked=asked, applied=applied)


def note(
    notes: Notes, field: str, action: AdaptationAction, reason: str, *, asked: Any = None, applied: Any = None
) -> None:
    """Record one adaptation (lm15 ``adapt`` under the default ``"note"`` policy: never refuses),
    made by :func:`adaptation`."""
    notes.append(adaptation(field, action, reason, asked, applied))


def note_template(field: str, action: AdaptationAction, reason: str) -> Adaptation:
    """A call site's note with its fixed words (``field``, ``action``, ``reason``), made once by the
    checked constructor, which refuses an empty field or reason and an unknown action;
    :func:`note_with` copies it with a build's values."""
    return Adaptation(field=field, action=action, reason=reason)


def note_with(notes: Notes, template: Adaptation, asked: Any = None, applied: Any = None) -> None:
    """:func:`note` of a template's words (~2x cheaper: one call, no checks of the words, two
    fields copied): the values copied in where the checked constructor would store them as given
    (None, str, int, bool, a finite float, a JSON container); anything else through the
    constructor and its errors."""
    kind = type(asked)
    if kind in _TAKEN_AS_GIVEN or (kind is float and _isfinite(asked)) or is_json_value(asked):
        kind = type(applied)
        if kind in _TAKEN_AS_GIVEN or (kind is float and _isfinite(applied)) or is_json_value(applied):
            notes.append(msgspec.structs.replace(template, asked=asked, applied=applied))
            return
    field, action, reason = template.field, template.action, template.reason
    notes.append(Adaptation(field=field, action=action, reason=reason, asked=asked, applied=applied))


def model_without_prefix(model: str, provider: str) -> str:
    """lm15 ``_wire_request``: ``"anthropic:claude-x"`` is sent as ``"claude-x"``."""
    if ":" not in model:
        return model
    head, sep, rest = model.partition(":")
    if sep and rest and head.replace("_", "-") == provider:
        return rest
    return model


# msgspec spells floats (1e-05) and nothing else differently from ``json.dumps``; output holding no
# exponent or long fraction is taken as is, anything else goes through the stdlib encoder.
_DIGIT_E: Final = bytes(
    ord("0") if c in b"0123456789" else ord("e") if c in b"eE" else ord(" ") for c in range(256)
)
_UNICODE_JSON: Final = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False)


def float_spelling_may_differ(data: bytes) -> bool:
    """Whether JSON written by msgspec may spell a float otherwise than ``json.dumps``: a digit
    followed by ``e``/``E`` (an exponent) or ``0.0000`` (a long fraction) anywhere in it. The
    bytes mapped to ``0``/``e``/space make the first one plain substring search (a regular
    expression with a class at its head costs several times more on every tool call; ``partition``
    searches without the argument parsing of ``find``)."""
    return bool(data.translate(_DIGIT_E).partition(b"0e")[1] or data.partition(b"0.0000")[1])


_SUSPECTS: Final = bytes(
    ord("0") if c in b"0123456789" else ord("e") if c in b"eE" else 0x80 if c >= 0x7F else ord(" ")
    for c in range(256)
)


def is_ascii_json_as_stdlib(datas: list[bytes]) -> bool:
    """Whether ``json.dumps`` (ASCII escapes) writes each of ``datas`` (msgspec's JSON of a tool
    call's input) as msgspec wrote it: no byte past ASCII, no DEL, no float msgspec spells
    otherwise (:func:`float_spelling_may_differ`; none of these spans the newline joining them).
    One translation says it all but ``0.0000``: DEL and the bytes past ASCII become 0x80, so the
    translation is ASCII only where the input is, and digits before ``e``/``E`` become ``0e``
    (one pass and two searches fewer than testing each property by itself, per build)."""
    joined = b"\n".join(datas)
    suspects = joined.translate(_SUSPECTS)
    return suspects.isascii() and not suspects.partition(b"0e")[1] and not joined.partition(b"0.0000")[1]


def texts_with_an_image(content: tuple[Any, ...]) -> bool:
    """Whether a tool result's content is exact TextParts and ImageParts with at least one image
    (the usual result with media, which the builders write in one pass); every part's type is
    tested before any is written, so an unreadable image path never comes before a refusal."""
    images = False
    for item in content:
        kind = type(item)
        if kind is ImagePart:
            images = True
        elif kind is not TextPart:
            return False
    return images


NO_PART: Final = (TextPart(text=""),)
"""lm15's reading of an answer with no part (an Anthropic ``content: []``, a Responses ``output:
[]``, a Gemini candidate with ``parts: []`` or none, a blocked prompt): one empty text part, its
never-empty rule. The Anthropic and Responses body writers write it as no block / no item, what
the stream writers write and what lm15 reads back as this same part (red team 35 F04)."""


def data_part_text(part: DataPart) -> str:
    """A DataPart on a text-only wire: its value as compact JSON, spelled as lm15 spells it."""
    try:
        fast = _ENCODER.encode(part.value)
    except (TypeError, UnicodeEncodeError, OverflowError):
        return _UNICODE_JSON.encode(part.value)
    if not float_spelling_may_differ(fast):
        return fast.decode("utf-8")
    return _UNICODE_JSON.encode(part.value)


def parts_to_text(
    parts: Iterable[Part], provider: str | None = None, where: str = "a text-only wire field"
) -> str:
    """lm15 ``parts_to_text``: text-bearing parts joined by newlines; a media part is refused."""
    out: list[str] = []
    for part in parts:
        kind = part.type
        if kind in MEDIA_KINDS:
            head = f"{provider}: " if provider else ""
            raise unsupported(
                provider,
                f"{head}a {kind} part cannot reach {where}, which takes text only; "
                "no text rendering of a media part is made (MAP-10)",
                f"messages[*].parts[{kind}]",
            )
        if isinstance(part, TextPart):
            out.append(part.text)
        elif isinstance(part, DataPart):
            out.append(data_part_text(part))
        elif isinstance(part, ThinkingPart):
            if part.text:
                out.append(part.text)
        elif isinstance(part, CitationPart):
            bits = [x for x in (part.title, part.url, part.text) if x]
            if bits:
                out.append(" — ".join(bits))
        elif isinstance(part, Unknown):
            raise unknown_item(part, provider)
    return "\n".join(out)


def path_base64(part: Any) -> str:
    """The file at a media part's ``path``, read now, as base64 (lm15 ``media_base64``): the
    ``OSError`` of reading it goes through, as lm15's does (a missing file is not malformed input:
    docs/hostile-input.md); a path the OS cannot take (an embedded NUL byte, lm15's ``ValueError``)
    is a :class:`ValidationError`, and so is one naming no regular file (a device, FIFO or socket,
    which lm15 reads without end: :mod:`lmcodec.wire._local_file`)."""
    try:
        raw = regular_file_bytes(part.path, f"the {part.type} part's path")
    except ValidationError:
        raise
    except ValueError as exc:
        raise ValidationError(f"cannot read the {part.type} part's path {str(part.path)!r}: {exc}") from None
    return base64.b64encode(raw).decode("ascii")


def continuation_value(part: Any, provider: str, kind: str) -> dict[str, Any] | None:
    """lm15 ``continuation_data``: the data of the part's first state of this provider and kind."""
    for state in part.continuation:
        if state.provider == provider and state.kind == kind:
            data: dict[str, Any] = state.data
            return data
    return None


def encode_body(payload: dict[str, Any]) -> bytes:
    """The JSON body, compact, in insertion order (lm15 ``json_dumps``); text that is not valid
    Unicode (a lone surrogate) is refused with lm15's message. A plain ``Encoder.encode``: a pooled
    buffer (``encode_into``, then ``bytes()``) cost a one-message body 2.2x the encode in time and
    won nothing measurable up to 30 kB (benchmarks/NOTES.md, "Requests, eleventh round")."""
    try:
        return _ENCODE(payload)
    except UnicodeEncodeError as exc:
        codepoints = " ".join(f"U+{ord(ch):04X}" for ch in exc.object[exc.start : exc.end])
        raise ValidationError(
            f"request contains text that is not valid Unicode (lone surrogate {codepoints}), "
            "which no provider can receive; repair the text first, e.g. "
            "text.encode('utf-8', 'replace').decode('utf-8')"
        ) from exc


# ─── judgments (MAP-14): the properties of a json_schema that declare their answer set ───


class Judgment(msgspec.Struct, frozen=True):
    """One judgment property: its kind and declared keys, with per-key titles/descriptions."""

    kind: str
    keys: tuple[str, ...]
    descriptions: dict[str, str | None]
    titles: dict[str, str | None]


_BOX: Final = Judgment("box", (), {}, {})
_BOOLEAN: Final = Judgment("boolean", ("true", "false"), {"true": None, "false": None}, {})
_BOX_EDGES: Final = frozenset({"top", "bottom", "left", "right"})


def is_box(prop: Any) -> bool:
    """A bounding-box property (top/bottom/left/right numbers): lm15 reads it as a box judgment."""
    if not isinstance(prop, dict) or prop.get("type", "object") != "object":
        return False
    props = prop.get("properties")
    if not isinstance(props, dict) or set(props) != _BOX_EDGES:
        return False
    return all(isinstance(edge, dict) and edge.get("type") == "number" for edge in props.values())


def _const_branches(prop: Mapping[str, Any]) -> list[Any] | None:
    branches = prop.get("anyOf")
    if not isinstance(branches, list) or not branches:
        return None
    if not all(isinstance(b, dict) and "const" in b for b in branches):
        return None
    return branches


def _label(branch: Mapping[str, Any], key: str) -> str | None:
    value = branch.get(key)
    return value if isinstance(value, str) else None


def _judgment_of(prop: Any) -> Judgment | None:
    if not isinstance(prop, dict):
        return None
    if is_box(prop):
        return _BOX
    if prop.get("type") == "boolean":
        return _BOOLEAN
    enum = prop.get("enum")
    branches = _const_branches(prop)
    descs: dict[str, str | None] = {}
    titles: dict[str, str | None] = {}
    if isinstance(enum, list) and enum and branches is None:
        values: list[Any] = enum
    elif branches is not None and enum is None:
        values = [b["const"] for b in branches]
        descs = {str(b["const"]): _label(b, "description") for b in branches}
        titles = {str(b["const"]): _label(b, "title") for b in branches}
    else:
        return None
    if all(isinstance(v, str) and v for v in values):
        if prop.get("type") not in (None, "string") or len(set(values)) != len(values):
            return None
        keys = tuple(values)
        kind = "choice"
    elif all(isinstance(v, int) and not isinstance(v, bool) for v in values):
        if prop.get("type") not in (None, "integer") or values != list(range(len(values))) or len(values) < 2:
            return None
        keys = tuple(str(v) for v in values)
        kind = "ordered"
    else:
        return None
    return Judgment(kind, keys, {k: descs.get(k) for k in keys}, {k: titles.get(k) for k in keys})


def read_judgments(response_format: Mapping[str, Any] | None) -> dict[str, Judgment]:
    """lm15 ``request_judgments``: the judgment properties of a json_schema format, in order."""
    if response_format is None or response_format.get("type") != "json_schema":
        return {}
    schema = response_format.get("schema")
    if not isinstance(schema, dict) or schema.get("type") not in (None, "object"):
        return {}
    props = schema.get("properties")
    if not isinstance(props, dict):
        return {}
    found: dict[str, Judgment] = {}
    for name, prop in props.items():
        judgment = _judgment_of(prop)
        if judgment is not None and isinstance(name, str):
            found[name] = judgment
    return found


def note_unmeasurable_probabilities(
    policy: str | None, found: Mapping[str, Judgment], provider: str, notes: Notes
) -> None:
    """lm15 MAP-14 §3 on a wire with no distribution: ``required`` refuses, ``if_available`` is dropped."""
    if policy in (None, "off") or not any(j.kind != "box" for j in found.values()):
        return
    if policy == "required":
        raise unsupported(
            provider,
            f"{provider}: config.probabilities='required' but this wire cannot measure a distribution "
            "over the declared keys (it returns a pick only); use 'if_available' or a provider that can "
            "(typesafe, or a vLLM/SGLang server that honours logprob_token_ids)",
            "config.probabilities",
        )
    note(
        notes,
        "config.probabilities",
        "dropped",
        "this wire cannot measure a distribution over the declared keys; the answer carries the pick only",
        asked=policy,
    )
