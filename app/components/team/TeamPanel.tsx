import {
  getFormProps,
  getInputProps,
  getSelectProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { Form } from "@remix-run/react";
import type { TeamInvite, TeamMember } from "#server/contracts/team";
import { ROLE_LABELS, TEAM_ROLES } from "#server/contracts/team-roles";
import { Field, FormRefusal } from "#app/components/Field";
import { formatDateTimeIST } from "#app/utils/dates";
import * as o from "#app/components/organiser/Organiser.css";
import { button, input } from "#app/styles/recipes.css";
import * as s from "./Team.css";
import { OrganiserSection } from "#app/components/organiser/OrganiserSection";
import { IntentButton } from "#app/components/IntentButton";
import { useFormConstraint, useFormValidation } from "#app/utils/lazy-validation";

function RoleOptions() {
  return TEAM_ROLES.map((r) => (
    <option key={r} value={r}>
      {ROLE_LABELS[r]}
    </option>
  ));
}

/** One member: name, address, role; for the owner and admins, change role and remove. */
function MemberRow({ m, busy, manage }: { m: TeamMember; busy: boolean; manage: boolean }) {
  const sm = button({ tone: "secondary", size: "sm" });
  return (
    <li className={s.row} data-testid="team-member">
      <span className={s.who}>
        {m.firstName} {m.lastName} <span className={o.muted}>{m.email}</span>
      </span>
      {m.role === "owner" || !manage ? (
        <span className={s.role}>{ROLE_LABELS[m.role]}</span>
      ) : (
        <span className={s.controls}>
          <Form method="post" className={s.controls}>
            <input type="hidden" name="intent" value="change-role" />
            <input type="hidden" name="memberId" value={m.userId} />
            <select
              name="role"
              defaultValue={m.role}
              aria-label={`Role of ${m.firstName}`}
              className={`${input()} ${s.select}`}
            >
              <RoleOptions />
            </select>
            <button type="submit" className={sm} disabled={busy}>
              Change role
            </button>
          </Form>
          <IntentButton
            intent="remove-member"
            fields={{ memberId: m.userId, name: `${m.firstName} ${m.lastName}`.trim() }}
            label="Remove"
            tone="danger"
            busy={busy}
          />
        </span>
      )}
    </li>
  );
}

/** SPEC-3 §1's 'Team': members with roles, the invite form, pending invitations with Cancel. */
export function TeamPanel({
  members,
  invites,
  lastResult,
  busy,
}: {
  members: TeamMember[];
  invites: TeamInvite[];
  lastResult?: SubmissionResult<string[]> | null;
  busy: boolean;
}) {
  const [form, fields] = useForm({
    id: "invite",
    lastResult,
    constraint: useFormConstraint("teamInvite"),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: useFormValidation("teamInvite", {}),
  });
  return (
    <OrganiserSection id="team" title="Team">
      <ul className={s.list}>
        {members.map((m) => (
          <MemberRow key={m.userId} m={m} busy={busy} manage />
        ))}
      </ul>
      <h3>Invite someone</h3>
      <p className={o.muted}>
        Admins can do everything but delete the event; judges score what they are given; volunteers
        check people in. The invitation is mailed and lasts 7 days.
      </p>
      <Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="invite" />
        <FormRefusal errors={form.errors} />
        <Field label="E-mail address" meta={fields.email}>
          <input
            {...getInputProps(fields.email, { type: "email" })}
            autoComplete="off"
            className={input()}
          />
        </Field>
        <Field label="Role" meta={fields.role}>
          <select {...getSelectProps(fields.role)} className={input()}>
            <option value="">Choose a role</option>
            <RoleOptions />
          </select>
        </Field>
        <button type="submit" className={button()} disabled={busy}>
          Send invitation
        </button>
      </Form>
      <h3>Pending invitations</h3>
      {invites.length === 0 ? (
        <p className={o.muted}>No pending invitations.</p>
      ) : (
        <ul className={s.list}>
          {invites.map((i) => (
            <li key={i._id} className={s.row} data-testid="team-invite">
              <span className={s.who}>
                {i.email} · {ROLE_LABELS[i.role]}{" "}
                <span className={s.time}>until {formatDateTimeIST(i.expiresAt)}</span>
              </span>
              <IntentButton
                intent="cancel-invite"
                fields={{ inviteId: i._id, email: i.email }}
                label="Cancel"
                tone="secondary"
                busy={busy}
              />
            </li>
          ))}
        </ul>
      )}
    </OrganiserSection>
  );
}
