import {
  CHECK_IN_MESSAGES as M,
  normalShortCode,
  type OfflinePerson,
} from "#server/contracts/check-in-codes";
import type { ScanBody } from "./CheckInList";
import type { KeptList, QueuedScan } from "./offline-store";
import type { Shown } from "./ScanBanner";
import { checkCode } from "./verify";

type Checked =
  | { refused: Shown }
  | {
      person: OfflinePerson | undefined;
      scan: Pick<QueuedScan, "code" | "shortCode" | "memberId">;
    };

const refused = (message: string): Checked => ({ refused: { tone: "bad", message } });

/**
 * A check-in with no network, checked against what the device keeps (issue 45): a QR's code with
 * the event's public key; a typed short code, and a person picked from the list, with the people
 * and their live tickets' short codes. What the sync will send is what was scanned or typed.
 */
export async function offlineCheck(
  kept: KeptList,
  eventNumber: string,
  body: ScanBody,
): Promise<Checked> {
  if ("code" in body && !normalShortCode(body.code)) {
    const checked = await checkCode(body.code, eventNumber, kept.publicKey);
    if (checked.status !== "ok")
      return refused(checked.status === "invalid" ? M.invalid : M.notThisEvent);
    const { userId, ticketId } = checked.parts;
    if (kept.cancelled.includes(ticketId)) return refused(M.cancelled);
    const person = kept.people.find((p) => p.memberId === userId);
    return { person, scan: { code: body.code.trim(), memberId: userId } };
  }
  if ("memberId" in body) {
    const person = kept.people.find((p) => p.memberId === body.memberId);
    if (!person) return refused(M.notThisEvent);
    return { person, scan: { memberId: person.memberId } };
  }
  const shortCode = normalShortCode("code" in body ? body.code : body.shortCode);
  if (!shortCode) return refused(M.invalid);
  const person = kept.people.find((p) => p.shortCode === shortCode);
  if (!person) return refused(M.notOnDevice);
  return { person, scan: { shortCode, memberId: person.memberId } };
}
