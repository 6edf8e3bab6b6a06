import type { EventCardData } from "#server/contracts/event-shape";

/**
 * A card of GET /org/{handle}/events: an event card, and for a past event its winners (names as
 * the event page shows them).
 */
export type OrgEventCard = EventCardData & { winners?: { rank: number; name: string }[] };
