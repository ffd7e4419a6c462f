"""Request readers under every one-node mutation of the client-body fixtures: only lc errors.

Each node of each body in tests/fixtures/requests/<provider>/ is replaced by each of the
mutation engine's odd values (wrong types, empty containers, tag words) or dropped; the
body goes through ``decode_request`` and, when that reads it, through ``build_request``.
Either may refuse (an lc error naming what is wrong); nothing else may escape - a
``TypeError`` from an unhashable ``type`` was found this way.
"""

from __future__ import annotations

import copy
import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

import lmcodec as lc

from ..mutation import DROP, ODD_VALUES, REPLACE, change_node, nodes

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "requests"
PROVIDERS = ("openai", "openai_chat", "anthropic", "gemini")
MODELS = {"openai": None, "openai_chat": None, "anthropic": None, "gemini": "gemini-2.5-flash"}


def _mutants(body: Any) -> list[bytes]:
    count = len(nodes(body))
    out: list[bytes] = []
    for index in range(count):
        where = (index + 0.5) / count
        for action, values in ((REPLACE, ODD_VALUES), (DROP, (None,))):
            for value in values:
                mutant = change_node(copy.deepcopy(body), where, value, action, "")
                out.append(json.dumps(mutant, ensure_ascii=False).encode())
    return out


@pytest.mark.thorough
@pytest.mark.parametrize("provider", PROVIDERS)
def test_every_one_node_mutation_of_a_client_body_is_read_or_refused_with_an_lc_error(provider: str) -> None:
    outcomes: Counter[str] = Counter()
    escapes: list[tuple[str, bytes, BaseException]] = []
    for path in sorted((FIXTURES / provider).glob("*.json")):
        for mutant in _mutants(json.loads(path.read_bytes())):
            try:
                request = lc.decode_request(provider, mutant, model=MODELS[provider])
            except lc.LmcodecError:
                outcomes["refused by decode_request"] += 1
                continue
            except Exception as exc:
                escapes.append((path.name, mutant, exc))
                continue
            try:
                lc.build_request(provider, request)
                outcomes["read and rebuilt"] += 1
            except lc.LmcodecError:
                outcomes["refused by build_request"] += 1
            except Exception as exc:
                escapes.append((path.name, mutant, exc))
    assert not escapes, [(name, body[:300], repr(exc)) for name, body, exc in escapes[:5]]
    assert outcomes["read and rebuilt"] and outcomes["refused by decode_request"], outcomes


_LONE_SURROGATE_BODIES = {
    "openai": b'{"model":"gpt-4.1","input":"hi \\ud800"}',
    "openai_chat": b'{"model":"gpt-4.1","messages":[{"role":"user","content":"hi \\ud800"}]}',
    "anthropic": (
        b'{"model":"claude-sonnet-4-5","max_tokens":5,"messages":[{"role":"user","content":"hi \\ud800"}]}'
    ),
}


@pytest.mark.parametrize("provider", sorted(_LONE_SURROGATE_BODIES))
def test_a_lone_surrogate_escape_is_named_with_its_offset(provider: str) -> None:
    """msgspec reports a lone ``\\ud800`` before the closing quote as a truncated input; every
    reader says what and where it is (the OpenAI readers said "Input data was truncated")."""
    body = _LONE_SURROGATE_BODIES[provider]
    with pytest.raises(lc.DecodeError, match="lone UTF-16 surrogate") as caught:
        lc.decode_request(provider, body)
    assert caught.value.offset == body.index(b"\\ud800")


@pytest.mark.parametrize("provider", ["openai", "openai_chat"])
def test_a_truncated_body_names_its_end(provider: str) -> None:
    body = b'{"model":"gpt-4.1","input":"hi'
    with pytest.raises(lc.DecodeError, match="truncated") as caught:
        lc.decode_request(provider, body)
    assert caught.value.offset == len(body)
