"""The public API type-checks as users write it: mypy --strict and pyright (strict) on sample.py.

The sample is also run, so every line it checks is code that works. Each
checker must report no error, and one revealed type per ``reveal_type`` line
(proof that it read the whole sample instead of skipping it).
"""

from __future__ import annotations

import inspect
import json
import subprocess
import sys
from pathlib import Path

import pytest

from . import sample

ROOT = Path(__file__).resolve().parents[2]
SAMPLE = Path(sample.__file__).resolve()
REVEALS = SAMPLE.read_text().count("    reveal_type(")


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True, timeout=900, check=False
    )


def test_sample_runs(tmp_path: Path) -> None:
    checks = [f for name, f in vars(sample).items() if name.startswith("check_") and callable(f)]
    assert len(checks) >= 9
    for check in checks:
        if inspect.signature(check).parameters:
            check(tmp_path)
        else:
            check()


@pytest.mark.thorough
def test_mypy_strict_accepts_the_sample(tmp_path: Path) -> None:
    # A cache of its own: the suites of two Pythons may run side by side (.ci/run).
    cache = str(tmp_path / "mypy_cache")
    done = _run("mypy", "--strict", "--cache-dir", cache, "--no-error-summary", str(SAMPLE))
    lines = done.stdout.splitlines()
    errors = [line for line in lines if ": error:" in line]
    assert errors == [], done.stdout + done.stderr
    assert done.returncode == 0, done.stdout + done.stderr
    assert sum("Revealed type is" in line for line in lines) == REVEALS


@pytest.mark.thorough
def test_pyright_strict_accepts_the_sample() -> None:
    config = json.loads((ROOT / "pyrightconfig.json").read_text())
    assert "tests/typing" in config["strict"], "the sample is checked in strict mode"
    done = _run("pyright", "--outputjson", "--pythonpath", sys.executable, str(SAMPLE))
    if done.returncode not in (0, 1):
        pytest.fail(f"pyright did not run (exit {done.returncode}): {done.stderr or done.stdout}")
    report = json.loads(done.stdout)
    diagnostics = report["generalDiagnostics"]
    errors = [d for d in diagnostics if d["severity"] == "error"]
    assert errors == [], json.dumps(errors, indent=1)
    assert report["summary"]["filesAnalyzed"] >= 1
    assert sum(d["severity"] == "information" and "Type of" in d["message"] for d in diagnostics) == REVEALS


def test_the_sample_silences_nothing() -> None:
    text = SAMPLE.read_text()
    for escape in ("type: ignore", "pyright: ignore", "cast(", "Any ="):
        assert escape not in text, escape


def test_the_sample_checks_every_readme_example() -> None:
    """The README's Python examples appear in the sample (so a new example gets checked too)."""
    readme = (ROOT / "README.md").read_text()
    text = SAMPLE.read_text()
    calls = [
        'lc.Request("gpt-4.1-mini", [lc.Message.user("Hi!")], config=lc.Config(temperature=1))',
        "lc.encode(req)",
        "lc.decode(data, lc.Request)",
        'lc.decode(b\'{"type":"text"}\', lc.Part, lenient=True)',
        'lc.jsonl.read(tmp / "log.jsonl.gz", lc.Turn, on_error="collect")',
        "reader.bad",
        "reader.errors",
        "lc.msgpack.write_stream(",
        "lc.stream.decode(",
        "lc.assemble(events, request=req)",
        "lc.stream.adecode(",
        "lc.stream.Decoder(",
        "lc.decode_response(",
        "lc.llm.decode(data)",
        "lc.llm.encode(record)",
    ]
    for call in calls:
        assert call in text, call
        head = call.split("(")[0]
        assert head in readme, f"{head} is no longer in the README: update this list"


@pytest.mark.thorough
def test_a_misspelt_public_name_is_a_type_error(tmp_path: Path) -> None:
    # lc.arrow / lc.dask come from a module __getattr__ at run time; the checkers must not see it,
    # or every typo (lc.jsonll) would be typed as a module and pass.
    user = tmp_path / "user_code.py"
    user.write_text("import lmcodec as lc\n\nlc.jsonll.read('x')\nlc.arrow.read_parquet\n")
    cache = str(tmp_path / "mypy_cache")
    done = _run("mypy", "--strict", "--cache-dir", cache, "--no-error-summary", str(user))
    errors = [line for line in done.stdout.splitlines() if ": error:" in line]
    assert len(errors) == 1 and "jsonll" in errors[0], done.stdout + done.stderr


PROVIDER_TYPOS = [
    'lc.build_request("opnai", req)',
    'lc.decode_request("anthropc", b"{}")',
    'lc.decode_response("gemni", b"{}")',
    'lc.encode_response("openai-chat", resp)',
    'lc.encode_response("openai_chat", resp, usage_from="claude")',
    'lc.translate_request("openai_chat", "antropic", b"{}")',
    'lc.translate_response("gemini", "opneai", b"{}")',
    'lc.stream.decode("anthopic", [b""])',
    'lc.stream.adecode("anthopic", chunks())',
    'lc.stream.Decoder("claude")',
    'lc.stream.Encoder("chat")',
    'lc.stream.encode("responses", [])',
    'lc.stream.aencode("responses", events())',
    'lc.stream.translate("openai", "gemini-2", [b""])',
    'lc.stream.atranslate("openai", "gemini-2", chunks())',
]


@pytest.mark.thorough
def test_a_misspelt_provider_name_is_a_type_error(tmp_path: Path) -> None:
    """red team 42 F02: every face that takes a provider name is typed ``lc.Provider``, so mypy
    flags each misspelt name (0 of 10 were); the same calls spelt right are no error."""
    head = (
        "from collections.abc import AsyncIterator\n"
        "import lmcodec as lc\n"
        'req = lc.Request("m", [lc.Message.user("x")])\n'
        'resp = lc.Response(None, "m", lc.Message.assistant("y"), "stop", lc.Usage())\n'
        "async def chunks() -> AsyncIterator[bytes]:\n"
        '    yield b""\n'
        "async def events() -> AsyncIterator[lc.StreamEvent]:\n"
        '    yield lc.StreamEndEvent("stop")\n'
    )
    first = head.count("\n") + 1
    user = tmp_path / "user_code.py"
    user.write_text(head + "".join(line + "\n" for line in PROVIDER_TYPOS))
    cache = str(tmp_path / "mypy_cache")
    done = _run("mypy", "--strict", "--cache-dir", cache, "--no-error-summary", str(user))
    flagged = {int(line.split(":")[1]) for line in done.stdout.splitlines() if ": error:" in line}
    assert flagged == set(range(first, first + len(PROVIDER_TYPOS))), done.stdout + done.stderr
    right = [
        line.replace('"opnai"', '"openai"')
        .replace('"anthropc"', '"anthropic"')
        .replace('"gemni"', '"gemini"')
        .replace('"openai-chat"', '"openai_chat"')
        .replace('"claude"', '"anthropic"')
        .replace('"antropic"', '"anthropic"')
        .replace('"opneai"', '"openai"')
        .replace('"anthopic"', '"anthropic"')
        .replace('"chat"', '"openai_chat"')
        .replace('"responses"', '"openai"')
        .replace('"gemini-2"', '"gemini"')
        for line in PROVIDER_TYPOS
    ]
    user.write_text(head + "".join(line + "\n" for line in right))
    done = _run("mypy", "--strict", "--cache-dir", cache, "--no-error-summary", str(user))
    assert [line for line in done.stdout.splitlines() if ": error:" in line] == [], done.stdout


@pytest.mark.thorough
def test_the_example_gateway_type_checks(tmp_path: Path) -> None:
    """examples/gateway.py holds the dialects as ``lc.Provider``, the backend's named by the
    environment narrowed once: code written as the README's gateway section reads passes mypy
    --strict with the provider parameters typed (15 errors while it held them as ``str``)."""
    cache = str(tmp_path / "mypy_cache")
    gateway = str(ROOT / "examples" / "gateway.py")
    done = _run("mypy", "--strict", "--cache-dir", cache, "--no-error-summary", gateway)
    assert [line for line in done.stdout.splitlines() if ": error:" in line] == [], done.stdout + done.stderr
