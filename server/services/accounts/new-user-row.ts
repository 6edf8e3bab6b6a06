import type { NewUser } from "#server/db/schema";

/**
 * A users row with nothing but a name and an address: no password, not verified, an empty
 * profile. What signup writes; seeds, benchmarks and tests start from it and fill in the rest.
 */
export function newUserRow(
  now: string,
  fields: Pick<NewUser, "id" | "email" | "firstName"> & Partial<NewUser>,
): NewUser {
  return {
    passwordHash: null,
    emailVerifiedAt: null,
    lastName: null,
    gender: null,
    course: null,
    courseSpecialisation: null,
    collegeName: null,
    location: null,
    profileImg: null,
    googleSub: null,
    createdAt: now,
    updatedAt: now,
    ...fields,
  };
}
