import type { DeleteQueryBuilder, Kysely, Transaction } from "kysely";
import type { Database } from "#server/db/schema";

/**
 * What SPEC-2 §4 reads of registrations (the registration helper's tables), in one place.
 * PLACEHOLDER until the registration data model lands on main.
 */
type Reader = Kysely<Database> | Transaction<Database>;

export interface RegisteredPerson {
  registrationId: string;
  userId: string;
  email: string;
  firstName: string;
}

/** A registration (a team once) as results and winners name it. */
export interface EntrantRow {
  _id: string;
  teamName: string | null;
  firstName: string;
  lastName: string | null;
  collegeName: string | null;
}

export async function peopleOf(
  _db: Reader,
  _eventId: number,
  _registrationIds?: string[],
): Promise<RegisteredPerson[]> {
  return [];
}

export async function countRegistrations(_db: Reader, _eventId: number): Promise<number> {
  return 0;
}

export function withoutRegistrations<Q extends DeleteQueryBuilder<Database, "events", any>>(
  query: Q,
): Q {
  return query;
}

export async function entrantsOf(_db: Reader, _eventId: number): Promise<EntrantRow[]> {
  return [];
}

/** One per registration (a team once, at its creation), for the insights' daily series. */
export interface RegistrationMoment {
  at: string;
  team: boolean;
  complete: boolean;
}

export async function registrationMoments(
  _db: Reader,
  _eventId: number,
): Promise<RegistrationMoment[]> {
  return [];
}

/** Saves of the event (the saved-events helper's table), one instant each. */
export async function saveMoments(_db: Reader, _eventId: number): Promise<string[]> {
  return [];
}

export async function registrationCounts(
  _db: Reader,
  _eventId: number,
): Promise<import("#server/contracts/organiser").RegistrationCounts> {
  return {
    registrations: 0,
    individuals: 0,
    teams: 0,
    completeTeams: 0,
    incompleteTeams: 0,
    people: 0,
  };
}

export async function registrantPage(
  _db: Reader,
  _eventId: number,
  _options: { q: string; offset: number; limit: number },
): Promise<{ items: import("#server/contracts/organiser").RegistrantItem[]; total: number }> {
  return { items: [], total: 0 };
}

export async function* registrantBatches(
  _db: Reader,
  _eventId: number,
  _q: string,
  _size: number,
): AsyncGenerator<import("#server/contracts/organiser").RegistrantItem[]> {}
