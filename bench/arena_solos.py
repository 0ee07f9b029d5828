"""Solo decisions of an arena match, from its records: who declared how many soli, the share won
and the mean Punkte of the soloist, per side and per game type (issue 15 asks for these figures
next to ``search-v1``'s). A stille Hochzeit (scored as a solo where the rules say so, but not
declared) is counted on its own line, not among the declared soli.

Usage::

    doko arena --candidate search-v2 --reference search-v1 --deals 300 --rules ohne-neunen \\
        --seed 15 --records match.jsonl
    python bench/arena_solos.py match.jsonl [more.jsonl ...]

Each record of ``doko arena`` names the candidate's seat (``meta.candidate_seat``); a solo's Re
party is its soloist (``result.re_seats``). A side's soli are those whose soloist sat in a seat of
that side: the candidate's one seat per game, the reference's three. The reference therefore
declares up to three times as often per game; the "per seat and game" column divides by the
seats. "Won" is the soloist's party winning (``result.winner == "re"``); Punkte are the soloist's
own (``result.points``, factor included).

The last line is the candidate's mean Punkte per game with its 95 % interval, one sample per deal
as ``doko arena`` counts it, pooled over every file given: two matches with different ``--seed``
give one figure over all their deals. Records of different matches (players, their options as
``meta.candidate_options`` / ``meta.reference_options`` store them, or the preset) are refused.

"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from doppelkopf.arena import Interval


def _options(options: Any) -> str:
    """The player options of a record's ``meta`` as comparable text (``"?"`` for records written
    before ``doko arena`` stored them: they pool only with each other)."""
    return "?" if options is None else json.dumps(options, sort_keys=True)


def _match_text(kind: tuple[str, ...]) -> str:
    """A match key of :func:`read_records` in words, options included."""
    candidate, reference, preset, c_opts, r_opts = kind
    return f"{candidate} {c_opts} vs {reference} {r_opts} under {preset}"


@dataclass
class Side:
    """The solo tally of one side of the match."""

    seat_games: int = 0
    soli: int = 0
    won: int = 0
    punkte: int = 0
    by_type: dict[str, list[int]] = field(default_factory=lambda: defaultdict(lambda: [0, 0, 0]))

    def add(self, game_type: str, won: bool, punkte: int) -> None:
        """Count one solo of this side: its type, whether it was won and the soloist's Punkte (a
        stille Hochzeit only by type: it is no declared solo)."""
        if game_type != STILLE:
            self.soli += 1
            self.won += won
            self.punkte += punkte
        row = self.by_type[game_type]
        row[0] += 1
        row[1] += won
        row[2] += punkte


STILLE = "stille_hochzeit"


class RecordsError(ValueError):
    """A file that cannot be read as the records of one arena match: the message names the file
    and line."""


def read_records(paths: Iterable[str]) -> list[dict[str, Any]]:
    """The records of ``paths`` (JSON Lines written by ``doko arena --records``), checked to come
    from one kind of match: the same candidate, reference, their options and rules in every record (several
    ``--seed`` may be pooled), and no game twice (the same seed, deal and candidate seat). Raises
    :class:`RecordsError` naming the file and line of the first record that is not readable, not
    an arena record, from another match or a repeat."""
    records: list[dict[str, Any]] = []
    match: tuple[str, ...] | None = None
    seen: dict[tuple[object, object, object], str] = {}
    for path in paths:
        try:
            with open(path, encoding="utf-8") as f:
                lines = f.readlines()
        except (OSError, UnicodeDecodeError) as exc:
            raise RecordsError(f"{path}: cannot be read ({exc.__class__.__name__}: {exc})") from None
        for number, line in enumerate(lines, 1):
            if not line.strip():
                continue
            where = f"{path}:{number}"
            try:
                record = json.loads(line)
                meta, result = record["meta"], record["result"]
                key = (meta["arena_seed"], int(meta["deal"]), int(meta["candidate_seat"]))
                kind = (
                    meta["candidate"],
                    meta["reference"],
                    record["rules"].get("preset"),
                    _options(meta.get("candidate_options")),
                    _options(meta.get("reference_options")),
                )
                if result is not None:
                    [int(x) for x in result["points"]]  # noqa: B018 - four scores must be there
            except (ValueError, KeyError, TypeError, AttributeError):
                raise RecordsError(f"{where}: not a record of doko arena (one game per line)") from None
            if match is None:
                match = kind
            elif kind != match:
                raise RecordsError(
                    f"{where}: {_match_text(kind)}, but the first record is {_match_text(match)}: one match at a time"
                )
            if key in seen:
                raise RecordsError(f"{where}: the same game as {seen[key]} (seed, deal and seat; a file given twice?)")
            seen[key] = where
            records.append(record)
    if not records:
        raise RecordsError("no records in the files given")
    return records


def tally(records: Iterable[dict[str, Any]]) -> tuple[Side, Side, int]:
    """The candidate's and the reference's tallies and the number of games, from arena records
    (see :func:`read_records`)."""
    cand, ref = Side(), Side()
    games = 0
    for record in records:
        seat = int(record["meta"]["candidate_seat"])
        games += 1
        cand.seat_games += 1
        ref.seat_games += 3
        result = record["result"]
        if result is None or not result.get("solo"):  # thrown in (no result) or no solo
            continue
        soloist = result["re_seats"][0]
        side = cand if soloist == seat else ref
        won, punkte = result["winner"] == "re", int(result["points"][soloist])
        side.add(result["game_type"], won, punkte)
    return cand, ref, games


def candidate_punkte(records: Iterable[dict[str, Any]]) -> Interval:
    """The candidate's mean Punkte per game with its 95 % interval, computed as ``doko arena`` does
    (:class:`doppelkopf.arena.Interval`: one sample per deal, the mean over the deal's rotated
    games, Student's t); deals are told apart by ``meta.arena_seed`` and ``meta.deal``, so matches
    with different ``--seed`` pool. A game thrown in counts 0 Punkte."""
    per_deal: dict[tuple[object, object], list[int]] = defaultdict(list)
    for record in records:
        meta, result = record["meta"], record["result"]
        punkte = 0 if result is None else int(result["points"][int(meta["candidate_seat"])])
        per_deal[(meta["arena_seed"], meta["deal"])].append(punkte)
    return Interval.of([sum(v) / len(v) for v in per_deal.values()])


def report(cand: Side, ref: Side, games: int) -> str:
    """The table printed by the script (plain text)."""
    out = [f"{games} games"]
    out.append("declared soli (a stille Hochzeit is listed by type only)")
    out.append(f"{'side':<10} {'soli':>5} {'per seat/game':>14} {'won':>6} {'mean Punkte':>12}")
    for name, side in (("candidate", cand), ("reference", ref)):
        per = side.soli / side.seat_games if side.seat_games else 0.0
        won = f"{100 * side.won / side.soli:.0f}%" if side.soli else "-"
        mean = f"{side.punkte / side.soli:+.2f}" if side.soli else "-"
        out.append(f"{name:<10} {side.soli:>5} {per:>14.4f} {won:>6} {mean:>12}")
    types = sorted(set(cand.by_type) | set(ref.by_type))
    if types:
        out.append("by game type: soli / won / mean Punkte (candidate | reference)")
        for t in types:
            cells = []
            for side in (cand, ref):
                n, w, p = side.by_type.get(t, [0, 0, 0])
                cells.append(f"{n:>3} / {w:>3} / {p / n:+6.2f}" if n else f"{0:>3} /   - /      -")
            out.append(f"  {t:<16} {cells[0]} | {cells[1]}")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("records", nargs="+", help="JSON Lines files written by doko arena --records")
    args = parser.parse_args(argv)
    print("$ python bench/arena_solos.py " + " ".join(args.records))
    try:
        records = read_records(args.records)
    except RecordsError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(report(*tally(records)))
    punkte = candidate_punkte(records)
    if punkte.low is None or punkte.high is None:
        print(f"candidate Punkte per game: {punkte.mean:+.2f} ({punkte.n} deal: no interval from one deal)")
    else:
        print(
            f"candidate Punkte per game: {punkte.mean:+.2f} "
            f"(95% {punkte.low:+.2f} .. {punkte.high:+.2f}, {punkte.n} deals)"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
