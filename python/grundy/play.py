"""Playing a grundy.Game in the terminal against perfect play (Game.play), as
``grundy play`` does for built-in games. A position is kept as the list of its
parts (a move that splits a heap leaves a sum)."""

import ast
import builtins


def _parts(option):
    return list(option) if isinstance(option, list) else [option]


def _shown(parts):
    return repr(parts[0]) if len(parts) == 1 else " + ".join(repr(p) for p in parts)


def _options(game, parts):
    """(parts after, value of the whole sum after) for every move, part by part."""
    out = []
    for i, part in enumerate(parts):
        for option, _value in game.options(part):
            after = parts[:i] + _parts(option) + parts[i + 1:]
            out.append((after, game.value(after)))
    return out


def play_game(game, position, *, first="me", input=None, output=None, menu=30):
    if first not in ("me", "computer"):
        raise ValueError(f"first is 'me' or 'computer', not {first!r}")
    ask = input if input is not None else builtins.input
    say = output if output is not None else print
    mine = first == "me"
    parts = _parts(position)
    say(f"You play {'first' if mine else 'second'}. Whoever cannot move loses (normal play). "
        "Type the number of a move, or the position after it; q quits.")
    while True:
        say(f"position: {_shown(parts)}")
        options = _options(game, parts)
        if not options:
            result = "you lose" if mine else "you win"
            say(result)
            return result
        if mine:
            say("Your move:")
            for i, (after, _value) in enumerate(options[:menu], start=1):
                say(f"  {i}. -> {_shown(after)}")
            if len(options) > menu:
                say("  … more moves: type the position after yours")
            chosen = None
            while chosen is None:
                try:
                    line = ask("> ").strip()
                except EOFError:
                    return None
                if line in ("q", "quit"):
                    return None
                if not line:
                    continue
                if line.isdigit():
                    if 1 <= int(line) <= min(len(options), menu):
                        chosen = options[int(line) - 1]
                    else:
                        say(f"there is no move {line}: choose 1 to {min(len(options), menu)}, "
                            "or type the position after your move")
                    continue
                try:
                    typed = ast.literal_eval(line)
                except (ValueError, SyntaxError):
                    say(f"not a move: {line!r} is neither a number from the list nor a position")
                    continue
                matches = [o for o in options if o[0] == _parts(typed)]
                if matches:
                    chosen = matches[0]
                else:
                    say(f"no legal move leads to {typed!r}")
            after, value = chosen
            # A move that threw a win away: the position had a move to value 0, and this is not one.
            if value != 0:
                wins = [a for a, v in options if v == 0]
                if wins:
                    say(f"That move gave away your win: the computer can now win. The winning move was: "
                        f"-> {_shown(wins[0])} (it leaves a position of value 0).")
        else:
            wins = [(a, v) for a, v in options if v == 0]
            if wins:
                after, _value = wins[0]
                reason = "a winning move: it leaves a position of value 0"
            else:
                after, _value = options[0]
                reason = "no move wins against perfect play"
            say(f"computer: -> {_shown(after)} ({reason})")
        parts = after
        mine = not mine
