import type { Certificate } from "#server/contracts/certificate";

/** "Certificate of Merit · Winner" or "Certificate of Participation". */
export function certificateTitle(c: Pick<Certificate, "kind" | "rankLabel">): string {
  return c.kind === "merit"
    ? `Certificate of Merit${c.rankLabel ? ` · ${c.rankLabel}` : ""}`
    : "Certificate of Participation";
}
