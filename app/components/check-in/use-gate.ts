import { useRevalidator } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import {
  CHECK_IN_MESSAGES as M,
  type OfflineCheckIn,
  type ScanResult,
  scanMessage,
} from "#server/contracts/check-in";
import { dropScans, queuedScans, queueScan, readList, saveList } from "./offline-store";
import type { Shown } from "./ScanBanner";
import { toneOf } from "./ScanBanner";
import { checkCode } from "./verify";

const api = (eventNumber: string, path = "") => `/api/v1/event/${eventNumber}/check-in${path}`;
const newNonce = () => crypto.randomUUID();

async function postJson(url: string, body: unknown) {
  return fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
}

/**
 * The check-in page with JavaScript: online, scans go to the API; with no network (or the API
 * out of reach) the code is checked with the event's public key kept on the device, the scan is
 * queued in IndexedDB and synced when the network returns, where the earliest scan wins.
 */
export function useGate(eventNumber: string, me: string) {
  const [shown, setShown] = useState<Shown | null>(null);
  const [waiting, setWaiting] = useState(0);
  const list = useRef<OfflineCheckIn | null>(null);
  const { revalidate } = useRevalidator();

  const refreshList = useCallback(async () => {
    try {
      const res = await fetch(api(eventNumber, "/offline"));
      if (!res.ok) throw new Error(String(res.status));
      list.current = await res.json();
      await saveList(eventNumber, list.current!);
    } catch {
      list.current ??= (await readList(eventNumber)) ?? null;
    }
  }, [eventNumber]);

  const sync = useCallback(async () => {
    const scans = await queuedScans(eventNumber);
    setWaiting(scans.length);
    if (!scans.length) return;
    const batch = scans.slice(0, 500);
    let res: Response;
    try {
      res = await postJson(api(eventNumber, "/sync"), {
        scans: batch.map(({ code, scannedAt, nonce }) => ({ code, scannedAt, nonce })),
      });
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

  /** The device's own check: what the server would answer, from the list it keeps. */
  const offlineScan = useCallback(
    async (code: string): Promise<Shown> => {
      const kept = list.current;
      if (!kept) return { tone: "bad", message: M.invalid };
      const checked = await checkCode(code, eventNumber, kept.publicKey);
      if (checked.status !== "ok")
        return { tone: "bad", message: checked.status === "invalid" ? M.invalid : M.notThisEvent };
      const { userId, ticketId } = checked.parts;
      if (kept.cancelled.includes(ticketId)) return { tone: "bad", message: M.cancelled };
      const person = kept.people.find((p) => p.memberId === userId);
      if (person?.checkedInAt)
        return { tone: "warn", message: M.already(person.checkedInAt, person.by ?? "") };
      const scannedAt = new Date().toISOString();
      await queueScan({ nonce: newNonce(), eventNumber, code, scannedAt, memberId: userId });
      if (person) Object.assign(person, { checkedInAt: scannedAt, by: me });
      setWaiting((await queuedScans(eventNumber)).length);
      const name = person ? `${person.firstName} ${person.lastName}` : "";
      return { tone: "good", message: M.checkedIn(name) };
    },
    [eventNumber, me],
  );

  /** A scanned or typed code (or a short code), online first. */
  const submit = useCallback(
    async (body: { code?: string; shortCode?: string; memberId?: string }) => {
      let next: Shown;
      try {
        const res = await postJson(api(eventNumber), { ...body, nonce: newNonce() });
        const json = await res.json();
        const p = json.person;
        // Kept on the device too, so a scan of the same ticket offline says 'Already checked in'.
        const kept = p && list.current?.people.find((x) => x.memberId === p.memberId);
        if (kept) Object.assign(kept, { checkedInAt: p.checkedInAt, by: p.by });
        const message = res.ok
          ? M.checkedIn(p ? `${p.firstName} ${p.lastName}` : "")
          : json.message;
        next = { tone: toneOf(res.status, message), message };
        revalidate();
      } catch {
        next = body.code
          ? await offlineScan(body.code)
          : { tone: "bad", message: "No network: scan the QR code instead" };
      }
      setShown(next);
    },
    [eventNumber, offlineScan, revalidate],
  );

  return { shown, close: () => setShown(null), waiting, submit };
}
