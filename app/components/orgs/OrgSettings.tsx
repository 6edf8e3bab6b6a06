import {
  getFormProps,
  getInputProps,
  getSelectProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { Form } from "@remix-run/react";
import type { OrgInvite, Organisation } from "#server/contracts/orgs";
import { Field, FormRefusal } from "#app/components/Field";
import { IntentButton } from "#app/components/IntentButton";
import { button, hint, input } from "#app/styles/recipes.css";
import { formatDateTimeIST } from "#app/utils/dates";
import { useFormConstraint, useFormValidation } from "#app/utils/lazy-validation";
import { fullName } from "#app/utils/user";
import * as s from "./OrgSettings.css";

type Result = SubmissionResult<string[]> | undefined;

/** An e-mail form of the settings page: invite an admin, or verify the college. */
function EmailForm({
  id,
  intent,
  schema,
  label,
  submit,
  lastResult,
  busy,
}: {
  id: string;
  intent: string;
  schema: "orgInvite" | "orgVerify";
  label: string;
  submit: string;
  lastResult: Result;
  busy: boolean;
}) {
  const [form, fields] = useForm({
    id,
    lastResult,
    constraint: useFormConstraint(schema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: useFormValidation(schema, {}),
  });
  return (
    <Form method="post" {...getFormProps(form)} noValidate>
      <input type="hidden" name="intent" value={intent} />
      <FormRefusal errors={form.errors} id={form.errorId} />
      <div className={s.inline}>
        <div className={s.grow}>
          <Field label={label} meta={fields.email}>
            <input
              {...getInputProps(fields.email, { type: "email" })}
              autoComplete="off"
              className={input()}
            />
          </Field>
        </div>
        <div>
          <button type="submit" className={button()} disabled={busy}>
            {submit}
          </button>
        </div>
      </div>
    </Form>
  );
}

/** The owner and admins, 'Remove' (or 'Leave' for oneself), and the invite form. */
export function AdminsPanel({
  org,
  invites,
  viewerId,
  lastResult,
  busy,
}: {
  org: Organisation;
  invites: OrgInvite[];
  viewerId: string | null;
  lastResult: Result;
  busy: boolean;
}) {
  return (
    <section className={s.panel} aria-labelledby="org-admins" id="admins">
      <h2 id="org-admins" className={s.panelTitle}>
        Admins
      </h2>
      <ul className={s.list} data-testid="org-admins">
        <li className={s.row}>
          <span className={s.who}>{fullName(org.owner)}</span>
          <span className={s.role}>Owner</span>
        </li>
        {org.admins.map((a) => (
          <li key={a.userId} className={s.row} data-testid="org-admin">
            <span className={s.who}>{fullName(a)}</span>
            <IntentButton
              intent="remove-admin"
              fields={{
                userId: a.userId,
                name: fullName(a),
                ...(a.userId === viewerId ? { self: "1" } : {}),
              }}
              label={a.userId === viewerId ? "Leave" : "Remove"}
              tone="danger"
              busy={busy}
            />
          </li>
        ))}
      </ul>
      <p className={hint}>
        Admins edit this page and run every event of the organisation. An invitation is mailed and
        accepted with the invited address.
      </p>
      <EmailForm
        id="org-invite"
        intent="invite"
        schema="orgInvite"
        label="Invite an admin by e-mail"
        submit="Send invitation"
        lastResult={lastResult}
        busy={busy}
      />
      {invites.length ? (
        <>
          <h3 className={s.subTitle}>Pending invitations</h3>
          <ul className={s.list} data-testid="org-invites">
            {invites.map((i) => (
              <li key={i._id} className={s.row}>
                <span className={s.who}>{i.email}</span>
                <span className={hint}>until {formatDateTimeIST(i.expiresAt)}</span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

/** 'Verified · {domain}', or the form mailing a link to a college address. */
export function VerifyPanel({
  org,
  lastResult,
  busy,
}: {
  org: Organisation;
  lastResult: Result;
  busy: boolean;
}) {
  return (
    <section className={s.panel} aria-labelledby="org-verify" id="verify">
      <h2 id="org-verify" className={s.panelTitle}>
        Verification
      </h2>
      {org.verifiedDomain ? (
        <span className={s.verified} data-testid="verified">
          Verified · {org.verifiedDomain}
        </span>
      ) : null}
      <p className={hint}>
        Give your e-mail address at the college (ending in .ac.in, .edu, .edu.in or .res.in). We
        mail it a link; open it within 24 hours, signed in as yourself, and the page shows the
        college's domain as verified.
      </p>
      <EmailForm
        id="org-verify-form"
        intent="verify"
        schema="orgVerify"
        label="College e-mail address"
        submit="Send the link"
        lastResult={lastResult}
        busy={busy}
      />
    </section>
  );
}

/** The owner hands the organisation to one of its admins (asked to confirm first). */
export function HandOverPanel({ org, busy }: { org: Organisation; busy: boolean }) {
  const [form, fields] = useForm({ id: "hand-over" });
  const { key, ...select } = getSelectProps(fields.userId);
  return (
    <section className={s.panel} aria-labelledby="org-owner" id="owner">
      <h2 id="org-owner" className={s.panelTitle}>
        Hand over
      </h2>
      {org.admins.length === 0 ? (
        <p className={hint}>Invite an admin first: only an admin can become the owner.</p>
      ) : (
        <Form method="post" {...getFormProps(form)}>
          <input type="hidden" name="intent" value="hand-over" />
          <p className={hint}>The new owner can do everything you can, handing over included.</p>
          <div className={s.inline}>
            <div className={s.grow}>
              <Field label="New owner" meta={fields.userId}>
                <select key={key} {...select} required className={input()}>
                  {org.admins.map((a) => (
                    <option key={a.userId} value={a.userId}>
                      {fullName(a)}
                    </option>
                  ))}
                </select>
              </Field>
            </div>
            <div>
              <button type="submit" className={button({ tone: "danger" })} disabled={busy}>
                Hand over
              </button>
            </div>
          </div>
        </Form>
      )}
    </section>
  );
}
