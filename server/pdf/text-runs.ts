/**
 * Names, events and organisations may mix scripts ("Asha वर्मा"). A PDF font draws one script,
 * so text is cut into runs, each drawn with the font that holds its script. Combining marks,
 * joiners and spaces stay with the run before them, so a conjunct or a vowel sign is never split
 * from its consonant (the shaper needs the whole cluster).
 */
export type Script = "latin" | "devanagari";

const DEVANAGARI = /[\u0900-\u097F\uA8E0-\uA8FF\u1CD0-\u1CFF]/;
/** Characters that belong to the run before them: marks, ZWJ/ZWNJ, spaces, dandas. */
const MARK_OR_SPACE = /^[\p{M}\s]$/u;
function isNeutral(ch: string): boolean {
  return MARK_OR_SPACE.test(ch) || ["\u200C", "\u200D", "\u0964", "\u0965"].includes(ch);
}

export interface Run {
  text: string;
  script: Script;
}

export function scriptRuns(text: string): Run[] {
  const runs: Run[] = [];
  for (const ch of text) {
    const last = runs.at(-1);
    if (last && isNeutral(ch)) {
      last.text += ch;
      continue;
    }
    const script: Script = DEVANAGARI.test(ch) ? "devanagari" : "latin";
    if (last && last.script === script) last.text += ch;
    else runs.push({ text: ch, script });
  }
  return runs;
}
