"""The Gemini reader and translate_request on bodies google-genai itself builds (red team 20 F05).

google-genai copies some of its pydantic objects into the request verbatim, and dumps them with
their Python field names: ``thinkingConfig: {"include_thoughts": true, "thinking_budget": ...}``,
a function declaration's ``parameters_json_schema`` / ``response_json_schema``. The agent loop
answers its calls as google-genai documents it, ``{"output": ...}``. The bodies here are made by
google-genai (``types.GenerateContentConfig``, ``models._GenerateContentParameters_to_mldev``, then
``_common.convert_to_dict`` and ``encode_unserializable_types``, as ``Models.generate_content`` does
before its ``json.dumps``): a 7-turn agent loop (a question, three rounds of a signed call and its
answer), beside the same body with every field name camelCased (``_read_snake.camel_case_fields``),
each with answers as google-genai documents them (``output``) and as lm15 writes them (``result``).

Time: interleaved rounds, each contestant once per round (``test_bench_requests._rounds``), the
median of per-round ratios; the floor is ``msgspec.json.decode`` of the same bytes, untyped.
Instructions: ``--callgrind`` runs each stage under callgrind (PYTHONHASHSEED=0), 20 calls after
20 warm-up calls, between two ``os.getppid`` markers, as ``requests_callgrind.py`` does.

    python3 benchmarks/requests_genai_shape.py [ROUNDS]
    python3 benchmarks/requests_genai_shape.py --callgrind
"""

from __future__ import annotations

import json
import pickle
import sys
import tempfile
from pathlib import Path
from typing import Any

from callgrind_support import between_markers, marked_dumps, total

HERE = Path(__file__).resolve().parent
DESTINATIONS = {
    "anthropic": "claude-sonnet-4-5",
    "openai": "gpt-4.1-mini",
    "openai_chat": "gpt-4.1-mini",
    "gemini": "gemini-2.5-flash",
}
CALLS = 20
_SIGNATURE = b"\x12\x34signed" * 12
_PNG = b"\x89PNG\r\n\x1a\n" + b"image bytes " * 300
"""An image whose base64 is the same in both alphabets: google-genai writes bytes URL-safe
(``_common.encode_unserializable_types``), which the reader takes as the standard alphabet since
b64url14; kept so, these bodies measure the reading of standard-alphabet data, figures comparable."""
_FILE_URI = "https://generativelanguage.googleapis.com/v1beta/files/abc-123"


def genai_body(answer: str = "output", media: bool = False) -> bytes:
    """The body google-genai sends for a 7-turn agent loop, its answers as ``{answer: ...}``;
    ``media``: the question with an image inline and a document by file URI, and a fourth round
    whose answer carries an image (a function response's ``parts``), as google-genai writes them
    (``inlineData: {"mime_type": ...}``, ``fileData: {"file_uri": ...}``, ``inline_data`` below a
    function response)."""
    from google import genai
    from google.genai import _common, models, types

    client = genai.Client(api_key="unused")
    weather = types.FunctionDeclaration(
        name="get_weather",
        description="The current weather in a city",
        parameters_json_schema={
            "type": "object",
            "properties": {"city": {"type": "string"}, "unit": {"type": "string", "enum": ["c", "f"]}},
            "required": ["city"],
        },
        response_json_schema={"type": "object", "properties": {"temp_c": {"type": "number"}}},
    )
    config = types.GenerateContentConfig(
        system_instruction="You are a helpful travel agent. Use the tools to answer.",
        temperature=0.7,
        max_output_tokens=2048,
        thinking_config=types.ThinkingConfig(include_thoughts=True, thinking_budget=1024),
        tools=[types.Tool(function_declarations=[weather])],
    )
    question = [types.Part.from_text(text="Paris, Rome or Oslo: where is it warmest?")]
    if media:
        question.append(types.Part.from_bytes(data=_PNG, mime_type="image/png"))
        question.append(types.Part.from_uri(file_uri=_FILE_URI, mime_type="application/pdf"))
    contents = [types.Content(role="user", parts=question)]
    for city, temp in (("Paris", 18), ("Rome", 24), ("Oslo", 9)):
        call = types.FunctionCall(name="get_weather", args={"city": city, "unit": "c"})
        contents.append(
            types.Content(role="model", parts=[types.Part(function_call=call, thought_signature=_SIGNATURE)])
        )
        value: Any = {"temp_c": temp, "sky": "clear"} if answer == "output" else json.dumps({"temp_c": temp})
        response = types.Part.from_function_response(name="get_weather", response={answer: value})
        contents.append(types.Content(role="user", parts=[response]))
    if media:
        call = types.FunctionCall(name="get_weather", args={"city": "Oslo", "unit": "map"})
        contents.append(
            types.Content(role="model", parts=[types.Part(function_call=call, thought_signature=_SIGNATURE)])
        )
        image = types.FunctionResponsePart(
            inline_data=types.FunctionResponseBlob(mime_type="image/png", data=_PNG)
        )
        value = {"map": "attached"} if answer == "output" else "attached"
        response = types.Part.from_function_response(
            name="get_weather", response={answer: value}, parts=[image]
        )
        contents.append(types.Content(role="user", parts=[response]))
    params = types._GenerateContentParameters(model="gemini-2.5-flash", contents=contents, config=config)
    request = models._GenerateContentParameters_to_mldev(client._api_client, params)
    request.pop("config", None)
    request.pop("_url", None)
    request = _common.encode_unserializable_types(_common.convert_to_dict(request))
    return json.dumps(request).encode()


def camel_cased(body: bytes) -> bytes:
    """The same body with every protobuf field name in lowerCamelCase."""
    from lmcodec.providers.gemini._read_snake import camel_case_fields

    camel = camel_case_fields(json.loads(body))
    assert camel is not None
    return json.dumps(camel).encode()


def bodies() -> dict[str, bytes]:
    sdk = genai_body("output")
    results = genai_body("result")
    sdk_media = genai_body("output", media=True)
    results_media = genai_body("result", media=True)
    return {
        "sdk (snake, output)": sdk,
        "camel (output)": camel_cased(sdk),
        "snake (result)": results,
        "camel (result)": camel_cased(results),
        "sdk media (snake, output)": sdk_media,
        "camel media (output)": camel_cased(sdk_media),
        "snake media (result)": results_media,
        "camel media (result)": camel_cased(results_media),
    }


def _stages(body: bytes) -> dict[str, Any]:
    import msgspec

    import lmcodec as lc

    untyped = msgspec.json.Decoder().decode
    stages: dict[str, Any] = {"floor": lambda: untyped(body)}
    stages["decode"] = lambda: lc.decode_request("gemini", body, model="gemini-2.5-flash")
    for dst, model in DESTINATIONS.items():
        stages[f"-> {dst}"] = lambda d=dst, m=model: lc.translate_request("gemini", d, body, model=m)
    return stages


def _usable(stages: dict[str, Any]) -> dict[str, Any]:
    """The stages that run on this body (``decode_request`` refuses ``{"output": ...}``)."""
    usable = {}
    for name, run in stages.items():
        try:
            run()
        except Exception:
            continue
        usable[name] = run
    return usable


def timed(rounds: int, inner: int) -> None:
    sys.path.insert(0, str(HERE))
    from test_bench_requests import _ratio, _rounds

    print(f"CPU time, {rounds} interleaved rounds of {inner} calls; medians of per-round ratios")
    print()
    print("| body | bytes | stage | µs | / floor | / camel |")
    print("|---|---:|---|---:|---:|---:|")
    made = bodies()
    for label, camel_label in (
        ("sdk (snake, output)", "camel (output)"),
        ("snake (result)", "camel (result)"),
        ("sdk media (snake, output)", "camel media (output)"),
        ("snake media (result)", "camel media (result)"),
    ):
        snake, camel = _usable(_stages(made[label])), _usable(_stages(made[camel_label]))
        for name in snake:
            if name == "floor" or name not in camel:
                continue
            contestants = {"snake": snake[name], "camel": camel[name], "floor": snake["floor"]}
            times = _rounds(contestants, rounds, inner)
            for which, body_label in (("snake", label), ("camel", camel_label)):
                us = sorted(times[which])[rounds // 2] * 1e6
                floor = _ratio(times, which, "floor")
                versus = _ratio(times, "snake", "camel") if which == "snake" else 1.0
                size = len(made[body_label])
                print(
                    f"| {body_label} | {size:,} | {name} | {us:.1f} | {floor:.1f}x | {versus:.2f}x |",
                    flush=True,
                )


def _inner(path: str) -> None:
    """Inside valgrind: each stage warmed up, then run between two markers."""
    body = pickle.loads(Path(path).read_bytes())
    for run in _usable(_stages(body)).values():
        between_markers(run, CALLS)


def instructions(body: bytes) -> dict[str, float]:
    """Instructions per call of each stage on ``body``."""
    names = list(_usable(_stages(body)))
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp) / "body.pickle"
        data.write_bytes(pickle.dumps(body))
        with marked_dumps(__file__, str(data)) as dump:
            return {name: total(dump(2 + 2 * i)) / CALLS for i, name in enumerate(names)}


def callgrind() -> None:
    print("Callgrind instructions per call (PYTHONHASHSEED=0)")
    print()
    print("| body | stage | instructions | / floor |")
    print("|---|---|---:|---:|")
    for label, body in bodies().items():
        counts = instructions(body)
        for name, count in counts.items():
            print(f"| {label} | {name} | {count:,.0f} | {count / counts['floor']:.1f}x |", flush=True)


def main(argv: list[str]) -> None:
    if argv[:1] == ["--inner"]:
        _inner(argv[1])
    elif argv[:1] == ["--callgrind"]:
        callgrind()
    else:
        timed(int(argv[0]) if argv else 9, 100)


if __name__ == "__main__":
    main(sys.argv[1:])
