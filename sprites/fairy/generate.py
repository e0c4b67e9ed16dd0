#!/usr/bin/env python3
"""Writes the fairy sprites of sprites/fairy/ from the cburnett pieces of sprites/cburnett/.

Run from the repository root: python3 sprites/fairy/generate.py. Each glyph is composed of cburnett pieces (whole
<g> elements, moved and scaled) and a few marks drawn here in the same style: white body or black body, 1.5-unit
black outline with round joins, inner lines black on white pieces and light (#ececec) on black ones. The output is
plain SVG in the 45x45 viewBox that build.rs reads like the cburnett files (paths, circles, groups, transforms and
plain colours only). See README.md beside this script.
"""
import os
import re

HERE = os.path.dirname(os.path.abspath(__file__))
CBURNETT = os.path.join(HERE, "..", "cburnett")


def cburnett(side, figure):
    """The <g> element of a cburnett piece."""
    with open(os.path.join(CBURNETT, f"{side}{figure}.svg")) as f:
        text = f.read()
    start = text.index("<g")
    end = text.rindex("</svg>")
    return text[start:end]


def placed(side, figure, x=0.0, y=0.0, scale=1.0):
    """A cburnett piece scaled about the origin, then moved; outlines keep their 1.5-unit weight."""
    g = cburnett(side, figure)
    if scale != 1.0:
        # Scaled-down copies keep the outline weight of the full-size pieces beside them.
        g = re.sub(r'stroke-width="([0-9.]+)"', lambda m: f'stroke-width="{float(m.group(1)) / scale:.3g}"', g)
        if "stroke-width" not in g.split(">", 1)[0]:
            g = g.replace("<g ", f'<g stroke-width="{1.5 / scale:.3g}" ', 1)
    return f'<g transform="translate({x:g} {y:g}) scale({scale:g})">{g}</g>'


class Ink:
    def __init__(self, side):
        self.side = side
        self.body = "#fff" if side == "w" else "#000"
        self.line = "#000"
        self.detail = "#000" if side == "w" else "#ececec"

    def shape(self, d, extra=""):
        """A filled, outlined shape in the body colour."""
        return (f'<path d="{d}" fill="{self.body}" stroke="{self.line}" stroke-width="1.5" '
                f'stroke-linejoin="round" stroke-linecap="round"{extra}/>')

    def lines(self, d, width=1.5, color=None):
        return (f'<path d="{d}" fill="none" stroke="{color or self.detail}" stroke-width="{width:g}" '
                f'stroke-linejoin="round" stroke-linecap="round"/>')

    def dot(self, x, y, r, color=None):
        c = color or self.detail
        return f'<circle cx="{x:g}" cy="{y:g}" r="{r:g}" fill="{c}"/>'

    def disc(self, x, y, r):
        return (f'<circle cx="{x:g}" cy="{y:g}" r="{r:g}" fill="{self.body}" stroke="{self.line}" '
                f'stroke-width="1.5"/>')


# Compounds with the knight: the knight behind on the left, the other piece in front on the right, both scaled
# down. The right edge and the bottom of each cburnett piece, in its own units, place it.
COMPOUND_SCALE = 0.84
RIGHT_EDGE = {"B": 39.0, "R": 36.0, "Q": 41.0, "K": 39.0}
BOTTOM = {"B": 39.0, "R": 39.0, "Q": 39.5, "K": 39.5}


def halo(group, color, width):
    """A piece's group with every fill and stroke in `color` and every stroke `width` wide: drawn under a black
    piece in front of another, it keeps a light seam between the two black bodies."""
    g = re.sub(r'(fill|stroke)="#[0-9a-fA-F]+"', lambda m: f'{m.group(1)}="{color}"', group)
    g = re.sub(r'(fill|stroke):#[0-9a-fA-F]+', lambda m: f'{m.group(1)}:{color}', g)
    g = g.replace('stroke="none"', f'stroke="{color}"')
    return re.sub(r'stroke-width="[0-9.]+"', f'stroke-width="{width:g}"', g)


def compound(other):
    def draw(ink):
        s = COMPOUND_SCALE
        knight = placed(ink.side, "N", 2.2 - 6 * s, 40 - 39 * s, s)
        x, y = 43 - RIGHT_EDGE[other] * s, 40.2 - BOTTOM[other] * s
        front = placed(ink.side, other, x, y, s)
        seam = ""
        if ink.side == "b":
            seam = f'<g transform="translate({x:g} {y:g}) scale({s:g})">{halo(cburnett("b", other), ink.detail, 2.8 / s)}</g>'
        return knight + seam + front
    return draw


def nightrider(ink):
    s = 0.8
    back = placed(ink.side, "N", 10.5, 37.5 - 39 * s, s)
    front = placed(ink.side, "N", -2.5, 40 - 39 * s, s)
    return back + front


def unicorn(ink):
    horn = ink.shape("M 12.2,12.6 L 4,2.8 L 16.2,9.6 Z")
    grooves = ink.lines("M 7.2,5.2 L 10.1,5.7 M 9.9,8.4 L 12.6,8.8", 1)
    return placed(ink.side, "N") + horn + grooves


def zebra(ink):
    stripes = ink.lines("M 21.6,24 L 31.5,14.5 M 19.3,30 L 35.5,20.5 M 16.6,36 L 37,27.5", 2.4)
    head = ink.lines("M 15.5,19.5 L 19.5,13.5", 2.2)
    return placed(ink.side, "N") + stripes + head


def giraffe(ink):
    horns = (ink.lines("M 16.5,8.5 L 15.2,3.8 M 20.2,8 L 20.6,3.5", 2.2, ink.line)
             + ink.dot(15.2, 3.8, 1.9, ink.line) + ink.dot(20.6, 3.5, 1.9, ink.line))
    spots = (ink.dot(28.5, 17, 2.2) + ink.dot(33, 24.5, 2.2) + ink.dot(26, 25, 2.2)
             + ink.dot(30.5, 32, 2.2) + ink.dot(22, 33.5, 2.2) + ink.dot(35.5, 35, 1.8))
    return horns + placed(ink.side, "N") + spots


def camel(ink):
    hump = ink.shape("M 27.5,13 C 30,5 41,5 42.5,15 C 43.3,21 41.5,25 38.5,27 Z")
    return hump + placed(ink.side, "N")


def dragon(ink):
    spikes = ink.shape("M 25,11 L 29,3 L 31,12.5 L 38,8.5 L 35.5,17 L 43,17 L 37.5,23.5 L 43,28 L 38,30 Z")
    horn = ink.shape("M 15.5,9.5 C 15,5 11.5,3 8.5,3.5 C 11,5 12.5,7.5 13,11 Z")
    return spikes + horn + placed(ink.side, "N")


# The pawn's skirt: the one-step leapers stand on it (a pawn also moves one step), an emblem of their move above.
PEDESTAL = "M 18.41,27.03 C 15.41,28.09 11,32.08 11,39.5 L 34,39.5 C 34,32.08 29.59,28.09 26.59,27.03 Z"
EMBLEM_CENTRE = (22.5, 16.0)


def polygon(points):
    return "M " + " L ".join(f"{x:.2f},{y:.2f}" for x, y in points) + " Z"


def wazir(ink):
    # One orthogonal step: a plus.
    plus = polygon(star_outline(*EMBLEM_CENTRE, 4, 11.5, 3.3, 0.0))
    return ink.shape(PEDESTAL) + ink.shape(plus)


def ferz(ink):
    # One diagonal step: a saltire.
    import math
    saltire = polygon(star_outline(*EMBLEM_CENTRE, 4, 12, 3.3, math.pi / 4))
    return ink.shape(PEDESTAL) + ink.shape(saltire)


def star_outline(cx, cy, arms, arm, half, start):
    """The outline of `arms` bars of half-width `half` reaching `arm` from (cx, cy), the first at angle `start`
    (radians, clockwise from up), evenly spread: their union, as one polygon."""
    import math
    step = 2 * math.pi / arms
    # Where the edges of two neighbouring bars meet, on the bisector between them.
    inner = half / math.sin(step / 2)
    points = []
    for k in range(arms):
        a = start + k * step
        d = (math.sin(a), -math.cos(a))
        n = (math.cos(a), math.sin(a))
        points.append((cx + arm * d[0] - half * n[0], cy + arm * d[1] - half * n[1]))
        points.append((cx + arm * d[0] + half * n[0], cy + arm * d[1] + half * n[1]))
        b = a + step / 2
        points.append((cx + inner * math.sin(b), cy - inner * math.cos(b)))
    return points


def mann(ink):
    # Wazir and ferz together, as the mann (the non-royal king) moves: plus and saltire in one star.
    star = polygon(star_outline(*EMBLEM_CENTRE, 8, 11.5, 2.3, 0.0))
    return ink.shape(PEDESTAL) + ink.shape(star)


def dabbaba(ink):
    s = 0.82
    rook = placed(ink.side, "R", 22.5 - 22.5 * s, 33.5 - 39 * s, s)
    axle = ink.shape("M 9.5,33 L 35.5,33 L 35.5,36 L 9.5,36 Z")
    wheels = ink.disc(13.5, 36.5, 5) + ink.disc(31.5, 36.5, 5) + ink.dot(13.5, 36.5, 1.3) + ink.dot(31.5, 36.5, 1.3)
    return rook + axle + wheels


def elephant(ink):
    ears = (ink.shape("M 16,12.5 C 8,7 2.5,12.5 3.5,20 C 4.5,27.5 10,30 16.5,27 Z")
            + ink.shape("M 29,12.5 C 37,7 42.5,12.5 41.5,20 C 40.5,27.5 35,30 28.5,27 Z"))
    head = ink.shape("M 14.5,27 C 12,16 15.5,7.5 22.5,7.5 C 29.5,7.5 33,16 30.5,27 C 28.5,30 16.5,30 14.5,27 Z")
    tusks = (ink.shape("M 18.5,27 C 15.5,29.5 14,32 13,35.5 C 15.5,33.5 17.5,32 19.8,31 Z")
             + ink.shape("M 26.5,27 C 29.5,29.5 31,32 32,35.5 C 29.5,33.5 27.5,32 25.2,31 Z"))
    trunk = ink.shape("M 19.2,22 C 18.8,29 19.5,35 21.5,38.5 C 23,40.5 27,40 28.5,38 C 26,38.3 25.5,36 25.6,33 "
                      "C 25.8,29 25.8,25 25.8,22 Z")
    eyes = ink.dot(18.2, 17.5, 1.3) + ink.dot(26.8, 17.5, 1.3)
    folds = ink.lines("M 21,30 L 24.5,30 M 21.2,34 L 24.8,34", 1)
    return ears + head + tusks + trunk + eyes + folds


def cannon(ink):
    import math
    back, muzzle = (9.5, 31.5), (38.5, 12.5)
    length = math.dist(back, muzzle)
    d = ((muzzle[0] - back[0]) / length, (muzzle[1] - back[1]) / length)
    n = (-d[1], d[0])

    def at(t, w):
        """The point `t` along the barrel's axis from the breech and `w` across it."""
        return (back[0] + t * d[0] + w * n[0], back[1] + t * d[1] + w * n[1])

    barrel = polygon([at(0, 4.6), at(length, 3.4), at(length, -3.4), at(0, -4.6)])
    ring = polygon([at(length - 3.2, 4.4), at(length, 4.4), at(length, -4.4), at(length - 3.2, -4.4)])
    breech = ink.disc(*at(-1.2, 0), 3.6)
    cx, cy, r = 21, 31.5, 8.3
    wheel = ink.disc(cx, cy, r)
    spokes = "".join(
        f"M {cx + 1.8 * math.cos(a):.2f},{cy + 1.8 * math.sin(a):.2f} L {cx + (r - 0.6) * math.cos(a):.2f},"
        f"{cy + (r - 0.6) * math.sin(a):.2f} " for a in (k * math.pi / 3 + math.pi / 6 for k in range(6)))
    hub = ink.dot(cx, cy, 2.2, ink.line if ink.side == "w" else ink.detail)
    ground = ink.lines("M 6.5,40.5 L 38.5,40.5", 1.5, ink.line)
    return breech + ink.shape(barrel) + ink.shape(ring) + wheel + ink.lines(spokes, 1.2) + hub + ground


def lion(ink):
    import math
    cx, cy = 22.5, 21.5
    points = []
    n = 14
    for i in range(2 * n):
        a = math.pi * i / n - math.pi / 2
        r = 19.5 if i % 2 == 0 else 15.5
        points.append((cx + r * math.cos(a), cy + r * 1.0 * math.sin(a)))
    mane = ink.shape(polygon(points))
    ears = ink.disc(14.8, 12.8, 3.2) + ink.disc(30.2, 12.8, 3.2)
    face_stroke = "#000" if ink.side == "w" else "#ececec"
    face = (f'<circle cx="{cx}" cy="{cy + 1.5}" r="10.5" fill="{ink.body}" stroke="{face_stroke}" '
            f'stroke-width="1.5"/>')
    eyes = ink.dot(18.6, 20, 1.4) + ink.dot(26.4, 20, 1.4)
    nose = ink.shape("M 20.5,24.5 L 24.5,24.5 L 22.5,27 Z").replace(f'fill="{ink.body}"', f'fill="{ink.detail}"') \
        .replace(f'stroke="{ink.line}"', f'stroke="{ink.detail}"')
    mouth = ink.lines("M 22.5,27 L 22.5,28.5 M 19.5,29.5 C 21,30.5 22.5,29.5 22.5,28.5 C 22.5,29.5 24,30.5 25.5,29.5", 1.2)
    return mane + ears + face + eyes + nose + mouth


GLYPHS = [
    ("archbishop", compound("B")),
    ("chancellor", compound("R")),
    ("amazon", compound("Q")),
    ("centaur", compound("K")),
    ("nightrider", nightrider),
    ("unicorn", unicorn),
    ("zebra", zebra),
    ("giraffe", giraffe),
    ("camel", camel),
    ("dragon", dragon),
    ("wazir", wazir),
    ("ferz", ferz),
    ("mann", mann),
    ("dabbaba", dabbaba),
    ("elephant", elephant),
    ("cannon", cannon),
    ("lion", lion),
]


def main():
    for name, draw in GLYPHS:
        for side in "wb":
            body = draw(Ink(side))
            svg = ('<svg xmlns="http://www.w3.org/2000/svg" width="45" height="45" viewBox="0 0 45 45">'
                   f'<g id="{"white" if side == "w" else "black"}-{name}">{body}</g></svg>\n')
            with open(os.path.join(HERE, f"{side}{name}.svg"), "w") as f:
                f.write(svg)
    print(" ".join(name for name, _ in GLYPHS))


if __name__ == "__main__":
    main()
