#!/usr/bin/env python3
"""Writes the composed fairy glyphs of the piece sets other than cburnett: sprites/<set>/fairy/{w,b}<name>.svg.

Run from the repository root: python3 sprites/fairy/compose_sets.py. A glyph here is made of the set's own pieces
only, as generate.py makes cburnett's compounds: the knight behind on the left, the other piece in front on the
right, both scaled down (archbishop = bishop + knight, chancellor = rook + knight, amazon = queen + knight, centaur
= king + knight), and the nightrider as two knights. Each piece is its whole SVG file nested as an <svg> element
(its own viewBox kept), its ids prefixed so that two pieces of one set do not share a gradient's id. build.rs
reads the result like the set's own files (flattened: see docs/pieces.md). Every other glyph of cburnett's fairy
sheet falls back to cburnett's, for the reason FALLBACKS gives (listed in docs/pieces.md too).
"""
import os
import re

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
SETS = ["chessnut", "celtic", "fantasy", "spatial", "rhosgfx", "shapes", "kiwen-suwi", "firi"]

# The compounds' scale and where each piece's 45-unit box goes: the knight shifted left, the other right, both
# standing on the bottom. A set's pieces fill their boxes about as cburnett's do, so one placement serves all.
SCALE = 0.8
KNIGHT_X, FRONT_X, BOTTOM_Y = -2.0, 45 - 45 * 0.8 + 2.0, 45 - 45 * 0.8 - 0.5


def nested(set_name, side, figure, x, y, scale, tag):
    """The piece's SVG file as a nested <svg> at (x, y), `scale` of the 45-unit box; ids prefixed with `tag`."""
    with open(os.path.join(ROOT, set_name, f"{side}{figure}.svg")) as f:
        text = f.read()
    text = re.sub(r"<\?xml[^>]*\?>", "", text)
    text = re.sub(r'\bid="([^"]+)"', lambda m: f'id="{tag}-{m.group(1)}"', text)
    text = re.sub(r"url\(#([^)]+)\)", lambda m: f"url(#{tag}-{m.group(1)})", text)
    text = re.sub(r'href="#([^"]+)"', lambda m: f'href="#{tag}-{m.group(1)}"', text)
    head_end = text.index(">", text.index("<svg")) + 1
    head, body = text[:head_end], text[head_end:]
    view = re.search(r'viewBox="([^"]+)"', head)
    if view:
        box = view.group(1)
    else:
        w = float(re.search(r'width="([0-9.]+)', head).group(1))
        h = float(re.search(r'height="([0-9.]+)', head).group(1))
        box = f"0 0 {w:g} {h:g}"
    side_len = 45 * scale
    return (f'<svg x="{x:g}" y="{y:g}" width="{side_len:g}" height="{side_len:g}" viewBox="{box}" '
            f'overflow="visible">{body}')


SEAM = "#ececec"


def seam(set_name, figure, x, y, scale):
    """Under a black piece in front of another: the front piece a tenth larger, every colour light, so that two black
    bodies keep a light seam between them (cburnett's compounds have one too; several sets' black pieces are
    silhouettes without a light outline)."""
    grow = 0.1 * 45 * scale / 2
    halo = nested(set_name, "b", figure, x - grow, y - grow, scale * 1.1, "h")
    return re.sub(r"#[0-9a-fA-F]{3,6}\b", SEAM, halo)


def compound(other):
    def draw(set_name, side):
        knight = nested(set_name, side, "N", KNIGHT_X, BOTTOM_Y, SCALE, "n")
        front = nested(set_name, side, other, FRONT_X, BOTTOM_Y, SCALE, "f")
        halo = seam(set_name, other, FRONT_X, BOTTOM_Y, SCALE) if side == "b" else ""
        return knight + halo + front
    return draw


def nightrider(set_name, side):
    back = nested(set_name, side, "N", 9.5, BOTTOM_Y - 2.5, 0.78, "b")
    front = nested(set_name, side, "N", -2.5, BOTTOM_Y + 0.5, 0.78, "f")
    halo = seam(set_name, "N", -2.5, BOTTOM_Y + 0.5, 0.78) if side == "b" else ""
    return back + halo + front


GLYPHS = [
    ("archbishop", compound("B")),
    ("chancellor", compound("R")),
    ("amazon", compound("Q")),
    ("centaur", compound("K")),
    ("nightrider", nightrider),
]

# The glyphs drawn as cburnett's in every other set, and why.
FALLBACKS = {
    "unicorn": "a horn drawn on cburnett's knight: placed on its outline, it would float beside another knight",
    "zebra": "stripes drawn on cburnett's knight's body",
    "giraffe": "horns and spots placed on cburnett's knight",
    "camel": "a hump behind cburnett's knight's neck",
    "dragon": "spikes and a horn placed on cburnett's knight",
    "wazir": "drawn from cburnett's pawn's skirt and an emblem: no part of another set reads as a wazir",
    "ferz": "as the wazir",
    "mann": "as the wazir",
    "dabbaba": "cburnett's rook on drawn wheels, in its line weight",
    "elephant": "drawn whole, no set's piece in it",
    "cannon": "drawn whole",
    "lion": "drawn whole (Firi's chu-shogi lion is a shogi piece, not yet taken in)",
}


def main():
    for set_name in SETS:
        out_dir = os.path.join(ROOT, set_name, "fairy")
        os.makedirs(out_dir, exist_ok=True)
        for name, draw in GLYPHS:
            for side in "wb":
                svg = ('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
                       f'width="45" height="45" viewBox="0 0 45 45">{draw(set_name, side)}</svg>\n')
                with open(os.path.join(out_dir, f"{side}{name}.svg"), "w") as f:
                    f.write(svg)
    print(" ".join(name for name, _ in GLYPHS))


if __name__ == "__main__":
    main()
