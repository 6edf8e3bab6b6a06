import { inflateSync } from "node:zlib";

/** The decompressed streams of a PDF (content streams, CMaps, fonts), for tests to read. */
export function pdfStreams(pdf: Uint8Array): Buffer[] {
  const buf = Buffer.from(pdf);
  const text = buf.toString("latin1");
  const out: Buffer[] = [];
  // A stream follows its dictionary: `>> stream` EOL … EOL `endstream`.
  for (const m of text.matchAll(/>>\s*stream\r?\n/g)) {
    const start = m.index + m[0].length;
    const end = text.indexOf("endstream", start);
    if (end < 0) break;
    const raw = buf.subarray(start, end);
    try {
      out.push(inflateSync(raw));
    } catch {
      out.push(raw);
    }
  }
  return out;
}

/** Names of the fonts a PDF embeds, without their subset tag ("NotoSansDevanagari-Bold"). */
export function pdfFontNames(pdf: Uint8Array): string[] {
  const text = Buffer.from(pdf).toString("latin1");
  return [...new Set([...text.matchAll(/\/BaseFont \/(?:[A-Z]{6}\+)?([\w-]+)/g)].map((m) => m[1]))];
}

/** Every code point the PDF's ToUnicode maps give for its glyphs: what text extraction can find. */
export function pdfUnicodeCodePoints(pdf: Uint8Array): Set<number> {
  const points = new Set<number>();
  for (const s of pdfStreams(pdf)) {
    const text = s.toString("latin1");
    if (!text.includes("begincmap")) continue;
    for (const m of text.matchAll(/<([0-9a-fA-F]{4,})>/g)) {
      const hex = m[1];
      for (let i = 0; i + 4 <= hex.length; i += 4)
        points.add(Number.parseInt(hex.slice(i, i + 4), 16));
    }
  }
  return points;
}

/**
 * The QR code drawn on a page as filled squares (`x y w h re`), painted into a bitmap so a
 * QR reader can decode it like a phone camera would.
 */
export function qrBitmap(pdf: Uint8Array, scale = 4) {
  const squares: [number, number, number][] = [];
  for (const s of pdfStreams(pdf)) {
    for (const m of s.toString("latin1").matchAll(/([\d.]+) ([\d.]+) ([\d.]+) ([\d.]+) re/g)) {
      const [x, y, w, h] = m.slice(1).map(Number);
      if (w === h && w < 10) squares.push([x, y, w]);
    }
  }
  if (squares.length === 0) throw new Error("no QR code on the page");
  const minX = Math.min(...squares.map((q) => q[0]));
  const minY = Math.min(...squares.map((q) => q[1]));
  const cell = squares[0][2];
  const n = Math.round((Math.max(...squares.map((q) => q[0])) - minX) / cell) + 1;
  const size = (n + 8) * scale;
  const data = new Uint8ClampedArray(size * size * 4).fill(255);
  for (const [x, y] of squares) {
    const col = Math.round((x - minX) / cell) + 4;
    const row = Math.round((y - minY) / cell) + 4;
    for (let dy = 0; dy < scale; dy++)
      for (let dx = 0; dx < scale; dx++) {
        const p = ((row * scale + dy) * size + col * scale + dx) * 4;
        data[p] = data[p + 1] = data[p + 2] = 0;
      }
  }
  return { data, width: size, height: size };
}

/**
 * The text of each page's lines as a PDF reader extracts it (pdfjs-dist), top to bottom: items on
 * one baseline make a line, joined without a space where one run ends where the next begins.
 */
export async function pdfTextLines(pdf: Uint8Array): Promise<string[]> {
  const { getDocument } = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const doc = await getDocument({
    data: new Uint8Array(pdf),
    isEvalSupported: false,
    disableFontFace: true,
    verbosity: 0,
  }).promise;
  const lines: string[] = [];
  try {
    for (let i = 1; i <= doc.numPages; i++) {
      const page = await doc.getPage(i);
      const byY = new Map<number, { x: number; end: number; str: string }[]>();
      for (const item of (await page.getTextContent()).items) {
        if (!("str" in item) || !item.str) continue;
        const [, , , , x, y] = item.transform as number[];
        const key = Math.round(y);
        const row = byY.get(key) ?? [];
        row.push({ x, end: x + item.width, str: item.str });
        byY.set(key, row);
      }
      for (const y of [...byY.keys()].sort((a, b) => b - a)) {
        const row = byY.get(y)!.sort((a, b) => a.x - b.x);
        let line = "";
        let end = Number.NEGATIVE_INFINITY;
        for (const item of row) {
          line += line && item.x - end > 1 ? ` ${item.str}` : item.str;
          end = item.end;
        }
        lines.push(line.replace(/\s+/g, " ").trim());
      }
    }
  } finally {
    await doc.destroy();
  }
  return lines;
}
