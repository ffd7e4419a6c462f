"""The fenced code blocks of README.md and docs/*.md: file, first line, language, text."""
import pathlib
import re


def blocks(root: pathlib.Path) -> list[dict[str, object]]:
    out: list[dict[str, object]] = []
    for p in [root / "README.md", *sorted((root / "docs").glob("*.md"))]:
        lines = p.read_text().splitlines()
        i = 0
        while i < len(lines):
            m = re.match(r"^(\s*)```(\w*)", lines[i])
            if m:
                lang, start, body = m.group(2), i + 1, []
                i += 1
                while i < len(lines) and not lines[i].strip().startswith("```"):
                    body.append(lines[i][len(m.group(1)):])
                    i += 1
                out.append({"file": str(p.relative_to(root)), "line": start, "lang": lang, "text": "\n".join(body)})
            i += 1
    return out
