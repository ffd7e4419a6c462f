"""The lmcodec command, run as a user runs it: in a subprocess."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

import lmcodec as lc
from lmcodec import cli
from lmcodec.cli.workload import turn_dicts

from ..corpus import CORPUS, needs_corpus

TURNS = [lc.from_builtins(d, lc.Turn) for d in turn_dicts(5)]


def run(*args: str, stdin: bytes | None = None) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "lmcodec", *args], input=stdin, capture_output=True, timeout=120, check=False
    )


def _mixed_log(path: Path) -> list[bytes]:
    good = [lc.encode(t) + b"\n" for t in TURNS]
    bad = [b'{"request": {}}\n', b"not json\n"]
    path.write_bytes(good[0] + bad[0] + good[1] + good[2] + bad[1] + good[3] + good[4][:40])
    return [*bad, good[4][:40] + b"\n"]


def test_help_lists_every_command() -> None:
    out = run("--help")
    assert out.returncode == 0
    for command in ("bench", "convert", "validate", "assemble", "schema"):
        assert command in out.stdout.decode()


@pytest.mark.thorough
def test_bench_quick_json() -> None:
    out = run("bench", "--quick", "--json")
    assert out.returncode == 0, out.stderr
    rows = json.loads(out.stdout)
    libs = {(r["task"].split()[0], r["library"]) for r in rows}
    assert {("encode", "lmcodec"), ("decode", "lmcodec"), ("encode", "json"), ("decode", "json")} <= libs
    assert all(r["median_ms"] > 0 for r in rows)


def test_bench_quick_keeps_the_records_and_rounds_given() -> None:
    """--quick sets 200 records and 3 rounds unless they are given (it overrode --records)."""
    out = run("bench", "--quick", "--records", "30", "--repeat", "1", "--json")
    assert out.returncode == 0, out.stderr
    assert {r["task"].split()[1] for r in json.loads(out.stdout)} == {"30"}
    too_many = run("bench", "--records", "99999999999999999999")
    assert too_many.returncode == 2 and b"at most 50,000" in too_many.stderr


@pytest.mark.thorough
def test_bench_table() -> None:
    out = run("bench", "--quick")
    assert out.returncode == 0, out.stderr
    assert "lmcodec" in out.stdout.decode() and "faster" in out.stdout.decode()


def test_convert_keeps_good_records_and_writes_rejects(tmp_path: Path) -> None:
    src, dest, rejects = tmp_path / "in.jsonl", tmp_path / "out.jsonl", tmp_path / "bad.jsonl"
    bad = _mixed_log(src)
    out = run("convert", str(src), str(dest), "--rejects", str(rejects))
    assert out.returncode == 0, out.stderr
    assert dest.read_bytes() == b"".join(lc.encode(t) + b"\n" for t in TURNS[:4])
    assert rejects.read_bytes() == b"".join(bad)
    assert "4 records converted, 3 bad records" in out.stderr.decode()


def test_convert_to_msgpack(tmp_path: Path) -> None:
    src, dest = tmp_path / "in.jsonl", tmp_path / "out.msgpack"
    src.write_bytes(b"".join(lc.encode(t) + b"\n" for t in TURNS))
    assert run("convert", str(src), str(dest), "--to", "msgpack").returncode == 0
    assert list(lc.msgpack.read_stream(dest, lc.Turn)) == TURNS


def test_convert_raise_stops_at_first_bad_line(tmp_path: Path) -> None:
    src = tmp_path / "in.jsonl"
    _mixed_log(src)
    out = run("convert", str(src), str(tmp_path / "out.jsonl"), "--on-error", "raise")
    assert out.returncode == 1
    assert "line 2" in out.stderr.decode()


def test_validate_reports_each_bad_record(tmp_path: Path) -> None:
    src = tmp_path / "in.jsonl"
    _mixed_log(src)
    out = run("validate", str(src))
    assert out.returncode == 1
    err = out.stderr.decode()
    assert "line 2 (byte" in err and "$.request" in err and "line 5" in err and "line 7" in err
    good = tmp_path / "good.jsonl"
    good.write_bytes(b"".join(lc.encode(t) + b"\n" for t in TURNS))
    assert run("validate", str(good)).returncode == 0


def test_validate_from_stdin() -> None:
    out = run("validate", "-", stdin=lc.encode(TURNS[0]) + b"\n")
    assert out.returncode == 0, out.stderr


def test_schema() -> None:
    out = run("schema", "Turn")
    assert out.returncode == 0
    schema = json.loads(out.stdout)
    assert schema["$ref"].endswith("/Turn")
    assert run("schema", "NoSuchType").returncode != 0


@needs_corpus
def test_assemble_a_captured_stream() -> None:
    body = sorted((CORPUS / "lm15-contract" / "bodies" / "anthropic.streaming").iterdir())[0]
    out = run("assemble", "anthropic", str(body))
    assert out.returncode == 0, out.stderr
    expected = lc.assemble(lc.stream.decode("anthropic", [body.read_bytes()]))
    assert out.stdout == lc.encode(expected) + b"\n"
    events = run("assemble", "anthropic", "--events", stdin=body.read_bytes())
    assert events.returncode == 0, events.stderr
    decoded = [lc.decode(line, lc.StreamEvent) for line in events.stdout.splitlines()]
    assert decoded[0].type == "start" and decoded[-1].type == "end"


def test_assemble_reports_a_broken_stream() -> None:
    out = run("assemble", "anthropic", stdin=b"event: message_start\ndata: {not json\n\n")
    assert out.returncode == 1
    assert out.stderr.startswith(b"lmcodec:")


@needs_corpus
@pytest.mark.parametrize("captured", ["openai", "openai_chat", "anthropic", "gemini"])
def test_assemble_names_the_dialect_of_a_stream_given_as_another(
    captured: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Each dialect's captured stream, assembled as each other dialect: an error saying which it is."""
    body = sorted((CORPUS / "lm15-contract" / "bodies" / f"{captured}.streaming").iterdir())[0]
    for asked in ("openai", "openai_chat", "anthropic", "gemini"):
        code = cli.main(["assemble", asked, str(body)])
        err = capsys.readouterr().err
        if asked == captured:
            assert code == 0, err
            assert "looks like" not in err
        else:
            assert code == 1
            hint = f"looks like a stream in the {captured} dialect, not {asked}: lmcodec assemble {captured} "
            assert hint in err, err


@pytest.mark.parametrize("asked", ["openai", "anthropic", "gemini"])
def test_assemble_names_a_chat_stream_whose_chunks_lack_object(
    asked: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Chat-compatible servers that leave ``"object": "chat.completion.chunk"`` out of their chunks
    (lm15's reader needs only ``choices``): assembled as another dialect, the same hint as a Chat
    stream with it (leftover 9 item 5: none was given)."""
    frames = [
        {
            "id": "c",
            "model": "m",
            "choices": [{"index": 0, "delta": {"content": "Hi"}, "finish_reason": None}],
        },
        {"id": "c", "model": "m", "choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}]},
    ]
    body = b"".join(b"data: " + json.dumps(f).encode() + b"\n\n" for f in frames) + b"data: [DONE]\n\n"
    path = tmp_path / "chat.sse"
    path.write_bytes(body)
    assert cli.main(["assemble", "openai_chat", str(path)]) == 0
    assert "looks like" not in capsys.readouterr().err
    assert cli.main(["assemble", asked, str(path), "--model", "m"]) == 1
    err = capsys.readouterr().err
    assert "looks like a stream in the openai_chat dialect" in err
    assert f": lmcodec assemble openai_chat {path}" in err


def _whole_bodies() -> list[tuple[str, Path]]:
    """Every non-streamed corpus body of the lm15 contract corpus, with its dialect."""
    if not CORPUS.is_dir():
        return []
    bodies = []
    for folder in sorted((CORPUS / "lm15-contract" / "bodies").iterdir()):
        for body in sorted(folder.iterdir()):
            if body.read_bytes().lstrip()[:1] == b"{":
                bodies.append((folder.name.split(".")[0], body))
    return bodies


@needs_corpus
def test_assemble_names_the_dialect_of_a_whole_body_given_as_another(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A whole JSON body of one dialect assembled as another is an error naming its dialect (it was
    an empty Response and status 0); as its own dialect it is read, never refused. The bodies: the
    corpus's, and each dialect's body written by encode_response (the corpus has no Chat body)."""
    bodies = _whole_bodies()
    assert {dialect for dialect, _ in bodies} >= {"openai", "anthropic", "gemini"}
    response = lc.Response(
        id="r1", model="m", message=lc.Message.assistant("Hi"), finish_reason="stop", usage=lc.Usage()
    )
    for dialect in ("openai", "openai_chat", "anthropic", "gemini"):
        written = tmp_path / f"{dialect}.json"
        written.write_bytes(lc.encode_response(dialect, response))
        bodies.append((dialect, written))
    for dialect, body in bodies:
        code = cli.main(["assemble", dialect, str(body)])
        assert "dialect" not in capsys.readouterr().err, body
        assert code in (0, 1)
    for dialect, body in bodies[:: max(1, len(bodies) // 40)] + bodies[-4:]:
        for asked in {"openai", "openai_chat", "anthropic", "gemini"} - {dialect}:
            code = cli.main(["assemble", asked, str(body)])
            err = capsys.readouterr().err
            top = json.loads(body.read_bytes())
            if not (
                "candidates" in top
                or top.get("object") in ("response", "chat.completion")
                or top.get("type") == "message"
            ):
                continue  # an error body, a cachedContents resource: not a generated response
            assert code == 1 and f"a whole JSON body in the {dialect} dialect, not {asked}" in err, (
                body,
                err,
            )


class _Terminal(io.StringIO):
    """A stderr that says it is a terminal (what tqdm and the command check)."""

    def isatty(self) -> bool:
        return True


def test_progress_bar_on_a_terminal_only(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """validate/convert draw a tqdm bar on stderr when it is a terminal, and nothing otherwise."""
    src = tmp_path / "log.jsonl"
    src.write_bytes(b"".join(lc.encode(t) + b"\n" for t in TURNS) * 20)
    for argv, label in (
        (["validate", str(src)], "validate: "),
        (["convert", str(src), str(tmp_path / "out.msgpack"), "--to", "msgpack"], "convert: "),
    ):
        terminal = _Terminal()
        monkeypatch.setattr(sys, "stderr", terminal)
        assert cli.main(argv) == 0
        monkeypatch.undo()
        assert label in terminal.getvalue() and "100 records" in terminal.getvalue(), terminal.getvalue()
        assert "\r" in terminal.getvalue()  # the bar redraws in place
    piped = run("validate", str(src))
    assert piped.returncode == 0 and piped.stderr == b"lmcodec: 100 good records, 0 bad\n"  # no bar


def test_assemble_of_a_chat_stream_as_openai_with_a_model_names_the_dialect(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """redteam8 F19: with --model, lm15's reading of a Chat stream as a Responses one is an empty
    successful Response (every frame unknown, [DONE] ends it): the command said nothing, status 0."""
    frames = [
        {
            "id": "c",
            "object": "chat.completion.chunk",
            "model": "m",
            "choices": [{"index": 0, "delta": {"content": t}}],
        }
        for t in ("Hel", "lo")
    ]
    body = b"".join(b"data: " + json.dumps(f).encode() + b"\n\n" for f in frames) + b"data: [DONE]\n\n"
    path = tmp_path / "chat.sse"
    path.write_bytes(body)
    assert (
        lc.assemble(lc.stream.decode("openai", [body], request=lc.Request("m", [lc.Message.user("")]))).text
        == ""
    )
    code = cli.main(["assemble", "openai", str(path), "--model", "m"])
    out, err = capsys.readouterr()
    assert code == 1 and out == ""
    assert f"looks like a stream in the openai_chat dialect: lmcodec assemble openai_chat {path}" in err
    assert cli.main(["assemble", "openai_chat", str(path), "--model", "m"]) == 0
    assert json.loads(capsys.readouterr().out)["message"]["parts"][0]["text"] == "Hello"
    # red team 10 F05: with --events, a start and an empty end were printed, status 0, no hint
    code = cli.main(["assemble", "openai", str(path), "--model", "m", "--events"])
    out, err = capsys.readouterr()
    assert code == 1
    assert [json.loads(line)["type"] for line in out.splitlines()] == ["start", "end"]
    assert f"looks like a stream in the openai_chat dialect: lmcodec assemble openai_chat {path}" in err
    assert cli.main(["assemble", "openai_chat", str(path), "--model", "m", "--events"]) == 0
    assert "delta" in [json.loads(line)["type"] for line in capsys.readouterr().out.splitlines()]


def test_convert_states_its_on_error_default_and_counts_bad_records_alike(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """red team 18 F07: `--on-error` had no help and no stated default (skip, where the library's
    readers raise), and the summary said "bad lines" for JSONL input, "bad records" for MessagePack
    (its itemized lines say "bad record" for both)."""
    with pytest.raises(SystemExit):
        cli.main(["convert", "--help"])
    assert "(default: skip)" in " ".join(capsys.readouterr().out.split())
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text("utf-8")
    assert "[--on-error skip|raise (default skip)]" in readme
    logs = {"jsonl": tmp_path / "in.jsonl", "msgpack": tmp_path / "in.msgpack"}
    logs["jsonl"].write_bytes(lc.encode(TURNS[0]) + b"\n" + b'{"request": {}}\n')
    lc.msgpack.write_stream(logs["msgpack"], [TURNS[0], TURNS[0].request])
    for name, src in logs.items():
        assert cli.main(["convert", str(src), str(tmp_path / f"{name}.out.jsonl")]) == 0
        assert capsys.readouterr().err.endswith("lmcodec: 1 record converted, 1 bad record\n"), name
