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


def test_the_research_example_runs() -> None:
    """The example of "For AI researchers": a PettingZoo game to its end, the OpenSpiel game loaded, the
    Gymnasium environment made (the ``rl`` extra, which the test extra installs)."""
    (code,) = [block for block in blocks("python") if "pettingzoo_env" in block]
    namespace: dict[str, object] = {}
    exec(code, namespace)
    e = namespace["e"]
    assert e.agents == [] and e.unwrapped.game.is_terminal  # type: ignore[attr-defined]  # played to its end
    assert str(namespace["game"]) == "python_doppelkopf(dealer=0,rules=ohne-neunen)"
    obs, _ = namespace["learner"].reset(seed=1)  # type: ignore[attr-defined]
    assert obs["observation"].shape == (1675,) and obs["action_mask"].sum() >= 1


@pytest.mark.parametrize("index", [0, 1])
def test_library_examples_run(index: int, capsys: pytest.CaptureFixture[str]) -> None:
    """The first two Python examples of "The library" (the game and the action names); the third needs the
    compiled kernel and plays 100,000 games, it stands in tests/test_kernel.py."""
    code = [block for block in blocks("python") if "pettingzoo_env" not in block]
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
