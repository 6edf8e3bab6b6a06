import { describe, expect, it } from "vitest";
import { amountInWords } from "./amount-words";

describe("amounts in words on receipts (SPEC-4 §3, Indian numbering)", () => {
  it.each([
    [1299, "Rupees One Thousand Two Hundred Ninety-Nine only"],
    [129900, "Rupees One Lakh Twenty-Nine Thousand Nine Hundred only"],
    [100000, "Rupees One Lakh only"],
    [
      12345678,
      "Rupees One Crore Twenty-Three Lakh Forty-Five Thousand Six Hundred Seventy-Eight only",
    ],
    [50, "Rupees Fifty only"],
    [21, "Rupees Twenty-One only"],
    [0, "Rupees Zero only"],
  ])("%i → %s", (n, words) => {
    expect(amountInWords(n)).toBe(words);
  });
});
