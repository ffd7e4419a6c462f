"""Probe 2: Decoder / Encoder / decode / translate used after raise, after close, twice, re-entered."""
from __future__ import annotations

import gc
import os
import sys
import warnings

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from _h import DIALECTS, cut, digest, lc, wire_streams, event_streams  # noqa: E402

W = wire_streams()
EV = event_streams()


def outcome(fn):
    try:
        r = fn()
        return ("ok", str(digest(r))[:160])
    except lc.LmcodecError as exc:
        return ("lc", type(exc).__name__, str(exc)[:120])
    except Exception as exc:  # noqa: BLE001
        return ("BARE", type(exc).__name__, str(exc)[:120])


def show(name, fn):
    print(f"{name:70s}", outcome(fn))


for p in DIALECTS:
    data = W[p, "text"]
    def close_twice(p=p, data=data):
        d = lc.stream.Decoder(p); d.feed(data); a = d.close(); b = d.close(); return [len(a), b]
    show(f"Decoder {p} close twice (second close's events)", close_twice)
    def close_twice_cut(p=p, data=data):
        d = lc.stream.Decoder(p); d.feed(data[:-1]); a = d.close(); b = d.close(); return [len(a), b]
    show(f"Decoder {p} close twice, last byte missing", close_twice_cut)
    for kind, chunk in (("bytes lineless", b"abc"), ("bytes", b"data: {}\n\n"), ("bytearray", bytearray(b"x")),
                        ("memoryview", memoryview(b"x")), ("empty", b""), ("str", "x")):
        def after_close(p=p, chunk=chunk):
            d = lc.stream.Decoder(p); d.feed(data); d.close(); return d.feed(chunk)
        show(f"Decoder {p} feed {kind} after close", after_close)
    def after_raise(p=p, data=data):
        d = lc.stream.Decoder(p)
        try:
            d.feed(b"data: {not json\n\n")
        except lc.LmcodecError:
            pass
        return d.feed(data) + d.close()
    show(f"Decoder {p} feed after a refused frame", after_raise)
    def after_type_error(p=p, data=data):
        d = lc.stream.Decoder(p)
        try:
            d.feed(12)  # type: ignore[arg-type]
        except lc.LmcodecError:
            pass
        return len(d.feed(data) + d.close()) == len(list(lc.stream.decode(p, [data])))
    show(f"Decoder {p} feed(12) then the stream: same events count", after_type_error)
    def held_then_type_error(p=p, data=data):
        d = lc.stream.Decoder(p)
        d.feed(b"da")
        try:
            d.feed(12)  # type: ignore[arg-type]
        except lc.LmcodecError:
            pass
        return len(d.feed(data[2:]) + d.close()) == len(list(lc.stream.decode(p, [data])))
    show(f"Decoder {p} held bytes, feed(12), rest: same count", held_then_type_error)
    def stats_after(p=p, data=data):
        d = lc.stream.Decoder(p); d.feed(data); d.close(); return str(d.stats)
    show(f"Decoder {p} stats after close", stats_after)

    ev = EV["text"]
    def enc_close_twice(p=p, ev=ev):
        e = lc.stream.Encoder(p); [e.feed(x) for x in ev[:-1]]; a = e.close(); b = e.close(); return [a[-40:], b[-40:]]
    show(f"Encoder {p} cut short, close twice", enc_close_twice)
    def enc_flush_after_close(p=p, ev=ev):
        e = lc.stream.Encoder(p); [e.feed(x) for x in ev[:-1]]; a = e.close(); return e.flush()
    show(f"Encoder {p} flush after close", enc_flush_after_close)
    def enc_feed_all_after_close(p=p, ev=ev):
        e = lc.stream.Encoder(p); e.close(); return e.feed_all(ev)
    show(f"Encoder {p} feed_all after close", enc_feed_all_after_close)
    def enc_after_refusal(p=p, ev=ev):
        e = lc.stream.Encoder(p)
        out = [e.feed(ev[0])]
        try:
            e.feed("not an event")  # type: ignore[arg-type]
        except lc.LmcodecError:
            pass
        out += [e.feed(x) for x in ev[1:]] + [e.close()]
        return b"".join(out)
    show(f"Encoder {p} feed(str) refused mid-stream then the rest", enc_after_refusal)
    def enc_after_end(p=p, ev=ev):
        e = lc.stream.Encoder(p); [e.feed(x) for x in ev]; return e.feed(ev[1])
    show(f"Encoder {p} feed a delta after the end", enc_after_end)
    def enc_close_feed_close(p=p, ev=ev):
        e = lc.stream.Encoder(p); [e.feed(x) for x in ev[:2]]; e.close()
        try:
            e.feed(ev[2])
        except lc.LmcodecError:
            pass
        return e.close()
    show(f"Encoder {p} cut, close, refused feed, close again", enc_close_feed_close)

    def assemble_twice(p=p, data=data):
        d = lc.stream.decode(p, [data]); a = lc.assemble(d); b = lc.assemble(d); return [a, b]
    show(f"decode {p} assembled twice", assemble_twice)
    def list_after_assemble(p=p, data=data):
        d = lc.stream.decode(p, [data]); lc.assemble(d); return list(d)
    show(f"decode {p} iterated after assemble", list_after_assemble)
    def iter_then_assemble(p=p, data=data):
        d = lc.stream.decode(p, cut(data, 9)); first = next(d); r = lc.assemble(d); return r
    show(f"decode {p} one event pulled, then assemble (rest)", iter_then_assemble)
    def reenter(p=p, data=data):
        holder = {}
        def chunks():
            for i, c in enumerate(cut(data, 50)):
                if i == 3:
                    next(holder["d"])
                yield c
        holder["d"] = d = lc.stream.decode(p, chunks())
        return list(d)
    show(f"decode {p} re-entered from its source", reenter)
    def reenter_translate(p=p, data=data):
        holder = {}
        def chunks():
            for i, c in enumerate(cut(data, 50)):
                if i == 3:
                    next(holder["t"])
                yield c
        holder["t"] = t = lc.stream.translate(p, "openai_chat", chunks())
        return list(t)
    show(f"translate {p} re-entered from its source", reenter_translate)
    def translate_after_raise(p=p, data=data):
        def chunks():
            yield data[:60]
            raise OSError("socket reset")
        t = lc.stream.translate(p, "anthropic", chunks())
        got = []
        try:
            for x in t:
                got.append(x)
        except OSError:
            pass
        return [len(got), list(t)]
    show(f"translate {p} source raised OSError; then iterated again", translate_after_raise)
    def translate_abandon(p=p, data=data):
        with warnings.catch_warnings(record=True) as w:
            warnings.simplefilter("always")
            t = lc.stream.translate(p, "gemini", cut(data, 20)); next(t); del t; gc.collect()
            d = lc.stream.decode(p, iter(cut(data, 20))); next(d); del d; gc.collect()
        return [str(x.message) for x in w]
    show(f"translate/decode {p} abandoned half-way (warnings)", translate_abandon)
    def translate_close_then_next(p=p, data=data):
        t = lc.stream.translate(p, "openai", cut(data, 20)); next(t); t.close(); t.close(); return list(t)
    show(f"translate {p} closed twice, then iterated", translate_close_then_next)
