#!/usr/bin/env python3
"""Generates the app icons in public/icons/ (run once; the PNGs are committed).

A deep-blue rounded square with a 2x2 grid of coloured stones (red, yellow, green, light blue),
drawn with 2x2 supersampling up to 192 px and none at 512 px (launchers scale those down, which smooths the edges; few shades keep the PNGs small). Only the standard library (zlib, struct) is used.

    python3 scripts/make-icons.py
"""
import os
import struct
import zlib

BG = (23, 42, 94)          # deep blue
BOARD = (35, 62, 132)      # slightly lighter board square behind the stones
STONES = [(226, 61, 61), (247, 197, 46), (58, 170, 92), (90, 170, 240)]
SS = 2                     # supersampling factor per axis


def rounded_rect_cov(x, y, x0, y0, x1, y1, r):
    """1.0 if (x, y) is inside the rounded rectangle, else 0.0."""
    if x < x0 or x > x1 or y < y0 or y > y1:
        return 0.0
    cx = min(max(x, x0 + r), x1 - r)
    cy = min(max(y, y0 + r), y1 - r)
    return 1.0 if (x - cx) ** 2 + (y - cy) ** 2 <= r * r else 0.0


def render(size, maskable):
    ss = 1 if size >= 512 else SS
    """Returns rows of RGBA bytes."""
    # Geometry in unit coordinates (0..1).
    if maskable:
        # Full-bleed background; the content stays inside the 80 % safe zone.
        bg = (0.0, 0.0, 1.0, 1.0, 0.0)
        content = (0.24, 0.76)
    else:
        bg = (0.02, 0.02, 0.98, 0.98, 0.2)
        content = (0.17, 0.83)
    c0, c1 = content
    board_pad = 0.035
    board = (c0 - board_pad, c0 - board_pad, c1 + board_pad, c1 + board_pad, 0.08)
    cell = (c1 - c0) / 2
    stone_r = cell * 0.40
    centres = [
        (c0 + cell * 0.5, c0 + cell * 0.5),
        (c0 + cell * 1.5, c0 + cell * 0.5),
        (c0 + cell * 0.5, c0 + cell * 1.5),
        (c0 + cell * 1.5, c0 + cell * 1.5),
    ]

    rows = []
    for py in range(size):
        row = bytearray()
        for px in range(size):
            acc = [0.0, 0.0, 0.0, 0.0]
            for sy in range(ss):
                for sx in range(ss):
                    x = (px + (sx + 0.5) / ss) / size
                    y = (py + (sy + 0.5) / ss) / size
                    a = rounded_rect_cov(x, y, *bg)
                    if a == 0.0:
                        continue
                    col = BG
                    if rounded_rect_cov(x, y, *board):
                        col = BOARD
                    for (cx, cy), sc in zip(centres, STONES):
                        d2 = (x - cx) ** 2 + (y - cy) ** 2
                        if d2 <= stone_r * stone_r:
                            # a flat highlight in the upper-left part of the stone
                            hx, hy = cx - stone_r * 0.3, cy - stone_r * 0.3
                            if (x - hx) ** 2 + (y - hy) ** 2 <= (stone_r * 0.45) ** 2:
                                col = tuple(min(255, int(c + (255 - c) * 0.25)) for c in sc)
                            else:
                                col = sc
                            break
                        if d2 <= (stone_r * 1.08) ** 2:
                            col = tuple(int(c * 0.55) for c in sc)  # rim
                            break
                    acc[0] += col[0]
                    acc[1] += col[1]
                    acc[2] += col[2]
                    acc[3] += 255
            n = ss * ss
            alpha = acc[3] / n
            if alpha > 0:
                # un-premultiply colour by coverage
                cover = acc[3] / 255
                row += bytes([int(acc[0] / cover), int(acc[1] / cover), int(acc[2] / cover), int(alpha)])
            else:
                row += bytes([0, 0, 0, 0])
        rows.append(bytes(row))
    return rows


def quantise(rows, step):
    q = lambda v: min(255, int(round(v / step) * step))
    out = []
    for r in rows:
        b = bytearray(r)
        for i in range(len(b)):
            b[i] = q(b[i])
        out.append(bytes(b))
    return out


def write_png(path, size, rows):
    """Writes an indexed (palette) PNG when the image has at most 256 colours — icons are
    precached by the service worker, so they should be small — else RGBA."""
    def chunk(kind, data):
        c = struct.pack(">I", len(data)) + kind + data
        return c + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    step = 1
    while True:
        qrows = quantise(rows, step) if step > 1 else rows
        colours = {}
        for r in qrows:
            for i in range(0, len(r), 4):
                colours.setdefault(r[i:i + 4], len(colours))
                if len(colours) > 256:
                    break
        if len(colours) <= 256:
            break
        step *= 2
    pal = sorted(colours, key=lambda c: colours[c])
    raw = b"".join(b"\x00" + bytes(colours[r[i:i + 4]] for i in range(0, len(r), 4)) for r in qrows)
    png = b"\x89PNG\r\n\x1a\n"
    png += chunk(b"IHDR", struct.pack(">IIBBBBB", size, size, 8, 3, 0, 0, 0))
    png += chunk(b"PLTE", b"".join(c[:3] for c in pal))
    png += chunk(b"tRNS", bytes(c[3] for c in pal))
    png += chunk(b"IDAT", zlib.compress(raw, 9))
    png += chunk(b"IEND", b"")
    with open(path, "wb") as f:
        f.write(png)


def main():
    out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "public", "icons")
    os.makedirs(out, exist_ok=True)
    for name, size, maskable in [
        ("icon-192.png", 192, False),
        ("icon-512.png", 512, False),
        ("icon-maskable-512.png", 512, True),
        ("apple-touch-icon.png", 180, True),  # iOS rounds the corners itself
        ("favicon-32.png", 32, False),
    ]:
        write_png(os.path.join(out, name), size, render(size, maskable))
        print("wrote", os.path.normpath(os.path.join(out, name)))


if __name__ == "__main__":
    main()
