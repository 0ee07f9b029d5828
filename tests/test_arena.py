"""The arena: rotated duplicate matches, their statistics, records, JSON and the ``doko arena`` command."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from click.testing import CliRunner

from doppelkopf.arena import ArenaConfig, ArenaResult, GameOutcome, Interval, Meter, deal_seed, run_arena
from doppelkopf.cli import main
from doppelkopf.game import Game
from doppelkopf.record import load_many, replay, to_json_line, verify
from doppelkopf.rules import DDV, get_preset

TIMING_KEYS = ("time_per_move_ms", "time_per_react_ms", "memory_per_decision_kib")


def without_timing(data: dict[str, object]) -> dict[str, object]:
    """The result JSON without what depends on the machine (times, memory) and the worker count."""
    out = json.loads(json.dumps(data))
    out.pop("jobs")
    for stats in out["players"].values():
        for key in TIMING_KEYS:
            stats.pop(key)
    return out  # type: ignore[no-any-return]


@pytest.fixture(scope="module")
def small() -> ArenaResult:
    return run_arena(ArenaConfig("rules", "random", DDV, deals=4, seed=7), jobs=1)


def test_one_or_two_workers_give_the_same_match(small: ArenaResult) -> None:
    """The games and every figure but time and memory do not depend on the number of workers."""
    two = run_arena(ArenaConfig("rules", "random", DDV, deals=4, seed=7), jobs=2)
    assert two.outcomes == small.outcomes
    assert [r.actions for r in two.records] == [r.actions for r in small.records]
    assert without_timing(two.to_json()) == without_timing(small.to_json())
    other_seed = run_arena(ArenaConfig("rules", "random", DDV, deals=4, seed=8), jobs=1)
    assert other_seed.records[0].hands != small.records[0].hands


def test_each_deal_is_played_four_times_with_the_candidate_rotated(small: ArenaResult) -> None:
    """Deal d: four games with the same hands and dealer, the candidate in seats 0, 1, 2, 3."""
    assert small.games == 16
    assert [(o.deal, o.rotation) for o in small.outcomes] == [(d, r) for d in range(4) for r in range(4)]
    for deal in range(4):
        records = small.records[4 * deal : 4 * deal + 4]
        assert len({r.hands for r in records}) == 1
        assert {r.dealer for r in records} == {deal % 4}
        assert {r.seed for r in records} == {deal_seed(7, deal)}
        assert [r.meta["candidate_seat"] for r in records] == [0, 1, 2, 3]
        for rotation, record in enumerate(records):
            names = list(record.players)
            assert names[rotation] == "rules (candidate)"
            assert [n for i, n in enumerate(names) if i != rotation] == [
                f"random (seat {s + 1})" for s in range(4) if s != rotation
            ]
    # the hands are those the core deals for the deal seed
    assert list(small.records[0].hands) == [tuple(h) for h in Game.new(DDV, seed=deal_seed(7, 0), dealer=0).hands]


def test_the_candidate_sample_is_its_mean_over_the_four_seats(small: ArenaResult) -> None:
    """One sample per deal: the candidate's mean over its four games; zero-sum games make the
    reference's mean per game minus a third of it."""
    samples = [sum(small.outcomes[4 * d + r].points[r] for r in range(4)) / 4 for d in range(4)]
    cand = small.punkte("candidate")
    assert cand.n == 4
    assert cand.mean == pytest.approx(sum(samples) / 4)
    assert small.punkte("reference").mean == pytest.approx(-cand.mean / 3)


def test_interval_and_too_short_to_tell() -> None:
    """Samples 2 and 4: mean 3, sd √2, half-width t(1 df) · √2/√2 = 12.706: two deals tell nothing.
    Samples 2, 4, 3, 3, 2, 4, 3, 3, 2, 4, 3, 3, 2, 4, 3, 3 ... (40 samples): clear of zero. Four deals
    where the candidate gets +3, -3, +3, -3 Punkte in each seat (each reference -1, +1, ...): deal
    samples ±3, mean 0, sd √(4·9/3) = √12 = 3.4641, interval ±t(3 df)·3.4641/2 = ±3.182·1.7321 =
    ±5.511 includes 0; the observed mean is
    below 0.005, so the verdict speaks of a difference of 0.1. The interval t · 3.4641 / √n is below
    0.1 from n = 4613 on: with df = 4612, t = 1.959964 + (1.959964³ + 1.959964) / (4 · 4612) =
    1.960478, (1.960478 · 3.4641 / 0.1)² = 4612.2 < 4613; at n = 4612 the same bound (t for df
    4611 differs by 1e-7) is above 4612."""
    two = Interval.of([2.0, 4.0])
    assert (two.mean, two.low, two.high) == pytest.approx((3.0, -9.706, 15.706), abs=1e-3)
    assert not two.clear_of_zero
    assert Interval.of([2.0, 4.0, 3.0, 3.0] * 10).clear_of_zero
    outcomes = []
    for deal, sign in enumerate((1, -1, 1, -1)):
        for rotation in range(4):
            points = [0, 0, 0, 0]
            points[rotation] = 3 * sign
            for s in range(4):
                if s != rotation:
                    points[s] = -sign
            outcomes.append(GameOutcome(deal, rotation, tuple(points), (0, 1, 1, 1), 0, False, "normal", None, ()))
    result = ArenaResult(
        ArenaConfig("rules", "random", DDV, deals=4), 1, outcomes, {"candidate": Meter(), "reference": Meter()}, []
    )
    p = result.punkte("candidate")
    assert p.mean == 0 and p.sd == pytest.approx(math.sqrt(12))
    assert (p.low, p.high) == pytest.approx((-5.5114, 5.5114), abs=1e-3)
    assert not p.clear_of_zero
    assert "too short to tell" in result.verdict
    assert "about 4613 deals in all would show a difference of 0.10" in result.verdict


def hand_made_result(samples: list[int]) -> ArenaResult:
    """A match of ``len(samples)`` deals in which the candidate gets ``3 · x`` Punkte in each of its
    four seats of a deal and each reference ``-x``: the deal sample is ``3 · x``."""
    outcomes = []
    for deal, x in enumerate(samples):
        for rotation in range(4):
            points = tuple(3 * x if s == rotation else -x for s in range(4))
            outcomes.append(GameOutcome(deal, rotation, points, (0, 1, 1, 1), 0, False, "normal", None, ()))
    config = ArenaConfig("rules", "random", DDV, deals=len(samples))
    return ArenaResult(config, 1, outcomes, {"candidate": Meter(), "reference": Meter()}, [])


def test_the_estimate_of_deals_needed_exceeds_the_deals_played() -> None:
    """Three deals with samples 3, 6, 9: mean 6, sd 3, interval 6 ± 4.303 · 3 / √3 = 6 ± 7.45 includes
    0. With four deals the interval would be 6 ± 3.182 · 3 / √4 = 6 ± 4.77, clear of 0: about 4
    deals in all (a normal quantile alone, (1.96 · 3 / 6)² = 0.96, said "about 1 deals")."""
    result = hand_made_result([1, 2, 3])
    p = result.punkte("candidate")
    assert (p.mean, p.sd) == pytest.approx((6.0, 3.0))
    assert p.low is not None and p.low < 0
    assert p.deals_to_resolve(6.0) == 4
    assert "too short to tell" in result.verdict
    assert "about 4 deals in all would show it" in result.verdict


def test_equal_players_get_an_honest_verdict() -> None:
    """Every deal 0 Punkte for everyone (two players that play alike): no spread, no interval, no
    estimate; the verdict says so instead of "about None deals"."""
    result = hand_made_result([0, 0, 0])
    assert result.punkte("candidate").deals_to_resolve(0.1) is None
    verdict = result.verdict
    assert "None" not in verdict and "about" not in verdict
    assert "+0.00 Punkte per game in each of the 3 deals" in verdict and "no spread" in verdict


def test_a_close_match_says_how_close() -> None:
    """Samples 3, -3, 0, 0 repeated 1000 times (4000 deals): mean 0, sd √(18 · 1000 / 3999) =
    2.1216, interval ± 1.9606 · 2.1216 / √4000 = ± 0.0658 < 0.1: no difference found, within ±0.07."""
    result = hand_made_result([1, -1, 0, 0] * 1000)
    assert "no difference found" in result.verdict
    assert "within ±0.07 Punkte per game" in result.verdict


def test_party_wins_solos_and_announcements_are_counted_per_player() -> None:
    """Hand-made outcomes, candidate in seat 0 (rotation 0) of both games:
    game 1: a Kreuz-Solo of seat 0 won (Re wins), seat 0 announced Re (level 1) and keine 90 (2);
    game 2: a normal game, seat 0 Kontra with seat 3, Re (seats 1, 2) wins; seat 1 announced Re.
    Candidate: 2 games, 1 won, 1 solo won, 2 announcements both successful.
    Reference: 6 seat-games; game 1 all lost; game 2 seats 1 and 2 won: 2 of 6; one announcement, won."""
    outcomes = [
        GameOutcome(0, 0, (9, -3, -3, -3), (0, 1, 1, 1), 0, False, "kreuz", 0, ((0, 0, 1), (0, 0, 2))),
        GameOutcome(1, 0, (-2, 2, 2, -2), (1, 0, 0, 1), 0, False, "normal", None, ((1, 0, 1),)),
    ]
    result = ArenaResult(
        ArenaConfig("rules", "random", DDV, deals=2), 1, outcomes, {"candidate": Meter(), "reference": Meter()}, []
    )
    cand = result.role_stats("candidate")
    assert (cand["seat_games"], cand["party_wins"], cand["win_rate"]) == (2, 1, 0.5)
    assert cand["solos"] == {"played": 1, "won": 1, "punkte_mean": 9.0, "by_type": {"kreuz": {"played": 1, "won": 1}}}
    assert cand["announcements"]["made"] == 2 and cand["announcements"]["successful"] == 2
    assert cand["announcements"]["by_level"] == {
        "keine_90": {"made": 1, "successful": 1},
        "re_kontra": {"made": 1, "successful": 1},
    }
    ref = result.role_stats("reference")
    assert (ref["seat_games"], ref["party_wins"]) == (6, 2)
    assert ref["solos"]["played"] == 0
    assert ref["announcements"]["made"] == 1 and ref["announcements"]["successful"] == 1


def test_cli_writes_json_and_records_that_replay(tmp_path: Path) -> None:
    """Two deals under a seed-house preset: 8 records, each replays to its stored result and the
    candidate's Punkte in the JSON deal samples match the records."""
    records, out = tmp_path / "games.jsonl", tmp_path / "result.json"
    args = ["arena", "--deals", "2", "--rules", "doppelbock", "--seed", "5", "--jobs", "1"]
    result = CliRunner().invoke(main, [*args, "--records", str(records), "--json", str(out)])
    assert result.exit_code == 0, result.output
    assert "95% CI" in result.output
    data = json.loads(out.read_text(encoding="utf-8"))
    assert (data["rules"], data["deals"], data["games"], data["seed"]) == ("doppelbock", 2, 8, 5)
    assert set(data["players"]) == {"candidate", "reference"}
    saved = load_many(records)
    assert len(saved) == 8
    for i, record in enumerate(saved):
        verify(record, f"record {i}")
        game = replay(record)
        assert game.is_terminal
        rotation = record.meta["candidate_seat"]
        assert game.score().points[rotation] == data["deal_points"][str(record.meta["deal"])][rotation]
    stats = data["players"]["candidate"]
    means = [sum(v) / 4 for v in data["deal_points"].values()]
    assert stats["punkte_per_game"]["mean"] == pytest.approx(sum(means) / 2, abs=1e-4)
    assert stats["seat_games"] == 8 and data["players"]["reference"]["seat_games"] == 24


@pytest.mark.parametrize(
    ("args", "option"),
    [
        (["--candidate", "grandmaster"], "'--candidate'"),
        (["--reference", "nobody"], "'--reference'"),
        (["--rules", "skat"], "'--rules'"),
        (["--deals", "0"], "'--deals'"),
        (["--candidate-option", "depth"], "--candidate-option"),
        (["--reference-option", "colour=1"], "--reference-option"),
        (["--candidate", "search", "--candidate-option", "samples=1.5"], "--candidate-option"),
        (["--reference-option", "p_announce=abc"], "--reference-option"),
        (["--json", "/nonexistent-folder/x.json"], "--json"),
    ],
)
def test_cli_errors_name_the_option(args: list[str], option: str, tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["arena", "--deals", "1", "--jobs", "1", "--records", str(tmp_path / "r"), *args])
    assert result.exit_code == 2
    errors = [line for line in result.output.splitlines() if "Error" in line]
    assert len(errors) == 1 and option in errors[0], result.output
    assert "Traceback" not in result.output
    assert not (tmp_path / "r").exists()


def test_every_preset_plays_in_the_arena() -> None:
    """One deal per seed-house preset, rules against rules: no illegal action, 4 games each."""
    for name in ("ohne-neunen", "doppelbock", "vier-schritte"):
        result = run_arena(ArenaConfig("rules", "rules", get_preset(name), deals=1, seed=2), jobs=1, keep_records=False)
        assert result.games == 4 and result.records == []


ARENA = ["arena", "--deals", "1", "--jobs", "1", "--seed", "3"]


def error_line(output: str) -> str:
    errors = [line for line in output.splitlines() if "Error" in line]
    assert len(errors) == 1 and "Traceback" not in output, output
    return errors[0]


def test_the_json_file_is_checked_before_the_first_deal(tmp_path: Path) -> None:
    """--json is checked as --records is: never the --records file (the same name, a link or a hard
    link to it), an existing file only with --force, and never a file of game records without it;
    every refusal comes before a deal is played and leaves the files as they were."""
    runner = CliRunner()
    records = tmp_path / "r.jsonl"
    assert runner.invoke(main, ["simulate", "--games", "2", "--records", str(records)]).exit_code == 0
    before = records.read_bytes()
    (tmp_path / "link.jsonl").symlink_to(records)
    (tmp_path / "hard.jsonl").hardlink_to(records)
    for same in ("r.jsonl", "link.jsonl", "hard.jsonl"):
        for force in ([], ["--force"]):
            args = [*ARENA, "--records", str(records), "--json", str(tmp_path / same), *force]
            result = runner.invoke(main, args)
            assert result.exit_code == 2 and "95% CI" not in result.output
            error = error_line(result.output)
            assert "--json" in error and "--records file" in error
            assert records.read_bytes() == before
    holds = runner.invoke(main, [*ARENA, "--no-records", "--json", str(records)])
    assert holds.exit_code == 2
    assert "holds game records" in error_line(holds.output) and "--force" not in error_line(holds.output)
    assert records.read_bytes() == before
    notes = tmp_path / "notes.json"
    notes.write_text("meine Notizen\n", encoding="utf-8")
    refused = runner.invoke(main, [*ARENA, "--no-records", "--json", str(notes)])
    assert refused.exit_code == 2 and "--force" in error_line(refused.output)
    assert notes.read_text(encoding="utf-8") == "meine Notizen\n"
    forced = runner.invoke(main, [*ARENA, "--no-records", "--json", str(notes), "--force"])
    assert forced.exit_code == 0, forced.output
    assert json.loads(notes.read_text(encoding="utf-8"))["games"] == 4


def test_json_dash_writes_the_results_to_standard_output(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """--json -: standard output holds the JSON alone (one deal, four games), the table goes to
    standard error; no file named "-" is made."""
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, [*ARENA, "--no-records", "--json", "-"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert (data["deals"], data["games"], data["seed"]) == (1, 4, 3)
    assert "95% CI" in result.stderr
    assert not (tmp_path / "-").exists()


@pytest.mark.parametrize(
    ("args", "option", "words"),
    [
        # the default candidate is the rule-based player, which takes no options
        (["--candidate-option", "samples=32"], "--candidate-option", ["'rules'", "takes no options", "search"]),
        (
            ["--reference", "search", "--reference-option", "p_take=1"],
            "--reference-option",
            ["'search'", "samples", "p_take is an option of random"],
        ),
        # make_player's own parameter: was a TypeError with a traceback
        (["--candidate-option", "name=X"], "--candidate-option", ["'rules'", "name is no option"]),
    ],
)
def test_an_option_the_player_does_not_take_names_who_takes_it(
    tmp_path: Path, args: list[str], option: str, words: list[str]
) -> None:
    """An option for the wrong player: the one-line error names the player, the options it takes
    and the players that take the option given; no Python message about keyword arguments."""
    result = CliRunner().invoke(main, [*ARENA, "--records", str(tmp_path / "r"), *args])
    assert result.exit_code == 2
    error = error_line(result.output)
    assert option in error and all(word in error for word in words), error
    assert "keyword" not in error and "__init__" not in error
    assert not (tmp_path / "r").exists()


def test_records_name_the_players_options(tmp_path: Path) -> None:
    """Each arena record carries the candidate's and the reference's options (``meta``), so that
    matches with other options are not pooled by mistake: bench/arena_solos.py refuses to pool
    them and names both option sets."""
    import subprocess
    import sys

    config = ArenaConfig("rules", "random", DDV, deals=1, seed=3, reference_options={"p_announce": 0.2})
    result = run_arena(config, jobs=1)
    for record in result.records:
        assert record.meta["candidate_options"] == {}
        assert record.meta["reference_options"] == {"p_announce": 0.2}
    other = run_arena(ArenaConfig("rules", "random", DDV, deals=1, seed=4), jobs=1)
    files = []
    for name, res in (("a.jsonl", result), ("b.jsonl", other)):
        path = tmp_path / name
        path.write_text("".join(to_json_line(r) + "\n" for r in res.records), encoding="utf-8")
        files.append(str(path))
    script = Path(__file__).resolve().parents[1] / "bench" / "arena_solos.py"
    run = subprocess.run([sys.executable, str(script), *files], capture_output=True, text=True, check=False)
    assert run.returncode != 0
    assert 'random {"p_announce": 0.2}' in run.stderr and "random {}" in run.stderr, run.stderr
    alone = subprocess.run([sys.executable, str(script), files[0]], capture_output=True, text=True, check=False)
    assert alone.returncode == 0, alone.stderr


def test_arena_pool_pools_seeds_and_refuses_the_same_deals_twice(tmp_path: Path) -> None:
    """bench/arena_pool.py pools the deals of two ``--json`` files of one match with different seeds:
    the pooled mean is the mean over both files' deals (one sample per deal); the same seed twice or
    another reference is refused."""
    import subprocess
    import sys

    def write(name: str, seed: int, points: dict[str, list[int]], reference: str = "random") -> str:
        data = {
            "candidate": {"name": "rules", "options": {}},
            "reference": {"name": reference, "options": {}},
            "rules": "ddv",
            "seed": seed,
            "deal_points": points,
        }
        path = tmp_path / name
        path.write_text(json.dumps(data), encoding="utf-8")
        return str(path)

    a = write("a.json", 1, {"0": [2, 2, -2, 2], "1": [1, 1, 1, 1]})  # deals worth +1.0 and +1.0
    b = write("b.json", 2, {"0": [-4, 0, 0, 0]})  # -1.0
    script = Path(__file__).resolve().parents[1] / "bench" / "arena_pool.py"
    run = subprocess.run([sys.executable, str(script), a, b], capture_output=True, text=True, check=False)
    assert run.returncode == 0, run.stderr
    assert "pooled: 3 deals, +0.333 Punkte per game" in run.stdout
    twice = subprocess.run([sys.executable, str(script), a, a], capture_output=True, text=True, check=False)
    assert twice.returncode != 0 and "seed 1 twice" in twice.stderr
    other = write("c.json", 3, {"0": [0, 0, 0, 0]}, reference="rules")
    mixed = subprocess.run([sys.executable, str(script), a, other], capture_output=True, text=True, check=False)
    assert mixed.returncode != 0 and "not pooled" in mixed.stderr
