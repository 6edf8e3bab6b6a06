import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { Form } from "@remix-run/react";
import type { Announcement, AudienceCounts } from "#server/contracts/organiser";
import { AUDIENCE_LABELS, AUDIENCES } from "#server/contracts/audiences";
import { RadioField } from "#app/components/events/create/fields";
import { FormRefusal } from "#app/components/Field";
import { UpdatesList } from "#app/components/events/EventResults";
import { button } from "#app/styles/recipes.css";
import * as s from "./Organiser.css";
import { UpdateTextFields } from "./UpdateTextFields";
import { OrganiserSection } from "./OrganiserSection";
import { UpdateEditForm, UpdateTools } from "./UpdateEdit";
import { useFormConstraint, useFormValidation } from "#app/utils/lazy-validation";

/**
 * Post an update to an audience (asked to confirm first, naming how many are mailed), and read,
 * edit or delete the ones posted (issue 45).
 */
export function UpdatesPanel({
  updates,
  audiences,
  editing,
  lastResult,
  editResult,
  busy,
}: {
  updates: Announcement[];
  audiences: AudienceCounts;
  /** The update whose edit form is open (`?edit={id}`). */
  editing: number | null;
  lastResult?: SubmissionResult<string[]> | null;
  editResult?: SubmissionResult<string[]> | null;
  busy: boolean;
}) {
  const [form, fields] = useForm({
    id: "announce",
    lastResult,
    defaultValue: { audience: "all" },
    constraint: useFormConstraint("announcement"),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: useFormValidation("announcement", {}),
  });
  return (
    <OrganiserSection id="updates" title="Updates">
      <p className={s.muted}>
        Each update is mailed to the people you choose and shown on the event page under Updates.
        You are asked to confirm before anything is sent. At most 5 a day.
      </p>
      <Form method="post" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="announce" />
        <FormRefusal errors={form.errors} />
        <UpdateTextFields fields={fields} />
        <RadioField
          meta={fields.audience}
          legend="Send to"
          options={AUDIENCES.map((a) => ({
            value: a,
            label: `${AUDIENCE_LABELS[a]} (${audiences[a]})`,
          }))}
        />
        <button type="submit" className={button()} disabled={busy}>
          Post update
        </button>
      </Form>
      {updates.length > 0 ? (
        <UpdatesList
          updates={updates}
          extra={(u) =>
            u._id === editing
              ? { instead: <UpdateEditForm update={u} lastResult={editResult} busy={busy} /> }
              : { after: <UpdateTools update={u} busy={busy} /> }
          }
        />
      ) : (
        <p className={s.muted}>No updates yet.</p>
      )}
    </OrganiserSection>
  );
}
