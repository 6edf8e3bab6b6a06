import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { type Step3SectionId, step3SectionInfo } from "#server/contracts/step3-sections";
import * as s from "#app/components/events/create/create.css";
import type { AnyForm, Meta } from "#app/components/events/create/fields";
import * as p from "#app/components/events/create/Step3.css";
import { SubmitButton } from "#app/components/events/create/SubmitButton";
import { button } from "#app/styles/recipes.css";
import { StepForm } from "#app/components/events/create/StepForm";

export { RowHeader } from "#app/components/events/create/ContactRows";

/**
 * The side panel of one section: its title, Close (back to the summary), the form's message, the
 * hidden section and version, the fields, then Close and Save. `saved`: the section's dates as
 * saved before, sent along (`savedDate`) so the page's action lets them pass the past-date rules
 * as the browser and the API do.
 */
export function Panel({
  section,
  form,
  version,
  closeHref,
  multipart,
  saved = [],
  children,
}: {
  section: Step3SectionId;
  form: AnyForm;
  version: Meta;
  closeHref: string;
  multipart?: boolean;
  saved?: readonly string[];
  children: ReactNode;
}) {
  return (
    <StepForm
      form={form}
      version={version}
      multipart={multipart}
      className={p.panel}
      labelledBy={`${form.id}-title`}
      head={
        <>
          <div className={p.panelHeader}>
            <h2 id={`${form.id}-title`} className={p.panelTitle}>
              {step3SectionInfo(section).panel}
            </h2>
            <Link to={closeHref} className={button({ tone: "ghost", size: "sm" })}>
              Close
            </Link>
          </div>
          <input type="hidden" name="section" value={section} />
        </>
      }
    >
      {saved.map((date, i) => (
        <input key={i} type="hidden" name="savedDate" value={date} />
      ))}
      {children}
      <div className={s.actions}>
        <Link to={closeHref} className={button({ tone: "secondary" })}>
          Close
        </Link>
        <SubmitButton name="intent" value="save">
          Save
        </SubmitButton>
      </div>
    </StepForm>
  );
}
