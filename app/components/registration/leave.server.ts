import type { AppLoadContext } from "@remix-run/node";
import type { RegistrationState } from "#server/contracts/registration";
import { callApi } from "#app/utils/api.server";
import { askToConfirm, isConfirmed } from "#app/utils/confirm.server";
import { getUser } from "#app/utils/guards.server";
import { onUnauthorized } from "./loaders.server";

/**
 * 'Leave team' and 'Cancel registration' ask first (issue 31): the confirmation step says what
 * leaving does (who leads next, a team that ends). Null once confirmed, or with nothing to leave.
 */
export async function confirmLeaving(
  request: Request,
  context: AppLoadContext,
  eventNumber: string,
  form: FormData,
  cancelTo: string,
) {
  if (isConfirmed(form)) return null;
  const n = encodeURIComponent(eventNumber);
  const [state, user] = await Promise.all([
    callApi<RegistrationState>(request, context, `/event/${n}/registration`),
    getUser(request, context),
  ]);
  onUnauthorized(request, state.status);
  const mine = state.ok ? state.data.mine : null;
  if (!mine || !user) return null;
  const team = mine.team;
  if (!team)
    return askToConfirm(form, {
      title: "Cancel your registration?",
      lines: [
        "Your place is given up. You can register again while registration is open, if there is room.",
      ],
      confirmLabel: "Cancel registration",
      tone: "danger",
      cancelTo,
    });
  const others = team.members.filter((m) => m._id !== user._id);
  const next = others[0];
  return askToConfirm(form, {
    title: `Leave ${team.name}?`,
    lines: [
      others.length === 0
        ? "You are its last member: the team ends and its place is given up."
        : team.leaderId === user._id && next
          ? `${next.firstName} leads the team after you. You can join again with an invite from the team while it has room.`
          : "The team goes on without you. You can join again with an invite from the team while it has room.",
    ],
    confirmLabel: "Leave team",
    tone: "danger",
    cancelTo,
  });
}
