/**
 * Rounds as the API answers them (SPEC-3 §2): every stored round read with its `_id`, `kind`
 * ("offline" unless said), and a submission round's `requireFile` / `requireLink`.
 */
import { randomBytes } from "node:crypto";
import { ROUND_KINDS, type Round, type RoundKind } from "#server/contracts/event-shape";
import type { EventRow } from "#server/db/schema";

/** A new round's id: 72 random bits, base64url (12 characters). */
export function newRoundId(): string {
  return randomBytes(9).toString("base64url");
}

function kindOf(v: unknown): RoundKind {
  return (ROUND_KINDS as readonly unknown[]).includes(v) ? (v as RoundKind) : "offline";
}

/** One stored round as the API's `Round`: what a round made before part 3 lacks takes its default. */
export function normaliseRound(r: Partial<Record<keyof Round, unknown>>): Round {
  const kind = kindOf(r.kind);
  return {
    _id: typeof r._id === "string" ? r._id : "",
    title: String(r.title ?? ""),
    description: String(r.description ?? ""),
    startDate: String(r.startDate ?? ""),
    endDate: String(r.endDate ?? ""),
    isEliminatorRound: r.isEliminatorRound === "true" ? "true" : "false",
    kind,
    requireFile: kind === "submission" && r.requireFile === true,
    requireLink: kind === "submission" && r.requireLink === true,
  };
}

/** The event's rounds, in order (an unreadable list reads as none). */
export function roundsOf(event: Pick<EventRow, "rounds">): Round[] {
  try {
    const v = JSON.parse(event.rounds ?? "[]");
    return Array.isArray(v) ? v.filter((r) => r && typeof r === "object").map(normaliseRound) : [];
  } catch {
    return [];
  }
}

/**
 * The rounds of a save with their ids (SPEC-3 §2): a round sent back with the id of a saved round
 * keeps it; one without (or with an unknown or repeated id) is new and gets one.
 */
export function withRoundIds<R extends { _id?: string }>(
  saved: Round[],
  sent: R[],
): (Omit<R, "_id"> & { _id: string })[] {
  const known = new Set(saved.map((r) => r._id).filter(Boolean));
  const used = new Set<string>();
  return sent.map((r) => {
    const _id = r._id && known.has(r._id) && !used.has(r._id) ? r._id : newRoundId();
    used.add(_id);
    return { ...r, _id };
  });
}
