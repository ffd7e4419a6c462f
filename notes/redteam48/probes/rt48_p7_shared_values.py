"""Probe 7: values shared between calls: does any call change the user's Request, tool schema, extensions
dict or events; does a dict mutated between calls give the output a fresh object gives?"""
from __future__ import annotations

import copy
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from _h import DIALECTS, lc, event_streams, wire_streams  # noqa: E402

SCHEMAS = [
    {"type": "object", "properties": {"q": {"type": "string"}}, "required": ["q"], "additionalProperties": False},
    {"type": "object", "properties": {"n": {"anyOf": [{"type": "integer"}, {"type": "null"}], "default": None}},
     "$defs": {"X": {"type": "object", "properties": {"a": {"type": "string", "format": "uri"}}}},
     "additionalProperties": False},
    {"type": "object", "properties": {"x": {"$ref": "#/$defs/X"}, "t": {"type": ["string", "null"], "title": "T"}},
     "$defs": {"X": {"type": "object", "properties": {"a": {"const": "k"}}, "additionalProperties": False}},
     "$schema": "http://json-schema.org/draft-07/schema#"},
    {"type": "object", "properties": {"e": {"type": "string", "enum": ["a", "b"], "examples": ["a"]},
                                      "arr": {"type": "array", "items": {"type": "object", "properties": {}, "additionalProperties": True}, "minItems": 1}}},
]
EXTS = [{"top_k": 3}, {"metadata": {"user": "u1", "tags": ["x"]}}, {"safety_settings": [{"category": "HARM_CATEGORY_HATE_SPEECH", "threshold": "BLOCK_NONE"}]},
        {"parallel_tool_calls": False, "service_tier": "flex"}, {"thinking": {"type": "enabled", "budget_tokens": 1024}}]


def make(schema, ext, strict=None):
    tool = lc.FunctionTool(name="f", description="d", parameters=schema)
    return lc.Request(model="gemini-2.5-pro", messages=(lc.Message.user("hi"),), tools=(tool,), system="s",
                      config=lc.Config(max_tokens=64, extensions=ext, response_format={"type": "json_schema", "name": "o", "schema": schema, "strict": bool(strict)}))


def outcome(fn):
    try:
        return fn()
    except lc.LmcodecError as exc:
        return ("lc", type(exc).__name__, str(exc)[:80])


def main() -> int:
    changed = mismatched = checks = 0
    for schema in SCHEMAS:
        for ext in EXTS:
            for strict in (None, True):
                for p in DIALECTS:
                    for stream in (False, True):
                        s, e = copy.deepcopy(schema), copy.deepcopy(ext)
                        req = make(s, e, strict)
                        before = (json.dumps(s, sort_keys=True), json.dumps(e, sort_keys=True), lc.encode(req))
                        first = outcome(lambda: lc.build_request(p, req, stream=stream).body)
                        after = (json.dumps(s, sort_keys=True), json.dumps(e, sort_keys=True), lc.encode(req))
                        checks += 1
                        if before != after:
                            changed += 1
                            print("CHANGED the user's value:", p, stream, before[0][:80], "->", after[0][:80])
                        again = outcome(lambda: lc.build_request(p, req, stream=stream).body)
                        checks += 1
                        if again != first:
                            mismatched += 1
                            print("SECOND CALL DIFFERS", p, stream)
                        # mutate in place between calls: the output must be a fresh object's
                        s["properties"]["added"] = {"type": "boolean"}
                        e["added_key"] = 1
                        mutated = outcome(lambda: lc.build_request(p, req, stream=stream).body)
                        fresh = outcome(lambda: lc.build_request(p, make(copy.deepcopy(s), copy.deepcopy(e), strict), stream=stream).body)  # (one schema object for both uses, as in req)
                        checks += 1
                        if mutated != fresh:
                            mismatched += 1
                            print("MUTATED != FRESH", p, stream, str(mutated)[:200], "\n   ", str(fresh)[:200])
                        # the body read back, then sent to another dialect: the first Request unchanged
                        if isinstance(first, bytes):
                            for dst in DIALECTS:
                                try:
                                    back = lc.decode_request(p, first)
                                except lc.LmcodecError:
                                    continue
                                snap = lc.encode(back)
                                outcome(lambda: lc.build_request(dst, back, stream=stream))
                                outcome(lambda: lc.translate_request(p, dst, first, model="gemini-2.5-pro"))
                                checks += 1
                                if lc.encode(back) != snap:
                                    changed += 1
                                    print("CHANGED a decoded Request", p, dst)
    # events shared between many Encoders / translate calls
    for shape, events in event_streams().items():
        snap = [lc.encode(e) for e in events]
        for p in DIALECTS:
            for _ in range(3):
                b"".join(lc.stream.encode(p, events))
                lc.encode_response(p, lc.assemble(events))
        checks += 1
        if [lc.encode(e) for e in events] != snap:
            changed += 1
            print("CHANGED events", shape)
    print(f"checks {checks}: user values changed {changed}, outputs differing from a fresh object's {mismatched}")
    return 1 if changed or mismatched else 0


if __name__ == "__main__":
    sys.exit(main())
