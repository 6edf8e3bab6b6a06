/** The user object of GET /user/profile (SPEC §3). */
export interface User {
  _id: string;
  firstName: string;
  lastName?: string | null;
  email: string;
  gender?: "male" | "female" | null;
  course?: string | null;
  courseSpecialisation?: string | null;
  collegeName?: string | null;
  location?: string | null;
  profileImg?: string | null;
  /** Reminder mails on (SPEC-2 §3). */
  emailReminders?: boolean;
  /** Mails from organisations followed (SPEC-4 §4). */
  emailFollowing?: boolean;
  /** The person's handle (SPEC-4 §5), null until chosen. */
  handle?: string | null;
  /** Whether /u/{handle} shows their record. */
  publicProfile?: boolean;
}

export function fullName(user: Pick<User, "firstName" | "lastName"> | null | undefined): string {
  if (!user) return "Guest User";
  return [user.firstName, user.lastName].filter(Boolean).join(" ");
}
