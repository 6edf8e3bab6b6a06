import type { ReactNode } from "react";
import type { ClosedReason } from "#server/contracts/registration";
import { REGISTRATION_MESSAGES as M } from "#server/contracts/registration-fields";
import * as s from "./Registration.css";

const WHY: Record<ClosedReason, string> = {
  full: M.full,
  "not-open-yet": M.notOpenYet,
  website: M.website,
  closed: M.closed,
  draft: M.closed,
};

/** In place of a registration form: why the event takes none now (SPEC-2 §1), then `children`. */
export function RegistrationClosed({
  reason,
  children,
}: {
  reason: ClosedReason;
  children?: ReactNode;
}) {
  return (
    <div className={s.card}>
      <p className={s.status({ tone: "bad" })} data-testid="registration-status">
        {WHY[reason]}
      </p>
      {children}
    </div>
  );
}
