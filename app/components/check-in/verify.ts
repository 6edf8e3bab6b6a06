import {
  fromBase64Url,
  readTicketCode,
  type TicketCodeParts,
} from "#server/contracts/check-in-codes";

/** Ed25519 with the browser's WebCrypto where it has it, else @noble/ed25519 (loaded only then). */
async function verifyEd25519(
  publicKey: Uint8Array<ArrayBuffer>,
  parts: TicketCodeParts,
): Promise<boolean> {
  const { payload, signature } = parts;
  try {
    const key = await crypto.subtle.importKey("raw", publicKey, { name: "Ed25519" }, false, [
      "verify",
    ]);
    return await crypto.subtle.verify({ name: "Ed25519" }, key, signature, payload);
  } catch {
    const ed = await import("@noble/ed25519");
    return ed.verifyAsync(signature, payload, publicKey).catch(() => false);
  }
}

/** A code checked on the device with the event's public key alone. */
export async function checkCode(
  code: string,
  eventNumber: string,
  publicKey: string,
): Promise<{ status: "invalid" | "wrong-event" } | { status: "ok"; parts: TicketCodeParts }> {
  const parts = readTicketCode(code);
  if (!parts) return { status: "invalid" };
  if (parts.eventNumber !== eventNumber) return { status: "wrong-event" };
  const key = fromBase64Url(publicKey);
  if (!key || !(await verifyEd25519(key, parts))) return { status: "invalid" };
  return { status: "ok", parts };
}
