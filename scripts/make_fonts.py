#!/usr/bin/env python3
"""Makes the game's fonts: Noto Sans CJK SC (regular and bold), cut down to
the characters the game can show, so the program carries ~1 MB instead of
~32 MB of fonts.

The kept characters: printable ASCII and Latin-1 (player names, file names),
the punctuation and symbols the interface uses, and every character of every
string table in assets/i18n/. Run it again whenever a table gains characters;
the glyph test (tests/it/strings.rs) fails until you do.

    apt-get install fonts-noto-cjk      # the source fonts (OFL-1.1)
    pip install fonttools               # pyftsubset
    python3 scripts/make_fonts.py

Writes assets/fonts/LineupSans-Regular.otf and LineupSans-Bold.otf (renamed:
the OFL asks a modified font not to keep its original name).
"""

import glob
import os
import sys

from fontTools import subset
from fontTools.ttLib import TTCollection

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SOURCES = {
    "Regular": "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
    "Bold": "/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc",
}
# Index of "Noto Sans CJK SC" in Debian's collections.
SC_INDEX = 2
FAMILY = "Lineup Sans"

# Printable ASCII, Latin-1, and symbols the interface draws as text.
BASE = "".join(chr(c) for c in range(0x20, 0x7F))
BASE += "".join(chr(c) for c in range(0xA0, 0x100))
BASE += "–—‘’“”…•·×←→↑↓−"
# The analysis board's point marks (drawn on the board, not in a table).
BASE += "△□○"
# Chinese punctuation that translations commonly use.
BASE += "，。、：；！？（）《》「」【】"


def table_characters():
    chars = set()
    for path in sorted(glob.glob(os.path.join(ROOT, "assets", "i18n", "*.ron"))):
        with open(path, encoding="utf-8") as f:
            chars.update(f.read())
    return chars


def make(style, source, chars):
    collection = TTCollection(source)
    font = collection.fonts[SC_INDEX]
    options = subset.Options()
    options.layout_features = ["kern", "liga", "locl", "palt", "vert"]
    options.name_IDs = ["*"]
    options.notdef_outline = True
    options.hinting = False
    options.desubroutinize = True
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=[ord(c) for c in chars if ord(c) >= 0x20])
    subsetter.subset(font)
    rename(font, style)
    out = os.path.join(ROOT, "assets", "fonts", f"LineupSans-{style}.otf")
    font.save(out)
    return out


def rename(font, style):
    names = font["name"]
    full = f"{FAMILY} {style}"
    ps = f"LineupSans-{style}"
    for record in list(names.names):
        if record.nameID in (1, 16):
            names.setName(FAMILY, record.nameID, record.platformID, record.platEncID, record.langID)
        elif record.nameID in (2, 17):
            names.setName(style, record.nameID, record.platformID, record.platEncID, record.langID)
        elif record.nameID == 3:
            names.setName(f"{ps};subset", 3, record.platformID, record.platEncID, record.langID)
        elif record.nameID == 4:
            names.setName(full, 4, record.platformID, record.platEncID, record.langID)
        elif record.nameID == 6:
            names.setName(ps, 6, record.platformID, record.platEncID, record.langID)
    # Keep only the Windows and Mac English records plus what was there.
    if "CFF " in font:
        cff = font["CFF "].cff
        cff.fontNames = [ps]
        top = cff.topDictIndex[0]
        top.FullName = full
        top.FamilyName = FAMILY


def main():
    chars = set(BASE) | table_characters()
    chars = {c for c in chars if c not in "\n\r\t"}
    for style, source in SOURCES.items():
        if not os.path.exists(source):
            sys.exit(f"{source} is missing: apt-get install fonts-noto-cjk")
        out = make(style, source, chars)
        print(f"{out}: {os.path.getsize(out)} bytes, {len(chars)} characters")


if __name__ == "__main__":
    main()
