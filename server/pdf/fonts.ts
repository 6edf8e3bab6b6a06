import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import * as fontkit from "fontkit";
import { type Script, scriptRuns } from "./text-runs";

/**
 * The fonts every PDF draws with (certificates, receipts): Noto Sans and Noto Sans Devanagari
 * from npm packages; PDFKit embeds only the glyphs used. Text is drawn in script runs, each with
 * the font that holds its script, so "Asha वर्मा" draws right.
 */
export type Weight = "regular" | "bold";
type Doc = PDFKit.PDFDocument;

const require = createRequire(import.meta.url);
const FONT_FILES: Record<Script, Record<Weight, string>> = {
  latin: {
    regular: "@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf",
    bold: "@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf",
  },
  devanagari: {
    regular: "@expo-google-fonts/noto-sans-devanagari/400Regular/NotoSansDevanagari_400Regular.ttf",
    bold: "@expo-google-fonts/noto-sans-devanagari/700Bold/NotoSansDevanagari_700Bold.ttf",
  },
};
/**
 * Fonts are parsed once per process (worker) and shared by every document: parsing their layout
 * tables was most of the time of a certificate (about 200 ms of 250).
 */
let parsed: Map<string, fontkit.Font> | null = null;
function fonts(): Map<string, fontkit.Font> {
  if (!parsed) {
    parsed = new Map();
    for (const [script, weights] of Object.entries(FONT_FILES))
      for (const [weight, file] of Object.entries(weights))
        parsed.set(
          `${script}-${weight}`,
          fontkit.create(readFileSync(require.resolve(file))) as fontkit.Font,
        );
  }
  return parsed;
}

/** Registers the fonts as "latin-regular", "devanagari-bold" …, and collects the document. */
export function startDocument(doc: Doc): Promise<Uint8Array> {
  // PDFKit takes a parsed fontkit font as well as bytes (its types only know the bytes).
  for (const [name, font] of fonts()) doc.registerFont(name, font as unknown as Buffer);
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  return new Promise<Uint8Array>((resolve, reject) => {
    doc.on("end", () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on("error", reject);
  });
}

/** The width of `text` drawn in runs at `size`. */
export function runsWidth(doc: Doc, text: string, size: number, weight: Weight): number {
  return scriptRuns(text).reduce(
    (sum, r) => sum + doc.font(`${r.script}-${weight}`, size).widthOfString(r.text),
    0,
  );
}

/** Draws one line of `text` in runs from `x`, `y` its baseline; answers its width. */
export function drawRuns(
  doc: Doc,
  text: string,
  x: number,
  y: number,
  size: number,
  weight: Weight,
): number {
  let at = x;
  for (const r of scriptRuns(text)) {
    // One baseline for every run: the two fonts have different ascenders.
    doc
      .font(`${r.script}-${weight}`, size)
      .text(r.text, at, y, { lineBreak: false, baseline: "alphabetic" });
    at += doc.widthOfString(r.text);
  }
  return at - x;
}

/** `text` cut into lines no wider than `width` at word boundaries (a long word is kept whole). */
export function wrapRuns(
  doc: Doc,
  text: string,
  width: number,
  size: number,
  weight: Weight,
): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let line = "";
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const next = line ? `${line} ${word}` : word;
      if (line && runsWidth(doc, next, size, weight) > width) {
        lines.push(line);
        line = word;
      } else line = next;
    }
    lines.push(line);
  }
  return lines;
}
