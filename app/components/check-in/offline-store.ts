import { type DBSchema, openDB } from "idb";
import type { OfflineCheckIn } from "#server/contracts/check-in";

/**
 * A check-in taken with no network, waiting to be synced: a QR's `code`, a typed `shortCode`, or
 * (neither) the person picked from the list, `memberId`. Its nonce makes the sync exactly once.
 */
export interface QueuedScan {
  nonce: string;
  eventNumber: string;
  code?: string;
  shortCode?: string;
  scannedAt: string;
  memberId: string;
  /** The first name of whoever took it, shown until it syncs. */
  by?: string;
}

/** An event's list as the device keeps it, with the event's name for the page offline. */
export type KeptList = OfflineCheckIn & { eventNumber: string; eventName?: string };

interface CheckInDb extends DBSchema {
  lists: { key: string; value: KeptList };
  scans: { key: string; value: QueuedScan; indexes: { byEvent: string } };
}

/** The check-in page's store on the device (IndexedDB through idb): each event's list, the queue. */
function db() {
  return openDB<CheckInDb>("utsav-check-in", 1, {
    upgrade(d) {
      d.createObjectStore("lists", { keyPath: "eventNumber" });
      d.createObjectStore("scans", { keyPath: "nonce" }).createIndex("byEvent", "eventNumber");
    },
  });
}

export async function saveList(eventNumber: string, list: OfflineCheckIn, eventName?: string) {
  const known = eventName ?? (await readList(eventNumber))?.eventName;
  await (await db()).put("lists", { ...list, eventNumber, eventName: known });
}

export async function readList(eventNumber: string) {
  return (await db()).get("lists", eventNumber);
}

/**
 * The list as it stands on this device: the server's last word, with the check-ins queued here
 * since (a list fetched before they synced does not have them yet).
 */
export async function keptList(eventNumber: string): Promise<KeptList | undefined> {
  const list = await readList(eventNumber);
  if (!list) return undefined;
  for (const scan of await queuedScans(eventNumber)) {
    const person = list.people.find((p) => p.memberId === scan.memberId);
    if (person && !person.checkedInAt)
      Object.assign(person, { checkedInAt: scan.scannedAt, by: scan.by ?? null });
  }
  return list;
}

export async function queueScan(scan: QueuedScan) {
  await (await db()).put("scans", scan);
}

export async function queuedScans(eventNumber: string): Promise<QueuedScan[]> {
  return (await db()).getAllFromIndex("scans", "byEvent", eventNumber);
}

export async function dropScans(nonces: string[]) {
  const tx = (await db()).transaction("scans", "readwrite");
  await Promise.all([...nonces.map((n) => tx.store.delete(n)), tx.done]);
}

/**
 * At logout (called by the service worker, SPEC-3 §6): the people lists kept for offline checking
 * go; queued scans stay, so no check-in taken at the gate is lost before it is synced.
 */
export async function forgetLists() {
  await (await db()).clear("lists");
}
