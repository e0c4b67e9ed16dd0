#!/bin/sh
# Regenerates the README gallery with the project's own CLI: sh docs/gallery/generate.sh (from the repository root).
set -eu
cd "$(dirname "$0")/../.."
cargo build --release --bin ffen-render
r=target/release/ffen-render
d=docs/gallery
$r 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR' -o $d/start.png
$r "rnbqkbnr/p*1p*2p*3pp*1p*2p*3p/'a'b'c'd'w'x'y'z/-p-P-r-R-n-N-b-B/cCsSxXtT/'A'B'C'D'W'X'Y'Z/'0'1'2'3'4''11''22''33/RNBQKBNR" -o $d/janko.png
$r '3*2r3*3N3/*3n6*2r3/*3N*2bp3*2bQ3/2*2b*2r3p3/1*2r2P1p4/4N4p1/1K*3n5p2/3*3Np1B1P2/3pN1p4/3B*2rkb2*3nR/6*3rbN2' --coords --size 32 -o $d/f307.png
$r "2'1'2'3'4'5/1-k*1-q-*2r-b*3-n2/1-p-*1p-*2p-*3p2/8/2T*2t-c-s2/8/2X-*1x'W*1'W2/K6k" --theme print --coords -o $d/print.png
$r '(Camelrider)(camelrider)(camelrider2)(camelrider3)(Nightrider)(grasshopper)(zebra2)(leo5)/(archbishop3)(chancellor4)(amazon5)(centaur6)(Wazir)(ferz)(Giraffe)(alfil)/-6-/3--3/8/(Rook2)(rook)5(K)' --dialect bodlaender --theme blue -o $d/fairy.png
$r 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR' --theme brown --flip --coords --size 24 -o $d/brown-flipped.png
$r '8/8/8/3k4/8/8/8/3K4' --theme green --size 64 -o $d/green-64.png
$r '4n3/1-*2q2b-qp-*2n/4p-*2qp1/2*2q1pkp-r/4pP*2q1/1p2P2p/1-*2q6/*2q2KB3' --theme print --count \
  --title 'Petko Petkov|feenschach 1993, Prix spécial' --caption '#2 Circe' -o $d/g161.png
$r 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR' --lastmove e2e4 --squares 'Rf7' --arrows 'Gg8f6,Bd7d5,Rf7f7' \
  --coords --caption '1.e4: last move, squares, arrows, a circle' -o $d/marks.png
# Issue 11's looks.
$r 'rnbqkbnrpppppppp32PPPPPPPPRNBQKBNR' --dialect courier --colors 'white #b4b4b4 #8ca2ad' --board '10.21.' --size 32 -o $d/look-gc-three-colours.png
$r 'lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL' --dialect bodlaender --files '9 8 7 6  4 3 2 1' --ranks 'i h g f e d c b a' --size 32 -o $d/look-labels.png
$r 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR' --dialect bodlaender --coords --first-rank 0 --size 24 -o $d/look-first-rank-0.png
$r 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR' --theme brown --coords --rim '#3a2a1e' --coord-color '#f0d9b5' --size 32 -o $d/look-rim-coords.png
$r 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR' --borders --size 32 -o $d/look-borders.png
$r 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR' --colors 'transparent #769656' --rim transparent --coords --size 32 -o $d/look-transparent.png
$r 'files=8 ranks=8 lightShade=#F0D9B5 darkShade=#B58863 holeColor=#5B3A29 firstRank=1 hole::::a1,h1,d4,e4 pawn::::b2-g2 rook::::b1,g1 king::::e1 queen::::d1 bishop::::c1,f1' --dialect hgm --size 32 -o $d/look-hgm-holes.png
$r 'files=10 ranks=8 squareSize=32 firstRank=1 pawn::::a2-j2 rook::::a1,j1 Knight:N:::b1,i1 Archbishop::::c1 bishop::::d1,g1 queen::::e1 king::::f1 Chancellor::::h1 Lion:::::2' --dialect hgm -o $d/look-hgm-capablanca.png
# lichess' and web-boardimage's looks: the check's glow, lichess' last move, squares crossed out.
$r 'r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR' --theme brown --coords --lastmove h5f7 --lastmove-style lichess \
  --check e8 -o $d/looks-lichess.png
$r 'r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR' --theme brown --lastmove h5f7 --lastmove-style lichess \
  --check e8 --squares 'd8,Gf7,Rf6' --squares-style x -o $d/looks-squares-x.png
# H. G. Muller's fen.cgi and chess.com's looks: the pieces' fill colours, highlights in a colour of their own.
$r 'r[nightrider:b]bqkb*2nr/pp-pp-qp1p/8/8/4P3/8/PPPP1PPP/R[nightrider:w]BQKB*1NR' --light ffffff --dark e0e0e0 --borders \
  --white-fill '#ffd700' --black-fill '#40a0ff' -o $d/looks-fills.png
$r 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR' --theme green --squares 'e2,e4,Gd7' --squares-color ffcccc \
  -o $d/looks-squares-color.png
$r --message "FFEN: column 12: 'z' is not a piece; write 'z for the letter z" -o $d/error.png
# The same diagrams as SVG (what /diagram.svg serves for the same parameters).
$r "2'1'2'3'4'5/1-k*1-q-*2r-b*3-n2/1-p-*1p-*2p-*3p2/8/2T*2t-c-s2/8/2X-*1x'W*1'W2/K6k" --theme print --coords --svg -o $d/print.svg
$r '(Camelrider)(camelrider)(camelrider2)(camelrider3)(Nightrider)(grasshopper)(zebra2)(leo5)/(archbishop3)(chancellor4)(amazon5)(centaur6)(Wazir)(ferz)(Giraffe)(alfil)/-6-/3--3/8/(Rook2)(rook)5(K)' --dialect bodlaender --theme blue --svg -o $d/fairy.svg
$r '4n3/1-*2q2b-qp-*2n/4p-*2qp1/2*2q1pkp-r/4pP*2q1/1p2P2p/1-*2q6/*2q2KB3' --theme print --count \
  --title 'Petko Petkov|feenschach 1993, Prix spécial' --caption '#2 Circe' --svg -o $d/g161.svg
$r 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR' --lastmove e2e4 --squares 'Rf7' --arrows 'Gg8f6,Bd7d5,Rf7f7' \
  --coords --caption '1.e4: last move, squares, arrows, a circle' --svg -o $d/marks.svg
ls -l $d/*.png $d/*.svg
# Animations (docs/animation.md): a problem's solution with its try, as an animated GIF.
$r '4n3/1-*2q2b-qp-*2n/4p-*2qp1/2*2q1pkp-r/4pP*2q1/1p2P2p/1-*2q6/*2q2KB3' \
  --moves '1.Be1-a5? e5*f4 [+wPf2]! | 1.Be1-c3! e5*f4 [+wPf2] 2.Gf6*b2 [+n(grasshopper)b1]#' --delay 900 \
  --caption '#2 Circe (P. Petkov, feenschach 1993): the try, the key' --size 30 --format gif -o $d/circe-solution.gif
