import {
  getFormProps,
  getInputProps,
  getTextareaProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { Form } from "@remix-run/react";
import type { JudgeQueue } from "#server/contracts/judging";
import { JUDGING_MESSAGES as M } from "#server/contracts/judging-messages";
import { Field } from "#app/components/Field";
import { FormMessage } from "#app/components/FormMessage";
import { button, input } from "#app/styles/recipes.css";
import * as o from "#app/components/organiser/Organiser.css";
import * as s from "./Judging.css";
import { useFormConstraint, useFormValidation } from "#app/utils/lazy-validation";

/** The score form's fields: the API's body and the submission it scores. */

type Item = JudgeQueue["items"][number];

/** One submission as its judge reads it: title, who (unless blind), text, links and file. */
export function SubmissionCard({ item }: { item: Item }) {
  const { submission } = item;
  return (
    <article className={o.section} aria-labelledby="submission-title" data-testid="submission">
      <h2 id="submission-title" className={o.sectionTitle}>
        {submission.title}
      </h2>
      {submission.name ? <p className={o.muted}>By {submission.name}</p> : null}
      <p className={s.description}>{submission.description}</p>
      {submission.links.length ? (
        <ul className={s.links}>
          {submission.links.map((link) => (
            <li key={link}>
              <a href={link} rel="noopener noreferrer nofollow" target="_blank">
                {link}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {submission.file ? (
        <p>
          <a href={submission.file.url} download>
            Download {submission.file.name}
          </a>
        </p>
      ) : null}
    </article>
  );
}

/** A score from 1 to 10 per criterion and a comment; 'Save and next' opens the next unscored one. */
export function ScoreForm({
  item,
  criteria,
  lastResult,
  busy,
  closed,
}: {
  item: Item;
  criteria: JudgeQueue["criteria"];
  lastResult?: SubmissionResult<string[]> | null;
  busy: boolean;
  closed: boolean;
}) {
  const [form, fields] = useForm({
    id: `score-${item.submission._id}`,
    lastResult,
    constraint: useFormConstraint("score"),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: useFormValidation("score", {}),
    defaultValue: {
      sid: item.submission._id,
      scores: criteria.map((_, i) => String(item.myScore?.scores[i] ?? "")),
      comment: item.myScore?.comment ?? "",
    },
  });
  const scores = fields.scores.getFieldList();
  const { key: commentKey, ...comment } = getTextareaProps(fields.comment);
  return (
    <Form method="post" {...getFormProps(form)} className={o.section} aria-label="Your score">
      <input type="hidden" name="intent" value="score" />
      <input {...getInputProps(fields.sid, { type: "hidden" })} key={fields.sid.key} />
      <h2 className={o.sectionTitle}>Your score</h2>
      <FormMessage type="error" id={form.errorId}>
        {form.errors?.[0] ?? fields.scores.errors?.[0]}
      </FormMessage>
      <div className={s.criteria}>
        {criteria.map((criterion, i) => {
          const meta = scores[i];
          if (!meta) return null;
          const { key, ...props } = getInputProps(meta, { type: "number" });
          return (
            <Field key={key} label={`${criterion.name} (×${criterion.weight})`} meta={meta}>
              <input
                {...props}
                min={1}
                max={10}
                step={1}
                inputMode="numeric"
                disabled={closed}
                className={`${input()} ${s.scoreInput}`}
              />
            </Field>
          );
        })}
      </div>
      <Field
        label="Comment (optional)"
        meta={fields.comment}
        hint="Up to 1000 characters. Registrants may read it if the organisers share feedback."
      >
        <textarea key={commentKey} {...comment} rows={4} disabled={closed} className={input()} />
      </Field>
      {closed ? (
        <p className={o.muted}>{M.closed}: your scores are final.</p>
      ) : (
        <div className={s.formActions}>
          <button type="submit" className={button()} disabled={busy} data-testid="save-and-next">
            {M.saveAndNext}
          </button>
        </div>
      )}
    </Form>
  );
}

/** 'Declare a conflict': the submission goes to another judge (SPEC-3 §3), once confirmed. */
export function ConflictForm({ sid, title, busy }: { sid: string; title: string; busy: boolean }) {
  return (
    <Form method="post" className={o.section} aria-label="Declare a conflict">
      <input type="hidden" name="intent" value="conflict" />
      <input type="hidden" name="sid" value={sid} />
      <input type="hidden" name="title" value={title} />
      <p className={o.muted}>
        Know this team or person? Declare a conflict and the submission goes to another judge. It
        will not come back to you.
      </p>
      <div>
        <button type="submit" className={button({ tone: "secondary", size: "sm" })} disabled={busy}>
          Declare a conflict
        </button>
      </div>
    </Form>
  );
}
