import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import type { Announcement } from "#server/contracts/organiser";
import { AUDIENCE_LABELS } from "#server/contracts/audiences";
import { FormRefusal } from "#app/components/Field";
import { button } from "#app/styles/recipes.css";
import * as s from "./Organiser.css";
import { UpdateTextFields } from "./UpdateTextFields";
import { useFormConstraint, useFormValidation } from "#app/utils/lazy-validation";

/** Under a posted update: who it went to, 'Edit' (a link: the form opens in its place) and 'Delete'. */
export function UpdateTools({ update, busy }: { update: Announcement; busy: boolean }) {
  return (
    <>
      <p className={s.muted} data-testid="update-audience">
        Sent to {AUDIENCE_LABELS[update.audience].toLowerCase()}
      </p>
      <div className={s.actions}>
        <Link
          to={`?section=updates&edit=${update._id}#update-${update._id}`}
          className={button({ tone: "secondary", size: "sm" })}
          aria-label={`Edit the update ${update.title}`}
          preventScrollReset
        >
          Edit
        </Link>
        <Form method="post" className={s.inline}>
          <input type="hidden" name="intent" value="delete-update" />
          <input type="hidden" name="id" value={update._id} />
          <input type="hidden" name="title" value={update.title} />
          <button
            type="submit"
            className={button({ tone: "danger", size: "sm" })}
            disabled={busy}
            aria-label={`Delete the update ${update.title}`}
          >
            Delete
          </button>
        </Form>
      </div>
    </>
  );
}

/** A posted update's text, editable in place: saved as is, and not mailed again. */
export function UpdateEditForm({
  update,
  lastResult,
  busy,
}: {
  update: Announcement;
  lastResult?: SubmissionResult<string[]> | null;
  busy: boolean;
}) {
  const [form, fields] = useForm({
    id: `edit-update-${update._id}`,
    lastResult,
    defaultValue: { title: update.title, message: update.message },
    constraint: useFormConstraint("announcementEdit"),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: useFormValidation("announcementEdit", {}),
  });
  return (
    <Form method="post" {...getFormProps(form)} className={s.section}>
      <input type="hidden" name="intent" value="edit-update" />
      <input type="hidden" name="id" value={update._id} />
      <FormRefusal errors={form.errors} />
      <UpdateTextFields fields={fields} />
      <p className={s.muted}>Saving changes the event page only: nobody is mailed again.</p>
      <div className={s.actions}>
        <button type="submit" className={button()} disabled={busy}>
          Save changes
        </button>
        <Link to="?section=updates" className={button({ tone: "secondary" })}>
          Cancel
        </Link>
      </div>
    </Form>
  );
}
