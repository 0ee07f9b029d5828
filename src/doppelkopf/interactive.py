"""The human player of ``doko play``: shows the information state in the terminal and reads moves.

It sees exactly what a :class:`~doppelkopf.players.Player` sees (the information state) and answers with
one of the legal actions. Bad input gets a one-line message and a new prompt.
"""

from __future__ import annotations

from collections.abc import Sequence

import click
from rich.console import Console
from rich.text import Text

from .cards import Card, CardError
from .game import Action, InformationState, Phase, Trick
from .order import card_order
from .players import Player
from .rules import GameType, Party, RuleSet, level_label

_LEVEL_WORDS = {
    "re": 1,
    "kontra": 1,
    "contra": 1,
    "k90": 2,
    "keine90": 2,
    "90": 2,
    "k60": 3,
    "keine60": 3,
    "60": 3,
    "k30": 4,
    "keine30": 4,
    "30": 4,
    "schwarz": 5,
}

HELP = (
    "Card: its number in your hand, or suit and rank such as KrD, ♥10, PiA, KaK (Kr/Pi/He/Ka or ♣♠♥♦). "
    "Announcements: re, kontra, keine 90 (k90), keine 60, keine 30, schwarz. "
    "Vorbehalt: gesund, hochzeit, or a solo: kreuz, pik, herz, karo, damen, buben, fleischlos."
)


def parse_move(text: str, info: InformationState, shown: Sequence[int]) -> int:
    """Turn typed text into one of ``info.legal_actions``; raises ValueError with a one-line reason.

    ``shown`` is the hand as listed on screen (numbers 1..n pick from it).
    """
    raw = text.strip()
    word = raw.lower().replace(" ", "").replace("-", "").replace("_", "")
    legal = info.legal_actions
    if not word:
        raise ValueError("nothing typed; '?' shows help")
    if info.phase is Phase.VORBEHALT:
        if word in ("g", "gesund"):
            return Action.GESUND
        word = word.removeprefix("solo")
        try:
            action = Action.vorbehalt(GameType.parse(word))
        except ValueError:
            raise ValueError(
                f"{raw!r}: answer gesund, hochzeit or a solo (kreuz, pik, herz, karo, damen, buben, fleischlos)"
            ) from None
        if action not in legal:
            if action == Action.vorbehalt(GameType.HOCHZEIT):
                raise ValueError("Hochzeit needs both Kreuz-Damen")
            raise ValueError(f"{raw!r} is not allowed under these rules")
        return action
    if word in _LEVEL_WORDS:
        level = _LEVEL_WORDS[word]
        own = info.own_party
        if (
            level == 1
            and own is not None
            and word[0] != own.label[0].lower()
            and not (word[0] == "c" and own.label[0] == "K")
        ):
            raise ValueError(f"you are {own.label}: your Ansage is {own.label.lower()}")
        action = Action.announce(level)
        if action not in legal:
            if own is None:
                raise ValueError("no announcement before the Klärungsstich of the Hochzeit (TSR 4.4.4)")
            raise ValueError(f"{raw}: not allowed now (already said, or its deadline has passed)")
        return action
    if word.isdigit() and 1 <= int(word) <= len(shown):
        card = shown[int(word) - 1]
    elif word.isdigit():
        raise ValueError(f"no card number {word}: your cards are numbered 1 to {len(shown)}")
    else:
        try:
            card = int(Card.parse(raw))
        except CardError as exc:
            raise ValueError(str(exc)) from None
    if card not in info.hand:
        raise ValueError(f"{Card(card).symbol} is not in your hand")
    if card not in legal:
        raise ValueError(f"{Card(card).symbol}: you must follow the suit led (Bedienpflicht, TSR 5.2)")
    return card


class HumanPlayer(Player):
    """Reads moves from the terminal; ``names`` are the four seat names for display."""

    def __init__(self, console: Console, names: Sequence[str]) -> None:
        super().__init__(names[0])
        self.console = console
        self.names = list(names)
        self._tricks_shown = 0

    def reset(self, seat: int, rules: RuleSet, seed: int | None = None) -> None:
        super().reset(seat, rules, seed)
        self._tricks_shown = 0
        self.console.rule("New game")

    def show_tricks(self, tricks: Sequence[Trick]) -> None:
        """Print the tricks finished since the last call."""
        for number, trick in enumerate(tricks[self._tricks_shown :], start=self._tricks_shown + 1):
            cards = "  ".join(
                f"{self.names[s]} {Card(c).symbol}" for s, c in zip(trick.seats, trick.cards, strict=True)
            )
            self.console.print(f"Trick {number}: {cards} -> {self.names[trick.winner]} ({trick.augen} Augen)")
        self._tricks_shown = len(tricks)

    def choose(self, info: InformationState) -> int:
        c = self.console
        if info.phase is Phase.VORBEHALT:
            asked = [f"{self.names[s]}: {v}" for s, v in enumerate(info.vorbehalte) if v is not None]
            c.print(f"Dealer: {self.names[info.dealer]}" + ("   Vorbehalte: " + ", ".join(asked) if asked else ""))
        else:
            self.show_tricks(info.tricks)
            game = info.game_type.german if info.game_type is not None else "?"
            if info.declarer is not None:
                game += f" ({self.names[info.declarer]})"
            party = info.own_party.label if info.own_party is not None else "open until the Klärungsstich"
            line = f"Game: {game}   You are: {party}"
            if info.game_type is GameType.HOCHZEIT and info.own_party is not None:
                re = [self.names[s] for s, p in enumerate(info.known_parties) if p is Party.RE]
                line += "   Re: " + " & ".join(re)
            if info.announcements:
                line += "   Announced: " + ", ".join(f"{self.names[a.seat]} {a.label}" for a in info.announcements)
            c.print(line)
            if info.trick:
                c.print("Trick: " + "  ".join(f"{self.names[s]} {Card(card).symbol}" for s, card in info.trick))
            else:
                c.print("You lead.")
        order = card_order(info.game_type if info.game_type is not None else GameType.NORMAL)
        shown = order.sorted_hand(list(info.hand))
        legal = set(info.legal_actions)
        hand = Text("Your cards: ")
        for i, card in enumerate(shown, start=1):
            if card in legal or info.phase is Phase.VORBEHALT:
                hand.append(f"{i}:{Card(card).symbol}  ", style="bold")
            else:
                hand.append(f"({Card(card).symbol})  ", style="dim")
        c.print(hand)
        if info.phase is Phase.VORBEHALT:
            options = ["gesund"] + [Action.game_type(a).key for a in info.legal_actions if a != Action.GESUND]
            prompt = "Vorbehalt? (" + ", ".join(options) + ")"
        else:
            calls = [
                level_label(Action.level(a), info.own_party)
                for a in info.legal_actions
                if Action.is_announcement(a) and info.own_party is not None
            ]
            prompt = "Your card" + (f" (or announce: {', '.join(calls)})" if calls else "")
        while True:
            try:
                text = c.input(prompt + ": ")
            except EOFError:
                raise click.Abort() from None
            if text.strip() in ("?", "help", "hilfe"):
                c.print(HELP)
                continue
            try:
                return parse_move(text, info, shown)
            except ValueError as exc:
                c.print(Text(str(exc), style="red"))
