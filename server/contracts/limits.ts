/**
 * The longest text each kind of field takes, with one message: a 5,000,000-character event name
 * was once saved and made the home page 15 MB for every visitor. The forms get the same bounds
 * (getZodConstraint turns them into maxlength), so people see them before sending.
 */
export const LIMITS = {
  name: 100,
  title: 100,
  place: 100,
  address: 200,
  date: 40,
  description: 2000,
  about: 50_000,
  url: 2048,
} as const;

export const tooLong = (n: number) => `Maximum ${n.toLocaleString("en-IN")} characters`;

/** `.max(...maxText(n))`: at most n characters, with the one message. */
export const maxText = (n: number) => [n, tooLong(n)] as const;
