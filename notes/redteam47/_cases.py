"""Red team 47: the shapes and their contestants, off the stream path.

``contestants(name, n)`` builds one case at size ``n`` (outside any count) and returns its
contestants as callables: ``floor`` (msgspec's untyped decode of the bytes the entry point reads,
plus msgspec's encode of the plain object where it writes bytes), ``lc`` (the entry point), and
``peer`` where a user has one to compare with (lm15 1.5.0's serde or adapter; stdlib json;
llm 0.36 for llm records).
"""

from __future__ import annotations

import base64
import io
import json
from collections.abc import Callable
from typing import Any

import msgspec

import lmcodec as lc

Run = Callable[[], Any]
DIALECTS = ("openai", "openai_chat", "anthropic", "gemini")
LM15_NAMES = {"openai": "openai", "openai_chat": "openai-chat", "anthropic": "anthropic", "gemini": "gemini"}
MODELS = {"openai": "gpt-4.1-mini", "openai_chat": "gpt-4.1-mini", "anthropic": "claude-sonnet-4-5",
          "gemini": "gemini-2.5-flash"}
ENC = msgspec.json.Encoder().encode
DEC = msgspec.json.Decoder().decode
MENC = msgspec.msgpack.Encoder().encode
MDEC = msgspec.msgpack.Decoder().decode


# ---- canonical values -------------------------------------------------------------------------

def deep(levels: int, leaf: Any = "x") -> Any:
    value: Any = leaf
    for i in range(levels):
        value = {"k": value, "n": i} if i % 2 else [value, i]
    return value


def deep_object(levels: int) -> dict[str, Any]:
    value: dict[str, Any] = {"leaf": "x"}
    for i in range(levels):
        value = {"level": i, "inner": value}
    return value


def chars(n: int) -> str:
    unit = 'a"b\\c\n\td\x01\x1fé中文😀\u2028 quote"s '
    return (unit * (n // len(unit) + 1))[:n]


def conversation(n: int, *, calls: bool = True) -> lc.Request:
    messages: list[lc.Message] = []
    for i in range(n // 3 if calls else n // 2):
        messages.append(lc.Message.user(f"Question {i}: what is the weather in city number {i}?"))
        if calls:
            messages.append(lc.Message("assistant", (
                lc.TextPart(f"Let me look that up ({i})."),
                lc.ToolCallPart(f"call_{i}", "get_weather", {"city": f"City {i}", "units": "metric"}))))
            messages.append(lc.Message("tool", (lc.ToolResultPart(f"call_{i}", (lc.TextPart(f"{i} degrees"),),
                                                                name="get_weather"),)))
        else:
            messages.append(lc.Message.assistant(f"Answer {i}: it is sunny, about {i % 40} degrees."))
    return lc.Request("gpt-4.1-mini", messages, system="You are terse.")


def tiny_parts(n: int) -> lc.Message:
    return lc.Message("user", tuple(lc.TextPart(str(i % 10)) for i in range(n)))


def images(n: int, size: int = 10_000) -> lc.Message:
    data = base64.b64encode(bytes(range(256)) * (size // 256)).decode()
    return lc.Message("user", tuple(lc.ImagePart("image/png", data=data) for _ in range(n)))


def deep_args(n: int, levels: int = 50) -> lc.Message:
    parts: list[Any] = []
    for i in range(n):
        parts.append(lc.ToolCallPart(f"c{i}", "f", {"a": deep(levels)}))
        parts.append(lc.DataPart(deep(levels)))
    return lc.Message("assistant", tuple(parts))


def big_numbers(n: int) -> lc.Message:
    values = {f"k{i}": [2**70 + i, -(2**65) - i, 1.5e300, 123456789012345678, 0.1 * i] for i in range(n)}
    return lc.Message("assistant", (lc.ToolCallPart("c", "f", values),))


CANONICAL: dict[str, tuple[Callable[[int], Any], type]] = {
    "conversation": (conversation, lc.Request),
    "tiny_parts": (tiny_parts, lc.Message),
    "big_text": (lambda n: lc.Message.user("lorem ipsum " * (n // 12)), lc.Message),
    "chars": (lambda n: lc.Message.user(chars(n)), lc.Message),
    "deep_args": (deep_args, lc.Message),
    "images": (images, lc.Message),
    "big_numbers": (big_numbers, lc.Message),
}
LM15_TO = {lc.Request: "request_to_dict", lc.Message: "message_to_dict"}
LM15_FROM = {lc.Request: "request_from_dict", lc.Message: "message_from_dict"}


def canonical(op: str, shape: str, n: int) -> dict[str, Run]:
    from lm15 import serde

    build, typ = CANONICAL[shape]
    value = build(n)
    to_d, from_d = getattr(serde, LM15_TO[typ]), getattr(serde, LM15_FROM[typ])
    if op == "encode":
        plain = DEC(lc.encode(value))
        theirs = lc.to_lm15(value)
        return {"floor": lambda: ENC(plain), "lc": lambda: lc.encode(value),
                "peer": lambda: json.dumps(to_d(theirs), separators=(",", ":"), ensure_ascii=False).encode()}
    if op == "decode":
        data = lc.encode(value)
        return {"floor": lambda: DEC(data), "lc": lambda: lc.decode(data, typ),
                "peer": lambda: from_d(json.loads(data))}
    if op == "msgpack_encode":
        plain = MDEC(lc.msgpack.encode(value))
        return {"floor": lambda: MENC(plain), "lc": lambda: lc.msgpack.encode(value)}
    if op == "msgpack_decode":
        data = lc.msgpack.encode(value)
        return {"floor": lambda: MDEC(data), "lc": lambda: lc.msgpack.decode(data, typ)}
    raise ValueError(op)


# ---- records ----------------------------------------------------------------------------------

def turns(n: int, kind: str) -> list[lc.Turn]:
    out = []
    for i in range(n):
        if kind == "chat":
            req = lc.Request("gpt-4.1-mini", [lc.Message.user(f"hello {i}")], system="be brief")
            msg = lc.Message.assistant(f"Hi there, number {i}! " + chars(40))
        elif kind == "calls":
            req = lc.Request("gpt-4.1-mini", [lc.Message.user(f"weather {i}")],
                             tools=(lc.FunctionTool("get_weather", "Weather", {"type": "object"}),))
            msg = lc.Message("assistant", (lc.ToolCallPart(f"c{i}", "get_weather", {"city": f"C{i}", "d": deep(8)}),))
        else:  # images
            req = lc.Request("m", [lc.Message("user", (lc.TextPart("what?"),
                                                       lc.ImagePart("image/png", data=base64.b64encode(b"\x89PNG" * 60).decode())))])
            msg = lc.Message.assistant("a cat")
        resp = lc.Response(f"r{i}", "gpt-4.1-mini", msg, "stop", lc.Usage(10, 5, 15))
        out.append(lc.Turn(req, resp, id=f"t{i}", created_at="2026-12-07T00:00:00Z"))
    return out


def with_bad(lines: list[bytes], every: int = 10_000) -> bytes:
    for i in range(0, len(lines), every):
        lines[i] = b'{"request": 12, "response": "broken"}' if (i // every) % 2 else b'{"request": {truncated'
    return b"\n".join(lines) + b"\n"


def records(op: str, kind: str, n: int) -> dict[str, Run]:
    values = turns(n, kind)
    if op == "jsonl_write":
        plain = [DEC(lc.encode(t)) for t in values]

        def floor_w() -> Any:
            out = io.BytesIO()
            for p in plain:
                out.write(ENC(p))
                out.write(b"\n")
            return out

        return {"floor": floor_w, "lc": lambda: lc.jsonl.write(io.BytesIO(), values)}
    if op == "jsonl_read":
        data = with_bad([lc.encode(t) for t in values])

        def floor_r() -> Any:
            out = []
            for line in io.BytesIO(data):
                try:
                    out.append(DEC(line))
                except msgspec.DecodeError:
                    pass
            return out

        def peer_r() -> Any:
            out = []
            for line in io.BytesIO(data):
                try:
                    out.append(json.loads(line))
                except ValueError:
                    pass
            return out

        return {"floor": floor_r, "lc": lambda: list(lc.jsonl.read(io.BytesIO(data), lc.Turn, on_error="skip")),
                "peer": peer_r}
    if op == "msgpack_write":
        sink = io.BytesIO()
        lc.msgpack.write_stream(sink, values)
        plain = [MDEC(lc.msgpack.encode(t)) for t in values]

        def floor_mw() -> Any:
            out = io.BytesIO()
            for p in plain:
                b = MENC(p)
                out.write(len(b).to_bytes(4, "big"))
                out.write(b)
            return out

        return {"floor": floor_mw, "lc": lambda: lc.msgpack.write_stream(io.BytesIO(), values)}
    if op == "msgpack_read":
        sink = io.BytesIO()
        lc.msgpack.write_stream(sink, values)
        data = sink.getvalue()
        encoded = [MENC(MDEC(lc.msgpack.encode(t))) for t in values]

        def floor_mr() -> Any:
            return [MDEC(b) for b in encoded]

        return {"floor": floor_mr, "lc": lambda: list(lc.msgpack.read_stream(io.BytesIO(data), lc.Turn))}
    if op in ("arrow_write", "arrow_read"):
        import lmcodec.arrow as A
        import pyarrow as pa
        import pyarrow.parquet as pq

        sink = io.BytesIO()
        A.write_parquet(values, sink, type=lc.Turn)
        data = sink.getvalue()
        plain = [DEC(lc.encode(t)) for t in values]
        if op == "arrow_write":
            def floor_aw() -> Any:
                out = io.BytesIO()
                pq.write_table(pa.Table.from_pylist(plain), out, compression="zstd", row_group_size=4096)
                return out

            return {"floor": floor_aw, "lc": lambda: A.write_parquet(values, io.BytesIO(), type=lc.Turn)}

        def floor_ar() -> Any:
            return pq.read_table(io.BytesIO(data)).to_pylist()

        return {"floor": floor_ar, "lc": lambda: list(A.read_parquet(io.BytesIO(data), lc.Turn))}
    if op in ("llm_write", "llm_read"):
        import llm.models as LM

        records_ = [lc.llm.from_turn(t) for t in values]
        if op == "llm_write":
            plain = [DEC(lc.llm.encode(r)) for r in records_]
            theirs = [LM.Response.from_dict(p) for p in plain]
            return {"floor": lambda: [ENC(p) for p in plain], "lc": lambda: [lc.llm.encode(r) for r in records_],
                    "peer": lambda: [json.dumps(t.to_dict()) for t in theirs]}
        data = [lc.llm.encode(r) for r in records_]
        return {"floor": lambda: [DEC(d) for d in data], "lc": lambda: [lc.llm.decode(d) for d in data],
                "peer": lambda: [LM.Response.from_dict(json.loads(d)) for d in data]}
    if op == "llm_to_turn":
        records_ = [lc.llm.from_turn(t) for t in values]
        data = [lc.llm.encode(r) for r in records_]
        return {"floor": lambda: [DEC(d) for d in data], "lc": lambda: [lc.llm.to_turn(lc.llm.decode(d)) for d in data]}
    raise ValueError(op)


# ---- requests ----------------------------------------------------------------------------------

def request_shape(shape: str, n: int) -> lc.Request:
    if shape == "messages":
        return conversation(n)
    if shape == "tools":
        tools = tuple(lc.FunctionTool(f"tool_{i}", f"Tool number {i}", {
            "type": "object", "properties": {"a": {"type": "string", "description": "an a"},
                                             "b": {"type": "integer"}}, "required": ["a"]}) for i in range(n))
        return lc.Request("gpt-4.1-mini", [lc.Message.user("hi")], tools=tools)
    if shape == "deep_schema":
        tools = tuple(lc.FunctionTool(f"t{i}", "deep", {"type": "object", "properties": {"x": nested_schema(n)}})
                      for i in range(10))
        return lc.Request("gpt-4.1-mini", [lc.Message.user("hi")], tools=tools)
    if shape == "image":
        data = base64.b64encode(b"\x89PNG" + bytes(range(256)) * (n // 256)).decode()
        return lc.Request("gpt-4.1-mini", [lc.Message("user", (lc.TextPart("what?"), lc.ImagePart("image/png", data=data)))])
    if shape == "parallel":
        calls = tuple(lc.ToolCallPart(f"call_{i}", "lookup", {"q": f"item {i}", "page": i}) for i in range(n))
        results = tuple(lc.ToolResultPart(f"call_{i}", (lc.TextPart(f"result {i} " * 5),), name="lookup")
                        for i in range(n))
        tool = lc.FunctionTool("lookup", "Look up", {"type": "object", "properties": {"q": {"type": "string"}}})
        return lc.Request("gpt-4.1-mini", [lc.Message.user("look up all"), lc.Message("assistant", calls),
                                           lc.Message("tool", results)], tools=(tool,))
    if shape == "chars":
        return lc.Request("gpt-4.1-mini", [lc.Message.user(chars(n))])
    raise ValueError(shape)


def nested_schema(levels: int) -> dict[str, Any]:
    value: dict[str, Any] = {"type": "string"}
    for i in range(levels):
        value = {"type": "object", "description": f"level {i}", "properties": {"inner": value, "n": {"type": "number"}}}
    return value


def requests(op: str, dialect: str, shape: str, n: int, dst: str | None = None) -> dict[str, Run]:
    from lm15 import vet

    request = lc.replace(request_shape(shape, n), model=MODELS[dialect])
    if op == "build":
        plain = DEC(lc.build_request(dialect, request).body)
        adapter = vet.adapter_for_provider(LM15_NAMES[dialect], api_key="sk-test")
        theirs = lc.to_lm15(request)
        return {"floor": lambda: ENC(plain), "lc": lambda: lc.build_request(dialect, request),
                "peer": lambda: adapter._build(theirs, stream=False)}
    body = lc.build_request(dialect, request).body
    model = MODELS[dialect] if dialect == "gemini" else None
    if op == "decode":
        return {"floor": lambda: DEC(body), "lc": lambda: lc.decode_request(dialect, body, model=model)}
    if op == "translate":
        assert dst is not None
        model = MODELS[dst]
        out = DEC(lc.translate_request(dialect, dst, body, model=model).body)
        return {"floor": lambda: (DEC(body), ENC(out)),
                "lc": lambda: lc.translate_request(dialect, dst, body, model=model)}
    raise ValueError(op)


# ---- bodies ------------------------------------------------------------------------------------

def response_shape(shape: str, n: int) -> lc.Response:
    if shape == "big_text":
        msg = lc.Message.assistant("lorem ipsum " * (n // 12))
    elif shape == "chars":
        msg = lc.Message.assistant(chars(n))
    elif shape == "parallel":
        msg = lc.Message("assistant", tuple(lc.ToolCallPart(f"call_{i}", "lookup", {"q": f"item {i}", "page": i})
                                            for i in range(n)))
    elif shape == "deep_args":
        msg = lc.Message("assistant", tuple(lc.ToolCallPart(f"c{i}", "f", deep_object(50)) for i in range(n)))
    elif shape == "tiny_parts":
        msg = lc.Message("assistant", tuple(lc.TextPart(f"p{i % 10} ") if i % 2 else lc.ThinkingPart(f"t{i % 10}")
                                            for i in range(n)))
    else:
        raise ValueError(shape)
    finish = "tool_call" if shape in ("parallel", "deep_args") else "stop"
    return lc.Response("resp_1", "gpt-4.1-mini", msg, finish, lc.Usage(10, 5, 15))


def bodies(op: str, dialect: str, shape: str, n: int, dst: str | None = None) -> dict[str, Run]:
    from lm15 import vet

    response = response_shape(shape, n)
    body = lc.encode_response(dialect, response)
    request = lc.Request(MODELS[dialect], [lc.Message.user("hi")])
    if op == "encode":
        plain = DEC(body)
        return {"floor": lambda: ENC(plain), "lc": lambda: lc.encode_response(dialect, response)}
    if op == "decode":
        adapter = vet.adapter_for_provider(LM15_NAMES[dialect], api_key="sk-test")
        theirs = lc.to_lm15(request)
        return {"floor": lambda: DEC(body), "lc": lambda: lc.decode_response(dialect, body, request=request),
                "peer": lambda: adapter.parse_response(theirs, vet._http_response(200, body))}
    if op == "translate":
        assert dst is not None
        out = DEC(lc.translate_response(dialect, dst, body, request=request))
        return {"floor": lambda: (DEC(body), ENC(out)),
                "lc": lambda: lc.translate_response(dialect, dst, body, request=request)}
    raise ValueError(op)


def contestants(case: str) -> dict[str, Run]:
    """``case`` = "family op args... n", space separated."""
    family, op, *rest = case.split()
    n = int(rest[-1])
    args = rest[:-1]
    if family == "canonical":
        return canonical(op, args[0], n)
    if family == "records":
        return records(op, args[0], n)
    if family == "requests":
        return requests(op, args[0], args[1], n, *args[2:])
    if family == "bodies":
        return bodies(op, args[0], args[1], n, *args[2:])
    raise ValueError(family)


# ---- float exponents msgspec's parser takes its slow path on ----------------------------------

def far_floats(op: str, n: int) -> dict[str, Run]:
    """A tool call's input of ``n`` floats near the top of the double range (1e300, sys.float_info.max,
    as schemas' ``maximum`` and physics or finance tools carry them): read by ``op``."""
    values = {"values": [1e300 * (1 + i % 7) for i in range(n)]}
    if op == "decode":
        data = lc.encode(lc.Message("assistant", (lc.ToolCallPart("c", "f", values),)))
        return {"floor": lambda: DEC(data), "lc": lambda: lc.decode(data, lc.Message),
                "peer": lambda: json.loads(data)}
    if op == "decode_request":
        tool = lc.FunctionTool("f", "far", {"type": "object", "properties": {
            f"p{i}": {"type": "number", "maximum": 1.7976931348623157e308} for i in range(n)}})
        body = lc.build_request("openai_chat", lc.Request("gpt-4.1-mini", [lc.Message.user("hi")], tools=(tool,))).body
        return {"floor": lambda: DEC(body), "lc": lambda: lc.decode_request("openai_chat", body),
                "peer": lambda: json.loads(body)}
    raise ValueError(op)


_contestants = contestants


def contestants(case: str) -> dict[str, Run]:  # noqa: F811
    family, op, *rest = case.split()
    if family == "far_floats":
        return far_floats(op, int(rest[-1]))
    return _contestants(case)
