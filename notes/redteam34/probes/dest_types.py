"""Validate every translate_request destination body of sdk_matrix's cases by the destination SDK's own typed params.

openai: CompletionCreateParamsNonStreaming / ResponseCreateParamsNonStreaming; anthropic: MessageCreateParamsNonStreaming
(pydantic TypeAdapter over the SDKs' TypedDicts, extra keys refused); gemini: google-genai's Content / Tool / ToolConfig /
GenerationConfig pydantic models (extra keys refused).
"""
from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pydantic

sys.path.insert(0, str(Path(__file__).resolve().parent))
import sdk_matrix as m  # noqa: E402

import lmcodec as lc  # noqa: E402


def adapters() -> dict[str, Any]:
    from anthropic.types.message_create_params import MessageCreateParamsNonStreaming
    from openai.types.chat.completion_create_params import CompletionCreateParamsNonStreaming
    from openai.types.responses.response_create_params import ResponseCreateParamsNonStreaming

    cfg = pydantic.ConfigDict(extra="forbid")
    return {
        "openai": pydantic.TypeAdapter(ResponseCreateParamsNonStreaming),
        "openai_chat": pydantic.TypeAdapter(CompletionCreateParamsNonStreaming),
        "anthropic": pydantic.TypeAdapter(MessageCreateParamsNonStreaming),
    }


def gemini_check(body: dict[str, Any]) -> None:
    from google.genai import types

    for k, v in body.items():
        if k == "contents":
            for c in v:
                types.Content.model_validate(c)
        elif k == "tools":
            for t in v:
                types.Tool.model_validate(t)
        elif k == "toolConfig":
            types.ToolConfig.model_validate(v)
        elif k == "generationConfig":
            types.GenerationConfig.model_validate(v)
        elif k == "systemInstruction":
            types.Content.model_validate(v)
        elif k == "safetySettings":
            for s in v:
                types.SafetySetting.model_validate(s)
        elif k in ("cachedContent", "labels", "store", "serviceTier"):  # google-genai 3.6 sends both top-level keys
            pass
        else:
            raise ValueError(f"unknown top-level key {k}")


def main() -> None:
    ad = adapters()
    bad = 0
    n = 0
    flt = next((a for a in sys.argv[1:] if not a.startswith("-")), "")
    for name, (p, f) in m.CASES.items():
        if flt not in name:
            continue
        try:
            raw = json.dumps(f()).encode()
        except Exception:  # noqa: BLE001
            continue
        for d in m.PROVIDERS:
            kw = {"model": m.MODEL[d]} if p == "gemini" else {}
            try:
                out = lc.translate_request(p, d, raw, **kw)
            except lc.LmcodecError:
                continue
            body = json.loads(out.body)
            body.pop("stream", None)
            n += 1
            try:
                if d == "gemini":
                    gemini_check(body)
                else:
                    ad[d].validate_python(body, strict=False)
            except (pydantic.ValidationError, ValueError) as e:
                bad += 1
                errs = e.errors() if isinstance(e, pydantic.ValidationError) else [{"msg": str(e), "loc": ()}]
                # keep the shortest-loc messages (a union's arms all complain)
                errs = sorted(errs, key=lambda x: len(x["loc"]))[:3]
                print(f"TYPE {name} -> {d}: " + " | ".join(f"{'.'.join(map(str, x['loc']))[:90]}: {x['msg'][:80]}" for x in errs))
    print(f"{n} destination bodies, {bad} outside the SDK types")


if __name__ == "__main__":
    main()
