import {
  getFormProps,
  getInputProps,
  getTextareaProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form } from "@remix-run/react";
import { type Announcement, announcementSchema } from "#server/contracts/organiser";
import { Field, FormRefusal } from "#app/components/Field";
import { UpdatesList } from "#app/components/events/EventResults";
import { button, input } from "#app/styles/recipes.css";
import * as s from "./Organiser.css";
import { OrganiserSection } from "./OrganiserSection";

const schema = announcementSchema;

/** Post an update (mailed to every registered person) and read the ones posted. */
export function UpdatesPanel({
  updates,
  lastResult,
  busy,
}: {
  updates: Announcement[];
  lastResult?: SubmissionResult<string[]> | null;
  busy: boolean;
}) {
  const [form, fields] = useForm({
    id: "announce",
    lastResult,
    constraint: getZodConstraint(schema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  return (
    <OrganiserSection id="updates" title="Updates">
      <p className={s.muted}>
        Each update is mailed to every registered person and shown on the event page under Updates.
        At most 5 a day.
      </p>
      <Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="announce" />
        <FormRefusal errors={form.errors} />
        <Field label="Title" meta={fields.title}>
          <input {...getInputProps(fields.title, { type: "text" })} className={input()} />
        </Field>
        <Field label="Message" meta={fields.message}>
          <textarea
            {...getTextareaProps(fields.message)}
            rows={5}
            className={input({ multiline: true })}
          />
        </Field>
        <button type="submit" className={button()} disabled={busy}>
          Post update
        </button>
      </Form>
      {updates.length > 0 ? (
        <UpdatesList updates={updates} />
      ) : (
        <p className={s.muted}>No updates yet.</p>
      )}
    </OrganiserSection>
  );
}
