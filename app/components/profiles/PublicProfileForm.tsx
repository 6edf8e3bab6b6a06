import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { TextField } from "#app/components/Field";
import * as r from "#app/components/saves/Reminders.css";
import { button } from "#app/styles/recipes.css";
import * as s from "./Profiles.css";
import { useFormConstraint, useFormValidation } from "#app/utils/lazy-validation";

/**
 * The public profile setting of the profile page (SPEC-4 §5): a handle and the switch, its own
 * form (intent `public-profile`) so the rest of the profile need not be complete to use it.
 */
export function PublicProfileForm({
  handle,
  isPublic,
  lastResult,
  busy,
}: {
  handle: string | null;
  isPublic: boolean;
  lastResult?: SubmissionResult<string[]>;
  busy: boolean;
}) {
  const [form, fields] = useForm({
    id: "public-profile-form",
    lastResult,
    constraint: useFormConstraint("publicProfile"),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: useFormValidation("publicProfile", {}),
    defaultValue: { handle: handle ?? "", publicProfile: isPublic },
  });
  const { key, ...toggle } = getInputProps(fields.publicProfile, { type: "checkbox" });
  return (
    <section id="public-profile" className={s.setting} aria-labelledby="public-profile-title">
      <h2 id="public-profile-title" className={s.settingTitle}>
        Public profile
      </h2>
      <p className={r.hint}>
        A page that shows the events you took part in, the rounds you advanced from, your wins and
        your certificates, to share on your CV or LinkedIn. Never your e-mail or phone number.
      </p>
      <Form method="post" {...getFormProps(form)} noValidate preventScrollReset>
        <input type="hidden" name="intent" value="public-profile" />
        <TextField meta={fields.handle} label="Handle" autoComplete="off" />
        <p className={r.hint}>
          3 to 30 lower-case letters, digits and hyphens, like asha-verma: your page's address ends
          in /u/asha-verma.
        </p>
        <label className={r.switchRow} htmlFor={fields.publicProfile.id}>
          <input key={key} {...toggle} className={r.checkbox} />
          <span className={r.switchText}>
            <strong>Show my public profile</strong>
            <span className={r.hint}>Off: nobody can open the page.</span>
          </span>
        </label>
        <div className={s.settingActions}>
          {isPublic && handle ? (
            <Link to={`/u/${handle}`} className={button({ tone: "ghost", size: "sm" })}>
              View public profile
            </Link>
          ) : null}
          <button type="submit" className={button({ tone: "secondary" })} disabled={busy}>
            Save public profile
          </button>
        </div>
      </Form>
    </section>
  );
}
