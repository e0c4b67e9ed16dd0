#!/usr/bin/env python3
"""Makes tests/fixtures/games/: fifty random legal games, each as a PGN (lichess's or chess.com's export), as the
`moves=` text a player types, the same moves in UCI, and the board after every ply, by python-chess (an independent reader), run once:

    pip install chess==1.11.2 && python3 scripts/make-san-fixtures.py

The moves are drawn at random, weighted towards what the SAN reader must get right: castling, en passant,
promotions (all four pieces), checks, captures, and moves whose SAN names the piece's file or rank (two knights or
rooks that could go there, or one of them pinned)."""
import random
import chess
import chess.pgn
import os

OUT = os.path.join(os.path.dirname(__file__), "..", "tests", "fixtures", "games")
GLYPHS = ["!", "?", "!!", "??", "!?", "?!"]
NAGS = {"!": 1, "?": 2, "!!": 3, "??": 4, "!?": 5, "?!": 6}


def weight(board, move):
    san = board.san(move)
    w = 1.0
    if board.is_castling(move):
        w += 100
    if board.is_en_passant(move):
        w += 1000
    if move.promotion:
        w += 30
    if "+" in san:
        w += 3
    if board.is_capture(move):
        w += 2
    piece = board.piece_at(move.from_square)
    # SAN that has to name a file or a rank, or a move a pin makes unambiguous.
    stripped = san.rstrip("+#")
    if piece.piece_type in (chess.KNIGHT, chess.ROOK, chess.QUEEN, chess.BISHOP):
        body = stripped.replace("x", "")
        if len(body) >= 4:
            w += 40
        else:
            rivals = [m for m in board.pseudo_legal_moves if m.to_square == move.to_square and m != move
                      and board.piece_type_at(m.from_square) == piece.piece_type]
            if rivals:
                w += 25  # a rival that is pinned (or would leave the king in check)
    return w


def random_game(rng, plies, start):
    board = chess.Board(start) if start else chess.Board()
    moves = []
    for _ in range(plies):
        legal = list(board.legal_moves)
        if not legal or board.is_game_over(claim_draw=False):
            break
        move = rng.choices(legal, weights=[weight(board, m) for m in legal])[0]
        moves.append(move)
        board.push(move)
    return moves


def main():
    rng = random.Random(46)
    os.makedirs(OUT, exist_ok=True)
    # A few games start from a set-up position (a FEN tag): a middle game with castling rights and en passant.
    starts = [None] * 44 + [
        "r3k2r/pppq1ppp/2np1n2/2b1p1B1/2B1P1b1/2NP1N2/PPPQ1PPP/R3K2R w KQkq - 4 8",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        "8/P5k1/8/8/8/8/5Kp1/8 w - - 0 60",
        "r3k2r/8/8/8/8/8/8/R3K2R b Kq - 0 30",
        "4k3/8/8/2N1N3/8/2N1N3/8/4K3 w - - 0 40",
        "3k4/8/8/R6R/8/8/8/R3K2R w - - 0 50",
    ]
    for n, start in enumerate(starts, 1):
        plies = rng.randint(60, 180) if start is None else rng.randint(20, 60)
        moves = random_game(rng, plies, start)
        game = chess.pgn.Game()
        if start:
            game.setup(chess.Board(start))
        chesscom = n % 2 == 0
        game.headers["Event"] = "Live Chess" if chesscom else "Rated Blitz game"
        game.headers["Site"] = "Chess.com" if chesscom else f"https://lichess.org/fixture{n:02d}"
        game.headers["White"] = f"white{n}"
        game.headers["Black"] = f"black{n}"
        node = game
        board = chess.Board(start) if start else chess.Board()
        fens, glyphs = [], []
        clock = 180
        for i, move in enumerate(moves):
            node = node.add_variation(move)
            clock -= rng.randint(0, 5)
            node.comment = f"[%clk 0:{clock // 60:02d}:{clock % 60:02d}]"
            glyph = rng.choice(GLYPHS) if rng.random() < 0.08 else None
            if glyph:
                node.nags.add(NAGS[glyph])
            glyphs.append(glyph or "-")
            # A variation now and then, which the reader skips.
            if rng.random() < 0.03:
                alternative = [m for m in board.legal_moves if m != move]
                if alternative:
                    node.parent.add_variation(rng.choice(alternative), comment="a variation")
                    node.parent.promote_to_main(move)
            board.push(move)
            fens.append(board.board_fen())
        game.headers["Result"] = board.result(claim_draw=False)
        if chesscom:
            game.headers["TimeControl"] = "180"
            game.headers["Termination"] = "fixture"
        exporter = chess.pgn.StringExporter(headers=True, variations=True, comments=True)
        text = game.accept(exporter)
        if chesscom:
            # chess.com writes NAG-free marks after the move and `$n` rarely: turn NAGs into marks.
            for glyph, nag in NAGS.items():
                text = text.replace(f" ${nag}", glyph)
        with open(os.path.join(OUT, f"g{n:02d}.pgn"), "w") as f:
            f.write(text + "\n\n")
        # The moves as a player types them in `moves=`: SAN, move numbers with and without a space, some variants.
        board = chess.Board(start) if start else chess.Board()
        words = []
        for i, move in enumerate(moves):
            san = board.san(move)
            number = ""
            if board.turn == chess.WHITE:
                number = f"{board.fullmove_number}."
            elif i == 0:
                number = f"{board.fullmove_number}..."
            # `1. e4` and `1.e4` both.
            if number and i % 4 == 0:
                words.append(number)
                number = ""
            if san.startswith("O-O") and rng.random() < 0.5:
                san = san.replace("O", "0")
            if board.is_en_passant(move) and rng.random() < 0.5:
                san += " e.p."
            if move.promotion and rng.random() < 0.5:
                san = san.replace("=", "")
            board.push(move)
            words.append(number + san)
        text = " ".join(words)
        with open(os.path.join(OUT, f"g{n:02d}.txt"), "w") as f:
            f.write(f"start {start or '-'}\n")
            f.write(f"moves {text}\n")
            for fen, glyph in zip(fens, glyphs):
                f.write(f"{fen} {glyph}\n")
        # The same moves in UCI, as lichess and the engines write them (castling as the king's two-square move).
        with open(os.path.join(OUT, f"g{n:02d}.uci"), "w") as f:
            f.write(" ".join(move.uci() for move in moves) + "\n")


main()
