import { type DBSchema, openDB } from "idb";
import type { OfflineCheckIn } from "#server/contracts/check-in";

/** A scan taken with no network, waiting to be synced. */
export interface QueuedScan {
  nonce: string;
  eventNumber: string;
  code: string;
  scannedAt: string;
  memberId: string;
}

interface CheckInDb extends DBSchema {
  lists: { key: string; value: OfflineCheckIn & { eventNumber: string } };
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

export async function saveList(eventNumber: string, list: OfflineCheckIn) {
  await (await db()).put("lists", { ...list, eventNumber });
}

export async function readList(eventNumber: string) {
  return (await db()).get("lists", eventNumber);
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
