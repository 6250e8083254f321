"""One card out of an SVG sheet that holds a whole deck (KDE's card decks, Aisleriot's themes).

Such a file draws every card as an element with an id ("1_club", "king_heart", "back"), laid
out anywhere on one page, its pieces often shared through ``<use>`` and gradients defined
elsewhere in the file. A card is cut out of it as a small SVG document of its own: the
card's element, wrapped in copies of the groups around it (their transforms and styles), and
everything it refers to (``href``, ``url(#...)``), transitively, copied into ``<defs>``, with
the file's ``<style>`` sheets. That document is drawn by resvg (the ``resvg-py`` package: a
complete SVG renderer, Rust, in a wheel with no system library), so each card is parsed and
drawn alone, at the exact pixels asked for.

Where the card lies is not written in the file: it is found by drawing the card alone once,
coarsely over a region around the page, then finely around what showed, and reading the
pixels that are not clear. That box, in the file's units, is kept for the deck's life, and in
a small JSON file (``keep_boxes``) for the next start, as long as the sheet is unchanged.

The file is the player's but treated as hostile: its size is bounded before and after
unzipping, a document type with entities is refused, and every failure is a ``SheetError``
with one line to say.
"""
from __future__ import annotations

import gzip
import io
import json
import os
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path

import pygame

from tcf_gui.i18n import _

#: The most a card sheet may hold, zipped or not (the largest KDE deck, Dondorf, is 11 MB).
MAX_BYTES = 64 * 1024 * 1024
#: Pixels across the coarse search for a card, and across the card in the fine one.
COARSE_PX = 512
FINE_PX = 320

SVG_NS = "http://www.w3.org/2000/svg"
XLINK_NS = "http://www.w3.org/1999/xlink"
_HREFS = (f"{{{XLINK_NS}}}href", "href")
_URL = re.compile(r"url\(\s*['\"]?#([^)'\"\s]+)['\"]?\s*\)")
_HIDDEN = re.compile(r"display\s*:\s*none\s*;?")

ET.register_namespace("", SVG_NS)
ET.register_namespace("xlink", XLINK_NS)


class SheetError(Exception):
    """A card sheet that cannot be read or drawn; its text is one line for the player."""


def read_svg_bytes(path: Path) -> bytes:
    """The SVG text of ``path`` (.svg or gzipped .svgz), bounded in size."""
    try:
        with path.open("rb") as handle:
            raw = handle.read(MAX_BYTES + 1)
        if raw[:2] == b"\x1f\x8b":
            with gzip.GzipFile(fileobj=io.BytesIO(raw)) as unzipped:
                raw = unzipped.read(MAX_BYTES + 1)
    except (OSError, EOFError, gzip.BadGzipFile) as error:
        raise SheetError(_("cannot read {path}: {error}").format(path=path, error=error)) from None
    if len(raw) > MAX_BYTES:
        raise SheetError(_("{path} is larger than {mb} MB").format(path=path, mb=MAX_BYTES // 2**20))
    return raw


@dataclass(frozen=True)
class Box:
    """A rectangle in the sheet's own units."""

    x: float
    y: float
    width: float
    height: float

    def grown(self, by: float) -> "Box":
        return Box(self.x - by, self.y - by, self.width + 2 * by, self.height + 2 * by)


def _number(text: str | None) -> float | None:
    match = re.match(r"\s*([-+]?[0-9.]+(?:[eE][-+]?[0-9]+)?)", text or "")
    try:
        return float(match.group(1)) if match else None
    except ValueError:
        return None


def _touches(inner: Box, outer: Box, within: float) -> bool:
    """True when ``inner`` reaches to ``within`` of an edge of ``outer``."""
    return (inner.x - outer.x <= within or inner.y - outer.y <= within
            or outer.x + outer.width - (inner.x + inner.width) <= within
            or outer.y + outer.height - (inner.y + inner.height) <= within)


class SvgSheet:
    """A parsed card sheet: the cards' documents and pictures by element id."""

    def __init__(self, path: Path) -> None:
        self.path = path
        data = read_svg_bytes(path)
        if b"<!ENTITY" in data:
            raise SheetError(_("{path} declares XML entities: not read").format(path=path))
        try:
            self.root = ET.fromstring(data)
        except ET.ParseError as error:
            raise SheetError(_("{path} is not valid SVG: {error}").format(path=path, error=error)) from None
        if self.root.tag != f"{{{SVG_NS}}}svg":
            raise SheetError(_("{path} is not an SVG document").format(path=path))
        self.by_id: dict[str, ET.Element] = {}
        self.parent: dict[ET.Element, ET.Element] = {}
        for element in self.root.iter():
            for child in element:
                self.parent[child] = element
            ident = element.get("id")
            if ident and ident not in self.by_id:
                self.by_id[ident] = element
        self.styles = [element for element in self.root.iter(f"{{{SVG_NS}}}style")]
        self.page = self._page()
        self._boxes: dict[str, Box] = {}
        self._kept: Path | None = None

    def _page(self) -> Box:
        numbers = [_number(n) for n in (self.root.get("viewBox") or "").replace(",", " ").split()]
        if len(numbers) == 4 and all(n is not None for n in numbers) and numbers[2] and numbers[3]:
            x, y, w, h = (float(n) for n in numbers if n is not None)
            return Box(x, y, w, h)
        return Box(0, 0, _number(self.root.get("width")) or 1000, _number(self.root.get("height")) or 1000)

    def has(self, ident: str) -> bool:
        return ident in self.by_id

    # -- one card's document -----------------------------------------------------------------
    def _referenced(self, element: ET.Element) -> list[ET.Element]:
        """Every element ``element`` refers to, directly or through what it refers to."""
        seen: dict[str, ET.Element] = {}
        todo = [element]
        while todo:
            for node in todo.pop().iter():
                for name, value in node.attrib.items():
                    idents = _URL.findall(value)
                    if name in _HREFS and value.startswith("#"):
                        idents.append(value[1:])
                    for ident in idents:
                        target = self.by_id.get(ident)
                        if target is not None and ident not in seen and target is not element:
                            seen[ident] = target
                            todo.append(target)
        return list(seen.values())

    def document(self, ident: str, view: Box, size: tuple[int, int]) -> str:
        """The SVG text drawing element ``ident`` alone, ``view`` of the sheet at ``size`` px."""
        element = self.by_id.get(ident)
        if element is None:
            raise SheetError(_("{path} has no card {card}").format(path=self.path, card=ident))
        svg = ET.Element(f"{{{SVG_NS}}}svg", {
            "version": "1.1", "width": str(size[0]), "height": str(size[1]),
            "viewBox": f"{view.x} {view.y} {view.width} {view.height}",
            "preserveAspectRatio": "none"})
        svg.extend(self.styles)
        defs = ET.SubElement(svg, f"{{{SVG_NS}}}defs")
        defs.extend(self._referenced(element))
        holder = svg
        chain = []
        node = self.parent.get(element)
        while node is not None and node is not self.root:
            chain.append(node)
            node = self.parent.get(node)
        for ancestor in reversed(chain):  # the groups around the card: their transforms and styles
            attributes = {k: v for k, v in ancestor.attrib.items() if k != "id" and k != "display"}
            if "style" in attributes:
                attributes["style"] = _HIDDEN.sub("", attributes["style"])
            holder = ET.SubElement(holder, f"{{{SVG_NS}}}g", attributes)
        holder.append(element)
        return ET.tostring(svg, encoding="unicode")

    # -- drawing -----------------------------------------------------------------------------
    def _draw(self, ident: str, view: Box, size: tuple[int, int]) -> pygame.Surface:
        try:
            import resvg_py
        except ImportError:
            raise SheetError(_("drawing SVG card decks needs resvg-py: pip install resvg-py")) from None
        text = self.document(ident, view, size)
        try:
            png = resvg_py.svg_to_bytes(svg_string=text, width=size[0], height=size[1],
                                        resources_dir=str(self.path.parent),
                                        skip_system_fonts="<text" not in text)
            return pygame.image.load(io.BytesIO(bytes(png)), "card.png")
        except (ValueError, pygame.error) as error:
            raise SheetError(_("{path}: cannot draw {card}: {error}").format(
                path=self.path, card=ident, error=error)) from None

    def _ink(self, ident: str, view: Box, size: tuple[int, int]) -> Box | None:
        """The box of what element ``ident`` draws inside ``view``, drawn at ``size``."""
        picture = self._draw(ident, view, size)
        ink = picture.get_bounding_rect(min_alpha=8)
        if ink.width == 0 or ink.height == 0:
            return None
        sx, sy = view.width / size[0], view.height / size[1]
        return Box(view.x + ink.x * sx, view.y + ink.y * sy, ink.width * sx, ink.height * sy)

    def box(self, ident: str) -> Box:
        """Where card ``ident`` lies on the sheet, in its units (found once, then kept)."""
        box = self._boxes.get(ident)
        if box is None:
            box = self._boxes[ident] = self._find(ident)
            self._write_boxes()
        return box

    def _stamp(self) -> list[int]:
        status = self.path.stat()
        return [status.st_size, status.st_mtime_ns]

    def keep_boxes(self, file: Path) -> None:
        """Keep the cards' boxes in ``file``, and take those it holds for this very sheet."""
        self._kept = file
        try:
            with file.open("rb") as handle:
                kept = json.loads(handle.read(1024 * 1024))
            if kept.get("stamp") == self._stamp():
                for ident, numbers in kept["boxes"].items():
                    if ident in self.by_id and len(numbers) == 4:
                        box = Box(*(float(n) for n in numbers))
                        if box.width > 0 and box.height > 0:
                            self._boxes.setdefault(ident, box)
        except (OSError, ValueError, TypeError, AttributeError, KeyError):
            return  # none kept, or not readable: found again as they are needed

    def _write_boxes(self) -> None:
        if self._kept is None:
            return
        boxes = {ident: [box.x, box.y, box.width, box.height] for ident, box in self._boxes.items()}
        try:
            self._kept.parent.mkdir(parents=True, exist_ok=True)
            partial = self._kept.with_suffix(".part")
            partial.write_text(json.dumps({"stamp": self._stamp(), "boxes": boxes}), encoding="utf-8")
            os.replace(partial, self._kept)
        except OSError:
            self._kept = None  # a folder that cannot be written: the boxes live in memory only

    def _find(self, ident: str) -> Box:
        page = self.page
        for reach in (0.02, 1.0, 10.0):  # the page, round it, then far round it
            view = page.grown(max(page.width, page.height) * reach)
            size = (COARSE_PX, max(1, round(COARSE_PX * view.height / view.width)))
            coarse = self._ink(ident, view, size)
            if coarse is not None:
                return self._refine(ident, coarse, view.width / size[0])
        raise SheetError(_("{path}: card {card} draws nothing").format(path=self.path, card=ident))

    def _refine(self, ident: str, coarse: Box, pixel: float) -> Box:
        """The card's box to a fraction of a pixel: drawn again finely around the coarse box,
        a half wider each time its ink touches the edge (faint lines a coarse drawing loses),
        then once more closely round what was found."""
        near, found, scale = coarse.grown(2 * pixel), coarse, 1.0
        for _tries in range(6):
            fine, scale = self._ink_near(ident, near)
            if fine is None:
                return found
            found = fine
            if not _touches(fine, near, 1.5 / scale):
                break
            near = fine.grown(max(fine.width, fine.height) * 0.5)
        if max(near.width / found.width, near.height / found.height) < 1.2:
            return found
        closer, _scale = self._ink_near(ident, found.grown(2 / scale))
        return closer or found

    def _ink_near(self, ident: str, near: Box) -> tuple[Box | None, float]:
        """What ``ident`` draws inside ``near``, drawn FINE_PX across, and the pixels a unit."""
        scale = FINE_PX / max(near.width, near.height)
        size = (max(1, round(near.width * scale)), max(1, round(near.height * scale)))
        return self._ink(ident, near, size), scale

    def picture(self, ident: str, size: tuple[int, int]) -> pygame.Surface:
        """Card ``ident`` drawn to fill exactly ``size`` pixels."""
        return self._draw(ident, self.box(ident), size)

    def ratio(self, ident: str) -> float:
        """Width over height of card ``ident``."""
        box = self.box(ident)
        return box.width / box.height
