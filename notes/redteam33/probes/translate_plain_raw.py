"""Red team 33 probe: translate_request's short road (providers/_crossing_plain.py) against the
long road (plain_crossing and plain_same_dialect patched to say no) on raw client bodies written
by hand, one variation at a time from a plain one-message body of each dialect, every ordered
pair (same dialect included), model=/stream= given or not.

Run: PYTHONPATH=src /work/venv/bin/python notes/redteam33/probes/translate_plain_raw.py"""
from __future__ import annotations

import copy
import json
import sys
from typing import Any
from unittest import mock

import lmcodec as lc
from lmcodec.providers import _translate_request as tr

D = ("openai", "openai_chat", "anthropic", "gemini")
MODELS = {"openai": "gpt-4.1-mini", "openai_chat": "gpt-4.1-mini", "anthropic": "claude-sonnet-4-5", "gemini": "gemini-2.5-flash"}

BASE = {
    "openai": {"model": "gpt-4.1-mini", "input": [{"role": "user", "content": [{"type": "input_text", "text": "hi"}]}]},
    "openai_chat": {"model": "gpt-4.1-mini", "messages": [{"role": "user", "content": "hi"}]},
    "anthropic": {"model": "claude-sonnet-4-5", "max_tokens": 64, "messages": [{"role": "user", "content": "hi"}]},
    "gemini": {"contents": [{"role": "user", "parts": [{"text": "hi"}]}]},
}


def variants(src: str) -> dict[str, Any]:
    b = BASE[src]
    v: dict[str, Any] = {"plain": b}

    def with_(**kw: Any) -> Any:
        out = copy.deepcopy(b)
        out.update(kw)
        return out

    if src == "openai":
        v["input str"] = with_(input="hi")
        v["input str empty"] = with_(input="")
        v["input str ws"] = with_(input="  ")
        v["text empty"] = with_(input=[{"role": "user", "content": [{"type": "input_text", "text": ""}]}])
        v["text ws"] = with_(input=[{"role": "user", "content": [{"type": "input_text", "text": " \n"}]}])
        v["content str"] = with_(input=[{"role": "user", "content": "hi"}])
        v["type message"] = with_(input=[{"type": "message", "role": "user", "content": "hi"}])
        v["instructions"] = with_(instructions="be brief")
        v["instructions empty"] = with_(instructions="")
        v["system role"] = with_(input=[{"role": "system", "content": "be brief"}, {"role": "user", "content": "hi"}])
        v["developer role"] = with_(input=[{"role": "developer", "content": "be brief"}, {"role": "user", "content": "hi"}])
        v["developer mid"] = with_(input=[{"role": "user", "content": "hi"}, {"role": "developer", "content": "be brief"}, {"role": "user", "content": "hi"}])
        v["assistant last"] = with_(input=[{"role": "user", "content": "hi"}, {"role": "assistant", "content": "Hel"}])
        v["assistant output_text"] = with_(input=[{"role": "user", "content": "hi"}, {"type": "message", "role": "assistant", "content": [{"type": "output_text", "text": "yo", "annotations": []}]}, {"role": "user", "content": "more"}])
        v["metadata"] = with_(metadata={"k": "v"})
        v["user"] = with_(user="u1")
        v["store"] = with_(store=False)
        v["temperature"] = with_(temperature=0.2)
        v["top_p"] = with_(top_p=0.5)
        v["max_output_tokens"] = with_(max_output_tokens=10**6)
        v["stream true"] = with_(stream=True)
        v["stream_options"] = with_(stream=True, stream_options={"include_obfuscation": False})
        v["truncation"] = with_(truncation="auto")
        v["parallel_tool_calls"] = with_(parallel_tool_calls=False)
        v["previous_response_id"] = with_(previous_response_id="resp_1")
        v["prompt_cache_key"] = with_(prompt_cache_key="k")
        v["safety_identifier"] = with_(safety_identifier="s")
        v["text format text"] = with_(text={"format": {"type": "text"}})
        v["text verbosity"] = with_(text={"verbosity": "low"})
        v["include"] = with_(include=["reasoning.encrypted_content"])
        v["unknown field"] = with_(zzz_unknown=1)
        v["model missing"] = {k: x for k, x in b.items() if k != "model"}
        v["top_logprobs"] = with_(top_logprobs=2)
        v["background"] = with_(background=False)
        v["conversation"] = with_(conversation="conv_1")
        v["max_tool_calls"] = with_(max_tool_calls=2)
    elif src == "openai_chat":
        v["content parts"] = with_(messages=[{"role": "user", "content": [{"type": "text", "text": "hi"}]}])
        v["content empty"] = with_(messages=[{"role": "user", "content": ""}])
        v["content ws"] = with_(messages=[{"role": "user", "content": " "}])
        v["content parts empty"] = with_(messages=[{"role": "user", "content": []}])
        v["system"] = with_(messages=[{"role": "system", "content": "be brief"}, {"role": "user", "content": "hi"}])
        v["system parts"] = with_(messages=[{"role": "system", "content": [{"type": "text", "text": "be brief"}]}, {"role": "user", "content": "hi"}])
        v["developer"] = with_(messages=[{"role": "developer", "content": "be brief"}, {"role": "user", "content": "hi"}])
        v["system mid"] = with_(messages=[{"role": "user", "content": "hi"}, {"role": "system", "content": "be brief"}, {"role": "user", "content": "hi"}])
        v["name"] = with_(messages=[{"role": "user", "content": "hi", "name": "bob"}])
        v["assistant last"] = with_(messages=[{"role": "user", "content": "hi"}, {"role": "assistant", "content": "Hel"}])
        v["assistant mid"] = with_(messages=[{"role": "user", "content": "hi"}, {"role": "assistant", "content": "yo"}, {"role": "user", "content": "more"}])
        v["assistant refusal"] = with_(messages=[{"role": "user", "content": "hi"}, {"role": "assistant", "content": None, "refusal": "no"}, {"role": "user", "content": "more"}])
        v["metadata"] = with_(metadata={"k": "v"}, store=True)
        v["user"] = with_(user="u1")
        v["n2"] = with_(n=2)
        v["n1"] = with_(n=1)
        v["stream"] = with_(stream=True)
        v["stream_options"] = with_(stream=True, stream_options={"include_usage": True})
        v["stream_options false"] = with_(stream=True, stream_options={"include_usage": False})
        v["max_tokens"] = with_(max_tokens=10**6)
        v["max_completion_tokens"] = with_(max_completion_tokens=20)
        v["temperature"] = with_(temperature=0.2)
        v["seed"] = with_(seed=3)
        v["logprobs"] = with_(logprobs=True, top_logprobs=2)
        v["logit_bias"] = with_(logit_bias={"50256": -100})
        v["presence"] = with_(presence_penalty=0.5, frequency_penalty=0.1)
        v["modalities"] = with_(modalities=["text"])
        v["prediction"] = with_(prediction={"type": "content", "content": "x"})
        v["web_search_options"] = with_(web_search_options={})
        v["verbosity"] = with_(verbosity="low")
        v["unknown field"] = with_(zzz_unknown=1)
        v["model missing"] = {k: x for k, x in b.items() if k != "model"}
        v["parallel_tool_calls"] = with_(parallel_tool_calls=False)
        v["prompt_cache_key"] = with_(prompt_cache_key="k")
        v["response_format text"] = with_(response_format={"type": "text"})
    elif src == "anthropic":
        v["content blocks"] = with_(messages=[{"role": "user", "content": [{"type": "text", "text": "hi"}]}])
        v["content empty"] = with_(messages=[{"role": "user", "content": ""}])
        v["content ws"] = with_(messages=[{"role": "user", "content": " "}])
        v["system str"] = with_(system="be brief")
        v["system empty"] = with_(system="")
        v["system blocks"] = with_(system=[{"type": "text", "text": "be brief"}])
        v["system blocks cached"] = with_(system=[{"type": "text", "text": "be brief", "cache_control": {"type": "ephemeral"}}])
        v["cache mark"] = with_(messages=[{"role": "user", "content": [{"type": "text", "text": "hi", "cache_control": {"type": "ephemeral"}}]}])
        v["cache mark 1h"] = with_(messages=[{"role": "user", "content": [{"type": "text", "text": "hi", "cache_control": {"type": "ephemeral", "ttl": "1h"}}]}])
        v["top cache_control"] = with_(cache_control={"type": "ephemeral"})
        v["citations"] = with_(messages=[{"role": "user", "content": [{"type": "text", "text": "hi", "citations": None}]}])
        v["assistant last"] = with_(messages=[{"role": "user", "content": "hi"}, {"role": "assistant", "content": "Hel"}])
        v["assistant mid"] = with_(messages=[{"role": "user", "content": "hi"}, {"role": "assistant", "content": "yo"}, {"role": "user", "content": "more"}])
        v["metadata"] = with_(metadata={"user_id": "u1"})
        v["stream"] = with_(stream=True)
        v["max_tokens big"] = with_(max_tokens=10**6)
        v["temperature"] = with_(temperature=0.2)
        v["top_k"] = with_(top_k=5)
        v["service_tier"] = with_(service_tier="auto")
        v["container"] = with_(container="c1")
        v["unknown field"] = with_(zzz_unknown=1)
        v["model missing"] = {k: x for k, x in b.items() if k != "model"}
        v["max_tokens missing"] = {k: x for k, x in b.items() if k != "max_tokens"}
        v["inference_geo"] = with_(inference_geo="us")
        v["two users"] = with_(messages=[{"role": "user", "content": "hi"}, {"role": "user", "content": "again"}])
    else:
        v["text empty"] = with_(contents=[{"role": "user", "parts": [{"text": ""}]}])
        v["text ws"] = with_(contents=[{"role": "user", "parts": [{"text": " "}]}])
        v["no role"] = with_(contents=[{"parts": [{"text": "hi"}]}])
        v["two parts"] = with_(contents=[{"role": "user", "parts": [{"text": "hi"}, {"text": "there"}]}])
        v["system_instruction"] = with_(systemInstruction={"parts": [{"text": "be brief"}]})
        v["system_instruction snake"] = with_(system_instruction={"parts": [{"text": "be brief"}]})
        v["system_instruction role"] = with_(systemInstruction={"role": "system", "parts": [{"text": "be brief"}]})
        v["system_instruction empty text"] = with_(systemInstruction={"parts": [{"text": ""}]})
        v["model last"] = with_(contents=[{"role": "user", "parts": [{"text": "hi"}]}, {"role": "model", "parts": [{"text": "Hel"}]}])
        v["model mid"] = with_(contents=[{"role": "user", "parts": [{"text": "hi"}]}, {"role": "model", "parts": [{"text": "yo"}]}, {"role": "user", "parts": [{"text": "more"}]}])
        v["generationConfig"] = with_(generationConfig={"temperature": 0.2, "maxOutputTokens": 10**6})
        v["candidateCount 2"] = with_(generationConfig={"candidateCount": 2})
        v["responseMimeType"] = with_(generationConfig={"responseMimeType": "text/plain"})
        v["stopSequences"] = with_(generationConfig={"stopSequences": ["x"]})
        v["seed"] = with_(generationConfig={"seed": 3})
        v["thinkingConfig"] = with_(generationConfig={"thinkingConfig": {"thinkingBudget": 0}})
        v["safetySettings"] = with_(safetySettings=[{"category": "HARM_CATEGORY_HATE_SPEECH", "threshold": "BLOCK_NONE"}])
        v["labels"] = with_(labels={"k": "v"})
        v["cachedContent"] = with_(cachedContent="cachedContents/1")
        v["unknown field"] = with_(zzz_unknown=1)
        v["model field"] = with_(model="gemini-2.5-pro")
        v["thought part"] = with_(contents=[{"role": "user", "parts": [{"text": "hi", "thought": False}]}])
        v["responseLogprobs"] = with_(generationConfig={"responseLogprobs": True, "logprobs": 2})
    return v


def outcome(fn: Any) -> Any:
    try:
        r = fn()
    except lc.LmcodecError as e:
        return ("lc", type(e).__name__, str(e)[:200])
    except Exception as e:  # noqa: BLE001
        return ("BARE", type(e).__name__, str(e)[:200])
    return ("ok", json.loads(r.body), r.adaptations, getattr(r, "url", None), getattr(r, "headers", None))


TAKEN = [0]
_pc, _ps = tr.plain_crossing, tr.plain_same_dialect


def _count(f: Any) -> Any:
    def inner(*a: Any) -> Any:
        r = f(*a)
        TAKEN[0] += bool(r)
        return r
    return inner


def main() -> int:
    n = same = diffs = 0
    for src in D:
        for name, body in variants(src).items():
            raw = json.dumps(body).encode()
            for dst in D:
                for model in (None, MODELS[dst]):
                    for stream in (None, True, False):
                        kw: dict[str, Any] = {}
                        if model is not None:
                            kw["model"] = model
                        if stream is not None:
                            kw["stream"] = stream
                        with mock.patch.object(tr, "plain_crossing", _count(_pc)), mock.patch.object(tr, "plain_same_dialect", _count(_ps)):
                            short = outcome(lambda: lc.translate_request(src, dst, raw, **kw))
                        with mock.patch.object(tr, "plain_crossing", lambda *a: False), mock.patch.object(tr, "plain_same_dialect", lambda *a: False):
                            long = outcome(lambda: lc.translate_request(src, dst, raw, **kw))
                        n += 1
                        if short == long:
                            same += 1
                        else:
                            diffs += 1
                            if diffs <= 15:
                                print(f"DIFF {src}->{dst} [{name}] model={model} stream={stream}\n  short: {short}\n  long:  {long}")
                        if short[0] == "BARE":
                            print("BARE", src, dst, name, short)
    print(f"translations {n} (short road taken {TAKEN[0]}): same {same}, differ {diffs}")
    return 1 if diffs else 0


if __name__ == "__main__":
    sys.exit(main())
