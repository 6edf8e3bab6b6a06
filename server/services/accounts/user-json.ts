import type { UserRow } from "#server/db/schema";
import { fileUrl } from "#server/services/uploads/uploads";

/** The user object of the API (SPEC §3): never the password hash, tokens or Google subject. */
export function toUserJson(user: UserRow) {
  return {
    _id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    gender: user.gender,
    course: user.course,
    courseSpecialisation: user.courseSpecialisation,
    collegeName: user.collegeName,
    location: user.location,
    profileImg:
      user.profileImg && /^https?:\/\//.test(user.profileImg)
        ? user.profileImg
        : fileUrl(user.profileImg),
    emailVerified: !!user.emailVerifiedAt,
    /** Reminder mails on (SPEC-2 §3); on unless the person turned them off. */
    emailReminders: Number(user.emailReminders ?? 1) !== 0,
    /** The followers' digest (SPEC-4 §4); on unless the person turned it off. */
    emailFollowing: Number(user.emailFollowing ?? 1) !== 0,
    /** The person's handle (SPEC-4 §5), null until chosen. */
    handle: user.handle ?? null,
    /** Whether /u/{handle} shows their record (off by default). */
    publicProfile: Number(user.publicProfile ?? 0) === 1,
  };
}
export type UserJson = ReturnType<typeof toUserJson>;
