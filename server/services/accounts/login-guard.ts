import type { LoginInput } from "#server/contracts/user";
import type { Deps } from "#server/lib/deps";
import { ApiError, tooManyRequests } from "#server/lib/errors";
import { newToken, sha256 } from "#server/lib/crypto";
import { countHit, hitRateLimit, peekHits } from "#server/lib/rate-limit";
import { login } from "./users";

const MINUTE = 60_000;

/**
 * Password guessing is kept costly without letting strangers lock the owner out:
 * - per (account, address) pair: few attempts, whatever their outcome;
 * - per account, from anywhere: a looser bound on FAILED sign-ins. Past it, the password is not
 *   even checked, unless the attempt comes from where the account signed in before (a device
 *   cookie, or an address), so distributed guessing stays bounded and the owner still gets in.
 */
export const LOGIN_LIMITS = {
  perPair: { limit: 10, windowMs: 15 * MINUTE },
  accountFailures: { limit: 50, windowMs: 15 * MINUTE },
} as const;

type GuardDeps = Pick<Deps, "db" | "clock" | "config" | "mail">;

export interface LoginPlace {
  ip: string;
  /** The long-lived device cookie the browser sent, if any. */
  device: string | null;
  /** The session cookie the browser sent, if any (ended on login: no fixation). */
  presentedToken: string | null;
}

const marks = (place: LoginPlace) => [
  `ip:${sha256(place.ip)}`,
  ...(place.device ? [`device:${sha256(place.device)}`] : []),
];

async function isKnownPlace(deps: GuardDeps, email: string, place: LoginPlace): Promise<boolean> {
  const row = await deps.db
    .selectFrom("loginDevices")
    .innerJoin("users", "users.id", "loginDevices.userId")
    .select("loginDevices.userId")
    .where("users.email", "=", email)
    .where("loginDevices.deviceHash", "in", marks(place))
    .executeTakeFirst();
  return !!row;
}

async function rememberPlace(deps: GuardDeps, userId: string, place: LoginPlace): Promise<void> {
  const lastSeenAt = deps.clock.now().toISOString();
  for (const deviceHash of marks(place)) {
    await deps.db
      .insertInto("loginDevices")
      .values({ userId, deviceHash, lastSeenAt })
      .onConflict((oc) => oc.columns(["userId", "deviceHash"]).doUpdateSet({ lastSeenAt }))
      .execute();
  }
}

/**
 * A password login under the limits above. Answers the session token, and a new device token
 * when the browser had none (the caller sets it as a cookie).
 */
export async function guardedLogin(
  deps: GuardDeps,
  input: LoginInput,
  place: LoginPlace,
): Promise<{
  user: Awaited<ReturnType<typeof login>>["user"];
  token: string;
  device: string | null;
}> {
  const limited = deps.config.rateLimit;
  const { perPair, accountFailures } = LOGIN_LIMITS;
  const failuresKey = `loginFailures:${input.email}`;
  if (limited) {
    await hitRateLimit(
      deps,
      `loginPerPair:${input.email}|${place.ip}`,
      perPair.limit,
      perPair.windowMs,
    );
    const failures = await peekHits(deps, failuresKey, accountFailures.windowMs);
    if (failures.count >= accountFailures.limit && !(await isKnownPlace(deps, input.email, place)))
      throw tooManyRequests(failures.retryMs / 1000);
  }
  let result: Awaited<ReturnType<typeof login>>;
  try {
    result = await login(deps, input, place.presentedToken);
  } catch (err) {
    if (limited && err instanceof ApiError && err.status === 401)
      await countHit(deps, failuresKey, accountFailures.windowMs);
    throw err;
  }
  const device = place.device ?? newToken();
  await rememberPlace(deps, result.user.id, { ...place, device });
  return { ...result, device: place.device ? null : device };
}
