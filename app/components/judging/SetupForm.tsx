import {
  getCollectionProps,
  getFormProps,
  getInputProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { Form } from "@remix-run/react";
import type { Judging, judgingSetupFields, judgingSetupSchema } from "#server/contracts/judging";
import { MAX_CRITERIA } from "#server/contracts/judging-messages";
import type { TeamMember } from "#server/contracts/team";
import { ROLE_LABELS } from "#server/contracts/team-roles";
import type { z } from "#server/contracts/zod";
import { AddRowButton } from "#app/components/AddRowButton";
import { Field } from "#app/components/Field";
import { FormMessage } from "#app/components/FormMessage";
import { button, fieldError, input, label } from "#app/styles/recipes.css";
import * as o from "#app/components/organiser/Organiser.css";
import * as s from "./Judging.css";
import { useFormConstraint, useFormValidation } from "#app/utils/lazy-validation";

/** Who may judge (SPEC-3 §3): the owner, admins and judges of the team. */
export const mayJudge = (m: TeamMember) => m.role !== "volunteer";

type SetupFields = z.input<typeof judgingSetupFields>;

function defaults(judging: Judging | null) {
  if (!judging) return { criteria: [{ name: "", weight: "1" }], judges: [] };
  return {
    criteria: judging.criteria.map((c) => ({ name: c.name, weight: String(c.weight) })),
    judges: judging.judges,
    judgesPerSubmission: String(judging.judgesPerSubmission),
    blind: judging.blind ? "on" : undefined,
    shareFeedback: judging.shareFeedback ? "on" : undefined,
  };
}

/** Criteria with weights, judges, judges per submission, blind and feedback; until judging opens. */
export function SetupForm({
  round,
  judging,
  members,
  lastResult,
  busy,
}: {
  round: number;
  judging: Judging | null;
  members: TeamMember[];
  lastResult?: SubmissionResult<string[]> | null;
  busy: boolean;
}) {
  const [form, fields] = useForm<SetupFields, z.output<typeof judgingSetupSchema>>({
    id: `judging-setup-${round}`,
    lastResult,
    constraint: useFormConstraint("judgingSetupFields"),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: useFormValidation("judgingSetup", {}),
    defaultValue: defaults(judging),
  });
  const criteria = fields.criteria.getFieldList();
  const judges = members.filter(mayJudge);
  const { key: perKey, ...per } = getInputProps(fields.judgesPerSubmission, { type: "number" });
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      aria-label={`Set up judging of round ${round + 1}`}
      className={s.setupForm}
    >
      <input type="hidden" name="intent" value="judging-setup" />
      <input type="hidden" name="round" value={round} />
      <FormMessage type="error" id={form.errorId}>
        {form.errors?.[0]}
      </FormMessage>
      <fieldset className={s.roundBox}>
        <legend className={o.legendTitle}>Criteria</legend>
        <FormMessage type="error">{fields.criteria.errors?.[0]}</FormMessage>
        {criteria.map((row, index) => {
          const f = row.getFieldset();
          const { key: nameKey, ...name } = getInputProps(f.name, { type: "text" });
          const { key: weightKey, ...weight } = getInputProps(f.weight, { type: "number" });
          return (
            <div key={row.key} className={s.criterionRow} data-testid="criterion-row">
              <Field label={`Criterion ${index + 1}`} meta={f.name}>
                <input key={nameKey} {...name} className={input()} />
              </Field>
              <Field label="Weight" meta={f.weight}>
                <input key={weightKey} {...weight} inputMode="numeric" className={input()} />
              </Field>
              <button
                {...form.remove.getButtonProps({ name: fields.criteria.name, index })}
                aria-label={`Remove criterion ${index + 1}`}
                className={button({ tone: "ghost", size: "sm" })}
              >
                Remove
              </button>
            </div>
          );
        })}
        {criteria.length < MAX_CRITERIA ? (
          <AddRowButton form={form} meta={fields.criteria} defaultValue={{ name: "", weight: "1" }}>
            Add criterion
          </AddRowButton>
        ) : null}
      </fieldset>
      <fieldset className={s.roundBox} aria-describedby={fields.judges.errorId}>
        <legend className={o.legendTitle}>Judges</legend>
        <ul className={s.judgeChecks}>
          {getCollectionProps(fields.judges, {
            type: "checkbox",
            options: judges.map((m) => m.userId),
          }).map(({ key, ...props }) => {
            const m = judges.find((j) => j.userId === props.value);
            return (
              <li key={key}>
                <label className={o.check}>
                  <input {...props} />
                  <span>
                    {m?.firstName} {m?.lastName} · {m ? ROLE_LABELS[m.role] : ""}
                  </span>
                </label>
              </li>
            );
          })}
        </ul>
        <p
          id={fields.judges.errorId}
          className={fieldError}
          role={fields.judges.errors ? "alert" : undefined}
        >
          {fields.judges.errors?.[0] ?? ""}
        </p>
        <Field
          label="Judges per submission"
          meta={fields.judgesPerSubmission}
          hint="1 to 5; 2 if left empty, or 1 with one judge."
        >
          <input
            key={perKey}
            {...per}
            inputMode="numeric"
            className={`${input()} ${s.scoreInput}`}
          />
        </Field>
        {(["blind", "shareFeedback"] as const).map((name) => {
          const { key, ...props } = getInputProps(fields[name], { type: "checkbox" });
          return (
            <label key={key} className={o.check}>
              <input {...props} />
              <span className={label}>
                {name === "blind"
                  ? "Blind judging: judges do not see names"
                  : "Share feedback: registrants see their mean and the comments once judging closes"}
              </span>
            </label>
          );
        })}
      </fieldset>
      <div className={s.formActions}>
        <button type="submit" className={button()} disabled={busy}>
          Save judging
        </button>
      </div>
    </Form>
  );
}
