import {
  type FieldMetadata,
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type SubmissionResult,
  useForm,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link } from "@remix-run/react";
import { type ReactNode, useEffect } from "react";
import { PRIZE_RANK_LABELS } from "#server/contracts/constants";
import {
  aboutSchema,
  bannerSchema,
  basicDetailsSchema,
  importantDatesSchema,
  NEW_ROUND,
  prizesSchema,
  roundsSchema,
  type Step3SectionId,
  STEP3_SECTIONS,
} from "#server/contracts/event";
import type { EventData } from "#server/contracts/event-shape";
import { Field } from "#app/components/Field";
import { button, input } from "#app/styles/recipes.css";
import { fromISTInput, toISTInput } from "#app/utils/dates";
import { AboutEditor } from "./AboutEditor";
import { BasicFields } from "./BasicFields";
import { ContactRows } from "./ContactRows";
import * as s from "./create.css";
import { type AnyForm, FileField, FormError, type ListMeta, type Meta, TextField } from "./fields";
import { RegistrationFields } from "./RegistrationFields";
import * as p from "./Step3.css";
import { SubmitButton } from "./SubmitButton";
import { useHydrated } from "./use-hydrated";
import { JsMarker } from "./use-move-after-save";

export type Overlay = Partial<EventData>;
type PanelProps = {
  event: EventData;
  lastResult?: SubmissionResult<string[]> | null;
  closeHref: string;
  onPreview: (overlay: Overlay) => void;
};

/** The side panel of one section: its title, Close (back to the summary) and Save. */
function Panel({
  section,
  form,
  closeHref,
  multipart,
  children,
}: {
  section: Step3SectionId;
  form: AnyForm;
  closeHref: string;
  multipart?: boolean;
  children: ReactNode;
}) {
  const hydrated = useHydrated();
  const info = STEP3_SECTIONS.find((x) => x.id === section)!;
  return (
    <Form
      method="post"
      encType={multipart ? "multipart/form-data" : undefined}
      {...getFormProps(form)}
      className={`${p.panel} ${s.revealForm}`}
      data-hydrated={hydrated || undefined}
      aria-labelledby={`${form.id}-title`}
    >
      <div className={p.panelHeader}>
        <h2 id={`${form.id}-title`} className={p.panelTitle}>
          {info.panel}
        </h2>
        <Link to={closeHref} className={button({ tone: "ghost", size: "sm" })}>
          Close
        </Link>
      </div>
      <input type="hidden" name="section" value={section} />
      <JsMarker />
      <FormError errors={form.errors} />
      {children}
      <div className={s.actions}>
        <Link to={closeHref} className={button({ tone: "secondary" })}>
          Close
        </Link>
        <SubmitButton name="intent" value="save">
          Save
        </SubmitButton>
      </div>
    </Form>
  );
}

/** Calls back with the preview overlay each time the form's values change (JavaScript only). */
function usePreview(
  value: object | undefined,
  toOverlay: (v: Record<string, unknown>) => Overlay,
  onPreview: (o: Overlay) => void,
) {
  const json = JSON.stringify(value ?? null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the serialised value is the trigger; the callbacks are stable
  useEffect(() => {
    if (value) onPreview(toOverlay(value as Record<string, unknown>));
  }, [json]);
}

function num(v: unknown): number | null {
  const n = Number(v);
  return v === undefined || v === "" || Number.isNaN(n) ? null : n;
}
function str(v: unknown): string | null {
  return typeof v === "string" && v.trim() ? v : null;
}
function list<T>(v: unknown): T[] {
  return Array.isArray(v) ? (v.filter(Boolean) as T[]) : [];
}

function version(meta: Meta) {
  return <input {...getInputProps(meta, { type: "hidden" })} />;
}

export function BannerPanel({ event, lastResult, closeHref }: PanelProps) {
  const hasBanner = !!event.eventBanner;
  const [form, fields] = useForm({
    id: "step3-banner",
    lastResult,
    constraint: getZodConstraint(bannerSchema({ hasBanner })),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    defaultValue: {
      version: String(event.version),
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: bannerSchema({ hasBanner }) }),
  });
  return (
    <Panel section="banner" form={form} closeHref={closeHref} multipart>
      {version(fields.version)}
      <input type="hidden" name="hasBanner" value={hasBanner ? "true" : "false"} />
      <FileField
        meta={fields.eventBanner}
        label="Event Banner"
        accept="image/png,image/jpeg,image/webp,image/gif,image/avif"
        hint="A wide picture (about 1600 × 600) works best. Up to 10 MB."
        current={
          event.eventBanner ? (
            <img src={event.eventBanner} alt="Current banner" className={s.bannerThumb} />
          ) : null
        }
      />
    </Panel>
  );
}

export function BasicPanel({ event, lastResult, closeHref, onPreview }: PanelProps) {
  const [form, fields] = useForm({
    id: "step3-basic",
    lastResult,
    constraint: getZodConstraint(basicDetailsSchema()),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    defaultValue: {
      eventType: event.eventType ?? "",
      eventName: event.eventName ?? "",
      organisationName: event.organisationName ?? "",
      festivalName: event.festivalName ?? "",
      eventWebsite: event.eventWebsite ?? "",
      modeOfEvent: event.modeOfEvent ?? "",
      countryName: event.countryName ?? "",
      stateName: event.stateName ?? "",
      cityName: event.cityName ?? "",
      locationName: event.locationName ?? "",
      participationType: event.participationType ?? "",
      minTeam: String(event.minTeam ?? 1),
      maxTeam: String(event.maxTeam ?? 4),
      startDate: toISTInput(event.startDate),
      endDate: toISTInput(event.endDate),
      version: String(event.version),
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: basicDetailsSchema() }),
  });
  usePreview(
    form.value,
    (v: Record<string, unknown>) => ({
      eventType: str(v.eventType),
      eventName: str(v.eventName),
      organisationName: str(v.organisationName),
      festivalName: str(v.festivalName),
      eventWebsite: str(v.eventWebsite),
      modeOfEvent: (str(v.modeOfEvent) as EventData["modeOfEvent"]) ?? null,
      countryName: str(v.countryName),
      stateName: str(v.stateName),
      cityName: str(v.cityName),
      locationName: str(v.locationName),
      participationType: (str(v.participationType) as EventData["participationType"]) ?? null,
      minTeam: num(v.minTeam),
      maxTeam: num(v.maxTeam),
      startDate: fromISTInput(str(v.startDate)),
      endDate: fromISTInput(str(v.endDate)),
    }),
    onPreview,
  );
  return (
    <Panel section="basic" form={form} closeHref={closeHref} multipart>
      {version(fields.version)}
      <FileField
        meta={fields.eventLogo}
        label="Event Logo (optional)"
        accept="image/png,image/jpeg,image/webp,image/gif,image/avif"
        hint="Choose a file only to replace the current logo. Up to 10 MB."
        current={
          event.eventLogo ? (
            <img
              src={event.eventLogo}
              alt="Current logo"
              className={s.thumb}
              width={64}
              height={64}
            />
          ) : null
        }
      />
      <BasicFields fields={fields} />
      <RegistrationFields fields={fields} />
    </Panel>
  );
}

export function AboutPanel({ event, lastResult, closeHref, onPreview }: PanelProps) {
  const [form, fields] = useForm({
    id: "step3-about",
    lastResult,
    constraint: getZodConstraint(aboutSchema()),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    defaultValue: {
      aboutEvent: event.aboutEvent ?? "",
      version: String(event.version),
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: aboutSchema() }),
  });
  const initial =
    (lastResult?.initialValue?.aboutEvent as string | undefined) ?? event.aboutEvent ?? "";
  return (
    <Panel section="about" form={form} closeHref={closeHref}>
      {version(fields.version)}
      <AboutEditor
        meta={fields.aboutEvent}
        initialHtml={initial}
        onHtml={(html) => onPreview({ aboutEvent: html })}
      />
    </Panel>
  );
}

function RowHeader({
  form,
  meta,
  index,
  label,
}: {
  form: AnyForm;
  meta: ListMeta;
  index: number;
  label: string;
}) {
  return (
    <div className={s.rowHeader}>
      <p className={s.rowTitle}>
        {label} {index + 1}
      </p>
      <button
        {...form.remove.getButtonProps({ name: meta.name, index })}
        aria-label={`Remove ${label.toLowerCase()} ${index + 1}`}
        className={button({ tone: "ghost", size: "sm" })}
      >
        Remove
      </button>
    </div>
  );
}

export function DatesPanel({ event, lastResult, closeHref, onPreview }: PanelProps) {
  const [form, fields] = useForm({
    id: "step3-dates",
    lastResult,
    constraint: getZodConstraint(importantDatesSchema(new Date())),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    defaultValue: {
      importantDates: event.importantDates.map((d) => ({
        dateTitle: d.dateTitle,
        date: toISTInput(d.date),
      })),
      contactDetails: event.contactDetails,
      eventBrochureTitle: event.eventBrochureTitle ?? "",
      version: String(event.version),
    },
    onValidate: ({ formData }) =>
      parseWithZod(formData, { schema: importantDatesSchema(new Date()) }),
  });
  usePreview(
    form.value,
    (v: Record<string, unknown>) => ({
      importantDates: list<{ dateTitle?: string; date?: string }>(v.importantDates).map((d) => ({
        dateTitle: d.dateTitle ?? "",
        date: fromISTInput(d.date) ?? "",
      })),
      contactDetails: list<{ name?: string; number?: string }>(v.contactDetails).map((c) => ({
        name: c.name ?? "",
        number: c.number ?? "",
      })),
      eventBrochureTitle: str(v.eventBrochureTitle),
    }),
    onPreview,
  );
  const dates = fields.importantDates.getFieldList();
  return (
    <Panel section="dates" form={form} closeHref={closeHref} multipart>
      {version(fields.version)}
      <fieldset className={s.fieldset}>
        <legend className={s.legend}>Important Dates</legend>
        <div className={s.rows}>
          {dates.map((row, index) => {
            const f = row.getFieldset();
            return (
              <div key={row.key} className={s.row} data-testid="date-row">
                <RowHeader form={form} meta={fields.importantDates} index={index} label="Date" />
                <TextField meta={f.dateTitle} label="Title" />
                <TextField meta={f.date} label="Date (India time)" type="datetime-local" />
              </div>
            );
          })}
        </div>
        <div>
          <button
            {...form.insert.getButtonProps({
              name: fields.importantDates.name,
              defaultValue: { dateTitle: "", date: "" },
            })}
            className={button({ tone: "secondary", size: "sm" })}
          >
            Add date
          </button>
        </div>
      </fieldset>
      <h3 className={s.legend}>Important Contact</h3>
      <ContactRows form={form} meta={fields.contactDetails} />
      <h3 className={s.legend}>Brochure</h3>
      <TextField meta={fields.eventBrochureTitle} label="Brochure Title (optional)" />
      <FileField
        meta={fields.eventBrochure}
        label="Brochure (PDF or spreadsheet)"
        accept=".pdf,.xlsx,.xls,.ods,.csv,application/pdf"
        hint="PDF, xlsx, xls, ods or csv. Up to 10 MB."
        current={event.eventBrochure ? <a href={event.eventBrochure}>Current brochure</a> : null}
      />
    </Panel>
  );
}

export function RoundsPanel({ event, lastResult, closeHref, onPreview }: PanelProps) {
  const [form, fields] = useForm({
    id: "step3-rounds",
    lastResult,
    constraint: getZodConstraint(roundsSchema(new Date())),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    defaultValue: {
      rounds: event.rounds.map((r) => ({
        ...r,
        startDate: toISTInput(r.startDate),
        endDate: toISTInput(r.endDate),
      })),
      version: String(event.version),
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: roundsSchema(new Date()) }),
  });
  usePreview(
    form.value,
    (v: Record<string, unknown>) => ({
      rounds: list<Record<string, string | undefined>>(v.rounds).map((r) => ({
        title: r.title ?? "",
        description: r.description ?? "",
        startDate: fromISTInput(r.startDate) ?? "",
        endDate: fromISTInput(r.endDate) ?? "",
        isEliminatorRound: r.isEliminatorRound === "true" ? "true" : "false",
      })),
    }),
    onPreview,
  );
  const rounds = fields.rounds.getFieldList();
  return (
    <Panel section="rounds" form={form} closeHref={closeHref}>
      {version(fields.version)}
      <div className={s.rows}>
        {rounds.map((row, index) => {
          const f = row.getFieldset();
          return (
            <div key={row.key} className={s.row} data-testid="round-row">
              <RowHeader form={form} meta={fields.rounds} index={index} label="Round" />
              <TextField meta={f.title} label="Round Title" className={s.wide} />
              <div className={s.wide}>
                <Field
                  label="Description"
                  htmlFor={f.description.id}
                  errorId={f.description.errorId}
                  errors={f.description.errors}
                >
                  <textarea
                    {...getTextareaProps(f.description)}
                    rows={3}
                    className={input({ multiline: true })}
                  />
                </Field>
              </div>
              <TextField meta={f.startDate} label="Start Date (India time)" type="datetime-local" />
              <TextField meta={f.endDate} label="End Date (India time)" type="datetime-local" />
              <Field
                label="Eliminator Round"
                htmlFor={f.isEliminatorRound.id}
                errorId={f.isEliminatorRound.errorId}
                errors={f.isEliminatorRound.errors}
              >
                <select
                  {...getSelectProps(f.isEliminatorRound as FieldMetadata<string>)}
                  className={input()}
                >
                  <option value="">Select</option>
                  <option value="true">Yes</option>
                  <option value="false">No</option>
                </select>
              </Field>
            </div>
          );
        })}
      </div>
      <div>
        <button
          {...form.insert.getButtonProps({
            name: fields.rounds.name,
            defaultValue: { ...NEW_ROUND, startDate: "", endDate: "" },
          })}
          className={button({ tone: "secondary", size: "sm" })}
        >
          Add round
        </button>
      </div>
    </Panel>
  );
}

const RANK_OPTIONS = Object.entries(PRIZE_RANK_LABELS).map(([rank, label]) => ({
  value: rank,
  label: `${rank} · ${label}`,
}));

export function PrizesPanel({ event, lastResult, closeHref, onPreview }: PanelProps) {
  const [form, fields] = useForm({
    id: "step3-prizes",
    lastResult,
    constraint: getZodConstraint(prizesSchema()),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    defaultValue: {
      prizes: event.prizes.map((x) => ({ rank: String(x.rank), cashAmount: String(x.cashAmount) })),
      version: String(event.version),
    },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: prizesSchema() }),
  });
  usePreview(
    form.value,
    (v: Record<string, unknown>) => ({
      prizes: list<{ rank?: string; cashAmount?: string }>(v.prizes)
        .map((x) => ({ rank: num(x.rank) ?? 0, cashAmount: num(x.cashAmount) ?? 0 }))
        .filter((x) => x.rank > 0),
    }),
    onPreview,
  );
  const prizes = fields.prizes.getFieldList();
  return (
    <Panel section="prizes" form={form} closeHref={closeHref}>
      {version(fields.version)}
      <p className={s.subheading}>Amounts are in Indian rupees (₹), whole rupees.</p>
      <FormError errors={fields.prizes.errors} />
      <div className={s.rows}>
        {prizes.map((row, index) => {
          const f = row.getFieldset();
          return (
            <div key={row.key} className={s.row} data-testid="prize-row">
              <RowHeader form={form} meta={fields.prizes} index={index} label="Prize" />
              <Field
                label="Rank"
                htmlFor={f.rank.id}
                errorId={f.rank.errorId}
                errors={f.rank.errors}
              >
                <select {...getSelectProps(f.rank as FieldMetadata<string>)} className={input()}>
                  <option value="">Select rank</option>
                  {RANK_OPTIONS.map((o) => (
                    <option key={o.value} value={o.value}>
                      {o.label}
                    </option>
                  ))}
                </select>
              </Field>
              <TextField
                meta={f.cashAmount}
                label="Cash Amount (₹)"
                type="number"
                hint="In Indian rupees"
              />
            </div>
          );
        })}
      </div>
      <div>
        <button
          {...form.insert.getButtonProps({
            name: fields.prizes.name,
            defaultValue: { rank: String(Math.min(prizes.length + 1, 7)), cashAmount: "" },
          })}
          className={button({ tone: "secondary", size: "sm" })}
        >
          Add prize
        </button>
      </div>
    </Panel>
  );
}

export const PANELS: Record<Step3SectionId, (props: PanelProps) => JSX.Element> = {
  banner: BannerPanel,
  basic: BasicPanel,
  about: AboutPanel,
  dates: DatesPanel,
  rounds: RoundsPanel,
  prizes: PrizesPanel,
};
