import { useCallback, useEffect, useRef, useState } from "react";
import {
  CHECK_IN_MESSAGES as M,
  type ScanResult,
  scanMessage,
} from "#server/contracts/check-in-codes";
import type { ScanBody } from "./CheckInList";
import { offlineCheck } from "./offline-check";
import {
  dropScans,
  type KeptList,
  keptList,
  type QueuedScan,
  queuedScans,
  queueScan,
  saveList,
} from "./offline-store";
import type { Shown } from "./ScanBanner";
import { toneOf } from "./ScanBanner";

const api = (eventNumber: string, path = "") => `/api/v1/event/${eventNumber}/check-in${path}`;
const newNonce = () => crypto.randomUUID();

async function postJson(url: string, body: unknown) {
  return fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
}

/** A queued check-in as the sync takes it: what was scanned, typed or picked. */
function syncScan({ code, shortCode, memberId, scannedAt, nonce }: QueuedScan) {
  if (code) return { code, scannedAt, nonce };
  return shortCode ? { shortCode, scannedAt, nonce } : { memberId, scannedAt, nonce };
}

/**
 * The check-in page with JavaScript: online, scans go to the API; with no network (or the API
 * out of reach) a QR's code is checked with the event's public key kept on the device, a typed
 * short code and a list's 'Check in' with the people it keeps; the check-in is queued in
 * IndexedDB and synced when the network returns (each with its nonce: exactly once), where the
 * earliest scan wins.
 */
export function useGate(
  eventNumber: string,
  me: string,
  eventName: string,
  refreshPage: () => void,
) {
  const [shown, setShown] = useState<Shown | null>(null);
  const [waiting, setWaiting] = useState(0);
  const list = useRef<KeptList | null>(null);
  // The page's list and counts again (this route's data alone: it works offline too).
  const refresh = useRef(refreshPage);
  refresh.current = refreshPage;
  const revalidate = useCallback(() => refresh.current(), []);

  const refreshList = useCallback(async () => {
    try {
      const res = await fetch(api(eventNumber, "/offline"));
      if (!res.ok) throw new Error(String(res.status));
      await saveList(eventNumber, await res.json(), eventName || undefined);
    } catch {
      // Offline: the list kept from before, if any.
    }
    list.current = (await keptList(eventNumber)) ?? null;
  }, [eventNumber, eventName]);

  const sync = useCallback(async () => {
    const scans = await queuedScans(eventNumber);
    setWaiting(scans.length);
    if (!scans.length) return;
    const batch = scans.slice(0, 500);
    let res: Response;
    try {
      res = await postJson(api(eventNumber, "/sync"), { scans: batch.map(syncScan) });
    } catch {
      return; // still offline
    }
    if (!res.ok) return;
    const { results } = (await res.json()) as { results: ScanResult[] };
    await dropScans(batch.map((s) => s.nonce));
    setWaiting((await queuedScans(eventNumber)).length);
    const duplicates = results.filter((r) => r.status !== "checked-in");
    if (duplicates.length)
      setShown({ tone: "warn", message: duplicates.map((r) => scanMessage(r)).join(" · ") });
    await refreshList();
    revalidate();
  }, [eventNumber, refreshList, revalidate]);

  useEffect(() => {
    void refreshList().then(sync);
    const onOnline = () => void sync();
    window.addEventListener("online", onOnline);
    return () => window.removeEventListener("online", onOnline);
  }, [refreshList, sync]);

  /** The device's own check: what the server would answer, from the list it keeps; then queued. */
  const offlineScan = useCallback(
    async (body: ScanBody): Promise<Shown> => {
      const kept = list.current ?? (await keptList(eventNumber)) ?? null;
      if (!kept) return { tone: "bad", message: M.noList };
      list.current = kept;
      const checked = await offlineCheck(kept, eventNumber, body);
      if ("refused" in checked) return checked.refused;
      const { person, scan } = checked;
      if (person?.checkedInAt)
        return { tone: "warn", message: M.already(person.checkedInAt, person.by ?? "") };
      const scannedAt = new Date().toISOString();
      await queueScan({ ...scan, nonce: newNonce(), eventNumber, scannedAt, by: me });
      if (person) Object.assign(person, { checkedInAt: scannedAt, by: me });
      setWaiting((await queuedScans(eventNumber)).length);
      revalidate(); // the list and the count, from the device's list while offline
      const name = person ? `${person.firstName} ${person.lastName}` : "";
      return { tone: "good", message: M.checkedIn(name) };
    },
    [eventNumber, me, revalidate],
  );

  /** A scanned or typed code, a short code or a person from the list: online first. */
  const submit = useCallback(
    async (body: ScanBody) => {
      let next: Shown;
      try {
        const res = await postJson(api(eventNumber), { ...body, nonce: newNonce() });
        const json = await res.json();
        const p = json.person;
        // Kept on the device too, so a scan of the same ticket offline says 'Already checked in'.
        const kept = p && list.current?.people.find((x) => x.memberId === p.memberId);
        if (kept) Object.assign(kept, { checkedInAt: p.checkedInAt, by: p.by });
        if (kept && list.current) await saveList(eventNumber, list.current);
        const message = res.ok
          ? M.checkedIn(p ? `${p.firstName} ${p.lastName}` : "")
          : json.message;
        next = { tone: toneOf(res.status, message), message };
        revalidate();
        void sync(); // the network is back: anything queued goes now
      } catch {
        next = await offlineScan(body);
      }
      setShown(next);
    },
    [eventNumber, offlineScan, revalidate, sync],
  );

  return { shown, close: () => setShown(null), waiting, submit };
}
