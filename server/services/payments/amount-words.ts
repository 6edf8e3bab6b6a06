import { ToWords } from "to-words";

/**
 * A whole-rupee amount in words with Indian numbering (thousand, lakh, crore), as receipts print
 * it (SPEC-4 §3): 1299 → 'Rupees One Thousand Two Hundred Ninety-Nine only'. `to-words` (en-IN)
 * does the numbering; the tens and units of each group are joined by a hyphen, as written English
 * joins them ("Ninety-Nine").
 */
const toWords = new ToWords({ localeCode: "en-IN" });
const TENS = "Twenty|Thirty|Forty|Fifty|Sixty|Seventy|Eighty|Ninety";
const UNITS = "One|Two|Three|Four|Five|Six|Seven|Eight|Nine";
const COMPOUND = new RegExp(`\\b(${TENS}) (${UNITS})\\b`, "g");

export function amountInWords(rupees: number): string {
  return `Rupees ${toWords.convert(rupees).replace(COMPOUND, "$1-$2")} only`;
}
