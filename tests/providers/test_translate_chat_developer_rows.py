"""Chat -> Chat, a client's ``developer`` rows go back under that role (``lc.translate_request``;
red team 26 F08).

The openai SDK's ``ChatCompletionDeveloperMessageParam`` is the instruction role OpenAI documents
for its reasoning models. The reader takes it as the system prompt (leading) or a developer message
(later), and lm15's builder writes both under ``system`` (its OpenAI preset's instruction role), so
Chat -> Chat sent every ``developer`` row as ``system``, with no note. ``build_request`` stays
lm15's; the gateway's same-dialect pass puts the client's roles back.
"""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

import lmcodec as lc

from ..budget import examples
from .request_support import lm15_build


def _body(*rows: tuple[str, Any]) -> bytes:
    messages = [{"role": role, "content": content} for role, content in rows]
    return json.dumps({"model": "gpt-5", "messages": messages}).encode()


def test_a_developer_row_goes_back_as_written() -> None:
    body = _body(("developer", "Answer in French."), ("user", "hi"))
    built = lc.translate_request("openai_chat", "openai_chat", body)
    assert json.loads(built.body) == json.loads(body)
    assert built.adaptations == ()


def test_system_and_developer_rows_keep_their_own_roles() -> None:
    rows = [("system", "S"), ("developer", "D"), ("user", "hi"), ("assistant", "yes"), ("developer", "D2")]
    built = lc.translate_request("openai_chat", "openai_chat", _body(*rows))
    assert [row["role"] for row in json.loads(built.body)["messages"]] == [role for role, _ in rows]
    assert built.adaptations == ()


def test_build_request_stays_lm15s() -> None:
    """lm15's own builder writes the developer row as ``system``: build_request does too."""
    request = lc.decode_request("openai_chat", _body(("developer", "Answer in French."), ("user", "hi")))
    ours = json.loads(lc.build_request("openai_chat", request).body)
    assert ours["messages"][0]["role"] == "system"
    assert lm15_build("openai_chat", request).body_value == ours


ROWS = st.lists(
    st.tuples(st.sampled_from(["system", "developer", "user", "assistant"]), st.text(min_size=1, max_size=5)),
    min_size=1,
    max_size=6,
)


@settings(max_examples=examples(80), deadline=None)
@given(rows=ROWS)
def test_every_row_keeps_its_role(rows: list[tuple[str, str]]) -> None:
    body = _body(*rows, ("user", "go"))
    built = lc.translate_request("openai_chat", "openai_chat", body)
    assert [row["role"] for row in json.loads(built.body)["messages"]] == [*(r for r, _ in rows), "user"]
    assert built.adaptations == ()
