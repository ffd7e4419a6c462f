"""F03: a Gemini functionCall whose args hold non-ASCII text costs 10-40x the floor to decode into
events or to translate (one Python callback per non-ASCII character).

Gemini sends a call's args whole, as a JSON object. lm15's adapter writes them as
``json.dumps(args, separators=(",", ":"))`` (ensure_ascii: every non-ASCII character as a \\uXXXX
escape). lmcodec's ``providers/gemini/views.compact_json`` writes that spelling by msgspec, then
``.encode("ascii", "backslashreplace")`` and ``_ESCAPE.sub(_json_escape, ...)``: a Python function
called for every non-ASCII character. A coding agent writing a file of accented text or comments
(gemini-cli's write_file / replace tools send the whole file content as args) pays it per
character in ``lc.stream.decode`` / ``Decoder`` / ``adecode`` (the EventSink takes the text) and in
``lc.stream.translate`` from Gemini; ``lc.assemble(lc.stream.decode(...))`` keeps the decoded value
and runs at the floor (the figure the others should be near), as does the same call in ASCII.

Exits 1 while decoding the accented call into events costs (to its floor) over 2x the ASCII call.
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import interleave, ms, ratio, sse, sse_floor

import lmcodec as lc

REQUEST = lc.Request("gemini-2.5-pro", [lc.Message.user("write the file")])


def stream(content: str) -> bytes:
    usage = {"promptTokenCount": 5, "candidatesTokenCount": 3, "totalTokenCount": 8}
    call = {"functionCall": {"name": "write_file", "args": {"file_path": "/src/说明.md", "content": content}}}
    return sse(
        {
            "candidates": [{"content": {"parts": [{"text": "好的。"}], "role": "model"}, "index": 0}],
            "usageMetadata": usage,
            "modelVersion": "gemini-2.5-pro",
        }
    ) + sse(
        {
            "candidates": [
                {"content": {"parts": [call], "role": "model"}, "finishReason": "STOP", "index": 0}
            ],
            "usageMetadata": usage,
            "modelVersion": "gemini-2.5-pro",
        }
    )


def events(body: bytes) -> list[object]:
    return list(lc.stream.decode("gemini", [body], request=REQUEST))


def translated(body: bytes) -> list[bytes]:
    return list(lc.stream.translate("gemini", "openai_chat", [body], request=REQUEST))


def assembled(body: bytes) -> object:
    return lc.assemble(lc.stream.decode("gemini", [body], request=REQUEST), request=REQUEST)


if __name__ == "__main__":
    accented = stream(
        "# Modèle de données\n\nLe résumé des données est généré à partir des journaux; ça coûte très peu. Größe: 12 µs ✅🚀\n"
        * 2500
    )
    ascii_ = stream(
        "# Modele de donnees\n\nLe resume des donnees est genere a partir des journaux; ca coute tres peu. Groesse: 12 us ok!!\n"
        * 2500
    )
    t = interleave(
        {
            "events accented": lambda: events(accented),
            "translate accented": lambda: translated(accented),
            "assemble accented": lambda: assembled(accented),
            "events ascii": lambda: events(ascii_),
            "floor accented": lambda: sse_floor([accented]),
            "floor ascii": lambda: sse_floor([ascii_]),
        },
        5,
    )
    for name, floor in (
        ("events accented", "floor accented"),
        ("translate accented", "floor accented"),
        ("assemble accented", "floor accented"),
        ("events ascii", "floor ascii"),
    ):
        print(
            f"{name:14s} {ms(t, name):7.2f} ms = {ratio(t, name, floor):6.2f}x the floor "
            f"({len(accented if 'accented' in name else ascii_) / 1e3:.0f} KB body)"
        )
    worst = ratio(t, "events accented", "floor accented") / ratio(t, "events ascii", "floor ascii")
    print(
        f"decode into events of an accented call: {worst:.1f}x the same call in ASCII (each to its floor); "
        f"should be near 1x (README: streams 0.54-1.18x, translate 1.19-2.59x)"
    )
    sys.exit(1 if worst > 2.0 else 0)
