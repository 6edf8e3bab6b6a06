import {
  CHECK_IN_MESSAGES as M,
  type CheckInPerson,
  normalShortCode,
  type OfflinePerson,
} from "#server/contracts/check-in-codes";
import { keptList } from "./offline-store";

const LIST_LIMIT = 50;

/** The kept people whose name or short code match `q`, the first 50, as the server would. */
export function searchKept(people: OfflinePerson[], q: string): CheckInPerson[] {
  const text = q.trim().toLowerCase();
  const shortCode = normalShortCode(text);
  const found = text
    ? people.filter(
        (p) =>
          `${p.firstName} ${p.lastName}`.toLowerCase().includes(text) ||
          (shortCode !== null && p.shortCode === shortCode),
      )
    : people;
  return found.slice(0, LIST_LIMIT).map(({ shortCode: _, ...person }) => person);
}

/**
 * The check-in page with no network (issue 45): its counts and search answered from the list
 * this device keeps, with the check-ins queued on it; empty, and saying so, when it keeps none.
 */
export async function keptPage(eventNumber: string, q: string) {
  const list = await keptList(eventNumber).catch(() => undefined);
  const people = list?.people ?? [];
  return {
    total: people.length,
    checkedIn: people.filter((p) => p.checkedInAt).length,
    people: searchKept(people, q),
    q,
    eventName: list?.eventName ?? "",
    nonce: crypto.randomUUID(),
    canUndo: false,
    offline: (list ? M.offlineSearch : M.noList) as string,
  };
}
