#!/usr/bin/env python3
"""Writes tests/fixtures/lila-gif-example.json: the body of lila-gif's example game (its `RequestBody::example()` in
src/api.rs, what its `GET /example.gif` draws), rebuilt from the PGN there with python-chess.

Run once from the repository root (the JSON is committed):

    pip install chess
    python3 scripts/lila-gif-example.py

Like lila-gif's example: the start position, then a frame a move (93 frames) with the FEN after the move (the en
passant square whenever a pawn moved two squares, as shakmaty's `EnPassantMode::Always` writes it), the move in UCI,
`check` when the side to move is in check, and the move's annotation as `glyph` (`?!`, `?`, `??`); the last frame
shows 500 hundredths of a second, every other the body's `delay`, 50.
"""

import json
import os

import chess

PGN = (
    "1. c4 Nf6 2. Nc3 e5 3. d4 exd4 4. Qxd4 Nc6 5. Qd1 Bb4 6. Bd2 O-O "
    "7. e3 Bxc3 8. Bxc3 Ne4 9. Ne2 d6 10. Qc2 Re8 11. Nf4 Bf5 "
    "12. Bd3 Qg5 13. O-O g6?! 14. Rae1? Nxc3 15. Qxc3 Bxd3 16. Qxd3 Ne5 "
    "17. Qd1? Rad8?? 18. b3?? c6 19. Kh1 Qf5 20. Qa1 h5 21. Rd1 Ng4 "
    "22. h3 Nf6 23. Qd4 a6 24. f3 Qe5 25. Rfe1 Qxd4 26. exd4 Rxe1+ "
    "27. Rxe1 Kf8 28. h4 Re8?! 29. Rxe8+ Kxe8 30. Kg1 Ng8 31. Kf2 Nh6 "
    "32. g3 Ke7 33. Ng2 Ke6 34. Ne3 a5 35. g4 f6 36. Kg3 d5 37. c5 Nf7? "
    "38. Ng2? hxg4 39. fxg4 Nd8 40. Nf4+ Kf7 41. h5 g5 42. Ne2 Ne6 "
    "43. Kf3 Kg7 44. Ke3 Kh6 45. Ng3 Ng7 46. Nf5+?? Nxf5+"
)


def frames():
    board = chess.Board()
    yield {"fen": board.fen(en_passant="fen")}
    for token in PGN.split(" "):
        if not token.strip() or token.endswith("."):
            continue
        san = token.rstrip("?!")
        glyph = token[len(san):]
        move = board.parse_san(san)
        board.push(move)
        frame = {"fen": board.fen(en_passant="fen"), "lastMove": move.uci(), "check": board.is_check()}
        if glyph:
            frame["glyph"] = glyph
        yield frame


def main():
    body = list(frames())
    body[-1]["delay"] = 500
    out = {
        "white": "GM DrDrunkenstein (2888)",
        "black": "GM Zhigalko_Sergei (2895)",
        "comment": "https://lichess.org/Q0iQs5Zi",
        "orientation": "white",
        "delay": 50,
        "theme": "brown",
        "piece": "cburnett",
        "coordinates": True,
        "frames": body,
    }
    lines = [json.dumps({k: v for k, v in out.items() if k != "frames"})[:-1] + ', "frames": [']
    lines += ["  " + json.dumps(frame) + ("," if i + 1 < len(body) else "") for i, frame in enumerate(body)]
    lines.append("]}")
    path = os.path.join("tests", "fixtures", "lila-gif-example.json")
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")
    print(f"{path}: {len(body)} frames")


if __name__ == "__main__":
    main()
