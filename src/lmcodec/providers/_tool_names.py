"""Function names a client may use that the destination dialect refuses, renamed across a gateway.

Gemini takes a function name that starts with a letter or ``_``, of letters, digits, ``_``, ``.``,
``:`` and ``-``, up to 128 characters (google-genai's ``FunctionDeclaration.name``: "Must start
with a letter or an underscore"), and MCP bridges name tools ``server.tool``; OpenAI (Chat and
Responses) takes "a-z, A-Z, 0-9, or underscores and dashes, with a maximum length of 64" (the openai
SDK's ``FunctionDefinition.name``), and Anthropic the same characters (its tool name pattern
``^[a-zA-Z0-9_-]``; 64 is the length all three take). Sent as they are, ``github.create_issue`` is
a 400 from OpenAI and Anthropic (red team 9 F09), and ``2fa_verify`` or ``-lint`` (which those two
take) one from Gemini; lm15's builders send every name as it is.

:func:`tool_names_out` renames every such name in a Request crossing to another dialect (from a
Gemini client to the others by :data:`OTHERS`' rule, from another client to Gemini by
:data:`GEMINI`'s), wherever it appears (the function tools, ``tool_choice.allowed``, the calls and
results of the history), so a call and its declaration stay paired: the characters outside the
alphabet become ``_`` (``github_create_issue``), toward Gemini a first character it refuses is
preceded by ``_`` (``_2fa_verify``), the first 64 (Gemini: 128) kept; where that name is another
name of the request already, or is cut, it takes ``_x`` and 8 or more hex digits of the name's
SHA-256 (so two names never become one). The rename is decided by the request's names alone, so the
same tools give the same names every turn. Each renamed name is one ``substituted`` Adaptation
(``asked`` the client's name, ``applied`` the one sent) at its first place.

The answer's calls come back under the names sent; :func:`names_back` reads the renames off a built
request's adaptations, and ``lc.stream.translate(..., adaptations=...)`` writes each call to the
client under the client's name; so does ``lc.encode_response(..., adaptations=...)`` for a
non-streamed answer (:func:`calls_named_back`).
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Collection, Iterable
from typing import Any, Final, NamedTuple

import msgspec

from lmcodec.wire import (
    Adaptation,
    FunctionTool,
    Message,
    Request,
    Response,
    ToolCallPart,
    ToolResultPart,
)

__all__ = ["GEMINI", "OTHERS", "NameRule", "calls_named_back", "names_back", "tool_names_out"]

_LETTERS: Final = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
_KNOWN_AT_MOST: Final = 4096
_DIGITS: Final = 8
_RENAMED_AT: Final = re.compile(
    r"tools\[\d+\]\.name|messages\[\d+\]\.parts\[\d+\]\.name|config\.tool_choice\.allowed\[\d+\]"
)


class NameRule(NamedTuple):
    """A destination's function-name rule: a valid name (``valid``; ``alphabet`` its characters,
    ``outside`` one that is not, ``longest`` its length, ``first`` the characters it may start
    with, empty when any), the names already found valid (``known``: emptied when it holds
    :data:`_KNOWN_AT_MOST`), and the reason of the Adaptation."""

    valid: re.Pattern[str]
    alphabet: bytes
    outside: re.Pattern[str]
    longest: int
    first: str
    known: set[str]
    reason: str


OTHERS: Final = NameRule(
    re.compile(r"[a-zA-Z0-9_-]{1,64}"),
    _LETTERS + b"0123456789_-",
    re.compile(r"[^a-zA-Z0-9_-]"),
    64,
    "",
    set(),
    "a Gemini function name the destination refuses (names must match ^[a-zA-Z0-9_-]{1,64}$): renamed "
    "in the tools, tool_choice, calls and results alike (the same name always to the same name); "
    "the answer's calls are written back under the client's name by lc.stream.translate",
)
"""OpenAI's (Chat, Responses) and Anthropic's rule, applied to a Gemini client's names."""
GEMINI: Final = NameRule(
    re.compile(r"[a-zA-Z_][a-zA-Z0-9_.:-]{0,127}"),
    _LETTERS + b"0123456789_.:-",
    re.compile(r"[^a-zA-Z0-9_.:-]"),
    128,
    _LETTERS.decode() + "_",
    set(),
    "a function name Gemini refuses (it must start with a letter or an underscore, then letters, "
    "digits, underscores, dots, colons and dashes, up to 128): renamed in the tools, tool_choice, "
    "calls and results alike (the same name always to the same name); the answer's calls are "
    "written back under the client's name by lc.stream.translate",
)
"""Gemini's rule, applied to another client's names."""


def _names(request: Request) -> list[str]:
    """Every function name of ``request``, in order: its tools, tool_choice.allowed, then its history."""
    names = [tool.name for tool in request.tools if isinstance(tool, FunctionTool)]
    names.extend(_allowed_functions(request))
    for message in request.messages:
        for part in message.parts:
            kind = type(part)
            if kind is ToolCallPart or (kind is ToolResultPart and part.name is not None):  # type: ignore[union-attr]
                names.append(part.name)  # type: ignore[union-attr,arg-type]
    return names


def _allowed_functions(request: Request) -> Iterable[str]:
    """The names of ``tool_choice.allowed`` that name function tools: one may name a builtin
    tool, whose name is never renamed (nor, then, its entry)."""
    choice = request.config.tool_choice
    if choice is None or not choice.allowed:
        return ()
    builtin = {tool.name for tool in request.tools if not isinstance(tool, FunctionTool)}
    return [name for name in choice.allowed if name not in builtin] if builtin else choice.allowed


def _all_valid(names: Iterable[str], rule: NameRule) -> bool:
    """Whether every name of ``names`` matches ``rule`` (see :func:`_valid`)."""
    known = rule.known
    for name in names:
        if name not in known and not _valid(name, rule):
            return False
    return True


def _valid(name: str, rule: NameRule) -> bool:
    """Whether ``name`` matches ``rule``, remembered when it does: a gateway's client sends the
    same tools every turn, and a name it has sent is then one set lookup (a check costs ~2k
    instructions, the calls to ``len``, ``str.encode`` and ``bytes.translate``; a regular
    expression ~70 a character). At most :data:`_KNOWN_AT_MOST` names are held a rule."""
    if (
        0 < len(name) <= rule.longest
        and name.isascii()
        and not name.encode().translate(None, rule.alphabet)
        and (not rule.first or name[0] in rule.first)
    ):
        known = rule.known
        if len(known) >= _KNOWN_AT_MOST:
            known.clear()
        known.add(name)
        return True
    return False


def _renames(names: list[str], rule: NameRule) -> dict[str, str]:
    """Each name the destination refuses -> the name sent for it (see the module docstring)."""
    taken = {name for name in names if rule.valid.fullmatch(name)}
    renamed: dict[str, str] = {}
    longest = rule.longest
    for name in names:
        if name in taken or name in renamed:
            continue
        readable = rule.outside.sub("_", name)
        if rule.first and readable[:1] not in rule.first:
            readable = "_" + readable  # (an empty name too)
        new = readable
        if new in taken or len(new) > longest:  # another name's spelling, or cut: told apart by a hash
            digest = hashlib.sha256(name.encode("utf-8", "surrogatepass")).hexdigest()
            digits = _DIGITS
            while True:
                suffix = f"_x{digest[:digits]}"
                new = readable[: longest - len(suffix)] + suffix
                if new not in taken:
                    break
                digits += 8
                if digits > len(digest):  # every length taken by names the client sent: a hostile body
                    digest, digits = hashlib.sha256(digest.encode()).hexdigest(), _DIGITS
        taken.add(new)
        renamed[name] = new
    return renamed


def tool_names_out(
    request: Request, called: Collection[str] | None = None, *, rule: NameRule = OTHERS
) -> tuple[Request, tuple[Adaptation, ...]]:
    """``request`` with every function name ``rule`` refuses renamed (by default the other
    dialects' rule, for a request read from a Gemini body), one ``substituted`` Adaptation per
    name; ``request`` itself when every name is valid.

    ``called``: the names of the history's tool calls and results, where the caller has them
    (``crossing.survey`` gathers them on its walk of the parts), so that the usual request, whose
    names are all valid, is answered without a walk of its own; given or not, the answer is the same
    (``tests/providers/test_translate_tool_names.py``)."""
    if called is None:
        if _all_valid(_names(request), rule):
            return request, ()
    elif _all_valid(called, rule):
        known = rule.known
        for tool in request.tools:
            if isinstance(tool, FunctionTool) and tool.name not in known and not _valid(tool.name, rule):
                break
        else:
            if _all_valid(_allowed_functions(request), rule):
                return request, ()
    renamed = _renames(
        _names(request), rule
    )  # in order: which of two clashing names takes a hash is decided by it
    notes: dict[str, Adaptation] = {}

    def rename(name: str, field: str) -> str:
        new = renamed.get(name, name)
        if new != name and name not in notes:
            notes[name] = Adaptation(
                field=field, action="substituted", reason=rule.reason, asked=name, applied=new
            )
        return new

    tools = tuple(
        msgspec.structs.replace(tool, name=rename(tool.name, f"tools[{i}].name"))
        if isinstance(tool, FunctionTool) and tool.name in renamed
        else tool
        for i, tool in enumerate(request.tools)
    )
    config = request.config
    choice = config.tool_choice
    if choice is not None and any(name in renamed for name in choice.allowed):
        allowed = tuple(
            rename(name, f"config.tool_choice.allowed[{k}]") for k, name in enumerate(choice.allowed)
        )
        config = msgspec.structs.replace(config, tool_choice=msgspec.structs.replace(choice, allowed=allowed))
    messages: list[Message] = []
    for i, message in enumerate(request.messages):
        parts: list[Any] = list(message.parts)
        changed = False
        for j, part in enumerate(parts):
            if (type(part) is ToolCallPart or type(part) is ToolResultPart) and part.name in renamed:
                parts[j] = msgspec.structs.replace(
                    part, name=rename(part.name, f"messages[{i}].parts[{j}].name")
                )
                changed = True
        messages.append(msgspec.structs.replace(message, parts=tuple(parts)) if changed else message)
    out = msgspec.structs.replace(request, tools=tools, config=config, messages=tuple(messages))
    return out, tuple(notes.values())


def names_back(adaptations: Iterable[Adaptation]) -> dict[str, str]:
    """The function names :func:`tool_names_out` sent -> the client's names, from a built request's
    adaptations (empty when none was renamed)."""
    back: dict[str, str] = {}
    for note in adaptations:
        if (
            note.action == "substituted"
            and isinstance(note.applied, str)
            and isinstance(note.asked, str)
            and _RENAMED_AT.fullmatch(note.field)
        ):
            back[note.applied] = note.asked
    return back


def calls_named_back(response: Response, adaptations: Iterable[Adaptation]) -> Response:
    """``response`` with each call of a function :func:`tool_names_out` renamed under the client's
    name again (``response`` itself when none is), as ``lc.stream.translate`` writes a streamed one."""
    back = names_back(adaptations)
    parts = response.message.parts
    if not _any_call_of(back, parts):
        return response
    named = tuple(
        msgspec.structs.replace(part, name=back[part.name])
        if type(part) is ToolCallPart and part.name in back
        else part
        for part in parts
    )
    message = msgspec.structs.replace(response.message, parts=named)
    return msgspec.structs.replace(response, message=message)


def calls_renamed(response: Response, adaptations: Iterable[Adaptation]) -> bool:
    """Whether ``response`` holds a call :func:`calls_named_back` names back (a call of a function
    :func:`tool_names_out` renamed for the backend)."""
    return _any_call_of(names_back(adaptations), response.message.parts)


def _any_call_of(back: dict[str, str], parts: Iterable[object]) -> bool:
    return bool(back) and any(type(part) is ToolCallPart and part.name in back for part in parts)
