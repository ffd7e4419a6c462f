"""Function names a Gemini client may use that the other dialects refuse, renamed across a gateway.

Gemini takes a function name of letters, digits, ``_``, ``.``, ``:`` and ``-``, up to 128 characters
(google-genai's ``FunctionDeclaration.name``), and MCP bridges name tools ``server.tool``; OpenAI
(Chat and Responses) takes "a-z, A-Z, 0-9, or underscores and dashes, with a maximum length of 64"
(the openai SDK's ``FunctionDefinition.name``), and Anthropic the same characters (its tool name
pattern ``^[a-zA-Z0-9_-]``; 64 is the length all three take). Sent as they are, ``github.create_issue``
is a 400 from each (red team 9 F09).

:func:`tool_names_out` renames every such name in a Request read from a Gemini body, wherever it
appears (the function tools, ``tool_choice.allowed``, the calls and results of the history), so a
call and its declaration stay paired: the characters outside the alphabet become ``_``
(``github_create_issue``), the first 64 kept; where that name is another name of the request
already, or is cut, it takes ``_x`` and 8 or more hex digits of the name's SHA-256 (so two names
never become one). The rename is decided by the request's names alone, so the same tools give the
same names every turn. Each renamed name is one ``substituted`` Adaptation (``asked`` the client's
name, ``applied`` the one sent) at its first place.

The answer's calls come back under the names sent; :func:`names_back` reads the renames off a built
request's adaptations, and ``lc.stream.translate(..., adaptations=...)`` writes each call to the
client under the client's name. A non-streamed answer (``lc.decode_response`` then
``lc.encode_response``) is not renamed: those take no adaptations; a gateway maps its calls' names
with :func:`names_back`, or reads the backend's answer as a stream.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Collection, Iterable
from typing import Any, Final

import msgspec

from lmcodec.wire import Adaptation, FunctionTool, Message, Request, ToolCallPart, ToolResultPart

__all__ = ["names_back", "tool_names_out"]

_VALID: Final = re.compile(r"[a-zA-Z0-9_-]{1,64}")
_OUTSIDE: Final = re.compile(r"[^a-zA-Z0-9_-]")
_ALPHABET: Final = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-"
_KNOWN_VALID: Final[set[str]] = set()
"""Names :func:`_valid` has found valid (emptied when it holds :data:`_KNOWN_AT_MOST`)."""
_KNOWN_AT_MOST: Final = 4096
_LONGEST: Final = 64
_DIGITS: Final = 8
_RENAMED_AT: Final = re.compile(
    r"tools\[\d+\]\.name|messages\[\d+\]\.parts\[\d+\]\.name|config\.tool_choice\.allowed\[\d+\]"
)
_REASON: Final = (
    "a Gemini function name the destination refuses (names must match ^[a-zA-Z0-9_-]{1,64}$): renamed "
    "in the tools, tool_choice, calls and results alike (the same name always to the same name); "
    "the answer's calls are written back under the client's name by lc.stream.translate"
)


def _names(request: Request) -> list[str]:
    """Every function name of ``request``, in order: its tools, tool_choice.allowed, then its history."""
    names = [tool.name for tool in request.tools if isinstance(tool, FunctionTool)]
    choice = request.config.tool_choice
    if choice is not None:
        names.extend(choice.allowed)
    for message in request.messages:
        for part in message.parts:
            kind = type(part)
            if kind is ToolCallPart or (kind is ToolResultPart and part.name is not None):  # type: ignore[union-attr]
                names.append(part.name)  # type: ignore[union-attr,arg-type]
    return names


def _all_valid(names: Iterable[str]) -> bool:
    """Whether every name of ``names`` matches ``^[a-zA-Z0-9_-]{1,64}$`` (see :func:`_valid`)."""
    known = _KNOWN_VALID
    for name in names:
        if name not in known and not _valid(name):
            return False
    return True


def _valid(name: str) -> bool:
    """Whether ``name`` matches ``^[a-zA-Z0-9_-]{1,64}$``, remembered when it does: a gateway's
    client sends the same tools every turn, and a name it has sent is then one set lookup (a check
    costs ~2k instructions, the calls to ``len``, ``str.encode`` and ``bytes.translate``; a regular
    expression ~70 a character). At most :data:`_KNOWN_AT_MOST` names of 64 characters are held."""
    if 0 < len(name) <= _LONGEST and name.isascii() and not name.encode().translate(None, _ALPHABET):
        if len(_KNOWN_VALID) >= _KNOWN_AT_MOST:
            _KNOWN_VALID.clear()
        _KNOWN_VALID.add(name)
        return True
    return False


def _renames(names: list[str]) -> dict[str, str]:
    """Each name the destinations refuse -> the name sent for it (see the module docstring)."""
    taken = {name for name in names if _VALID.fullmatch(name)}
    renamed: dict[str, str] = {}
    for name in names:
        if name in taken or name in renamed:
            continue
        readable = _OUTSIDE.sub("_", name)
        new = readable
        if new in taken or len(new) > _LONGEST:  # another name's spelling, or cut: told apart by a hash
            digest = hashlib.sha256(name.encode("utf-8", "surrogatepass")).hexdigest()
            digits = _DIGITS
            while True:
                suffix = f"_x{digest[:digits]}"
                new = readable[: _LONGEST - len(suffix)] + suffix
                if new not in taken:
                    break
                digits += 8
                if digits > len(digest):  # every length taken by names the client sent: a hostile body
                    digest, digits = hashlib.sha256(digest.encode()).hexdigest(), _DIGITS
        taken.add(new)
        renamed[name] = new
    return renamed


def tool_names_out(
    request: Request, called: Collection[str] | None = None
) -> tuple[Request, tuple[Adaptation, ...]]:
    """``request`` (read from a Gemini body) with every function name the other dialects refuse
    renamed, one ``substituted`` Adaptation per name; ``request`` itself when every name is valid.

    ``called``: the names of the history's tool calls and results, where the caller has them
    (``crossing.survey`` gathers them on its walk of the parts), so that the usual request, whose
    names are all valid, is answered without a walk of its own; given or not, the answer is the same
    (``tests/providers/test_translate_tool_names.py``)."""
    if called is None:
        if _all_valid(_names(request)):
            return request, ()
    elif _all_valid(called):
        known = _KNOWN_VALID
        for tool in request.tools:
            if isinstance(tool, FunctionTool) and tool.name not in known and not _valid(tool.name):
                break
        else:
            choice = request.config.tool_choice
            if choice is None or _all_valid(choice.allowed):
                return request, ()
    renamed = _renames(_names(request))  # in order: which of two clashing names takes a hash is decided by it
    notes: dict[str, Adaptation] = {}

    def rename(name: str, field: str) -> str:
        new = renamed.get(name, name)
        if new != name and name not in notes:
            notes[name] = Adaptation(
                field=field, action="substituted", reason=_REASON, asked=name, applied=new
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
