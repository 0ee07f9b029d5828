"""The README as a reader meets it: its code fences are well formed (a fence line holds the fence and at most
a language, so no paragraph is swallowed into a code block) and its library examples run as printed."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

README = Path(__file__).resolve().parent.parent / "README.md"
FENCE = re.compile(r"^\s*```")


def blocks(language: str) -> list[str]:
    """The bodies of the README's fenced blocks in ``language``, in order."""
    out: list[str] = []
    fence: str | None = None  # the opening fence line while inside a block
    body: list[str] = []
    for line in README.read_text(encoding="utf-8").split("\n"):
        if not FENCE.match(line):
            body.append(line)
        elif fence is None:
            fence, body = line.strip(), []
        else:
            if fence == f"```{language}":
                out.append("\n".join(body))
            fence = None
    return out


def test_every_fence_line_is_a_fence_alone() -> None:
    lines = README.read_text(encoding="utf-8").split("\n")
    bad = [(i + 1, line) for i, line in enumerate(lines) if "```" in line and not re.fullmatch(r"```[a-z]*", line)]
    assert bad == []
    assert sum(1 for line in lines if line.startswith("```")) % 2 == 0


@pytest.mark.parametrize("index", [0, 1])
def test_library_examples_run(index: int, capsys: pytest.CaptureFixture[str]) -> None:
    """The first two Python examples (the game and the action names); the third needs the compiled kernel and
    plays 100,000 games, it stands in tests/test_kernel.py."""
    code = blocks("python")
    namespace: dict[str, object] = {}
    if index == 1:
        exec(code[0], namespace)  # the second example continues the first (Game is imported there)
        capsys.readouterr()
    exec(code[index], namespace)
    printed = capsys.readouterr().out
    if index == 0:
        assert printed.splitlines()[-2].startswith("Summe")
    else:
        assert printed.strip()
