import { type DefaultValue, type SubmissionResult, useForm } from "@conform-to/react";
import { useEffect } from "react";
import type { z } from "zod";
import type { EventData } from "#server/contracts/event-shape";
import type { Step3Section } from "#server/contracts/event-step3";
import type { Step3SectionId } from "#server/contracts/step3-sections";
import type { KeptFiles } from "#app/components/KeptFile";
import { useFormConstraint, useFormValidation, type Validate } from "#app/utils/lazy-validation";

/** The event as the live preview shows it: what was saved, with what is being typed on top. */
export type Overlay = Partial<EventData>;

/** What the step-3 page gives every section panel. */
export type PanelProps = {
  event: EventData;
  lastResult?: SubmissionResult<string[]> | null;
  closeHref: string;
  onPreview: (overlay: Overlay) => void;
  /** Files kept from the section's refused or reloaded form, by field ('brochure.pdf, kept'). */
  kept?: KeptFiles;
  /** The About as plain text (Markdown) for the form without JavaScript. */
  aboutMarkdown?: string;
};

/** A section's schema (its type only: the schema itself is loaded after the page). */
type SchemaOf<Id extends Step3SectionId> = ReturnType<Extract<Step3Section, { id: Id }>["schema"]>;

/**
 * The one form set-up of a step-3 section (Conform the Epic Stack way): the server's `lastResult`,
 * the constraints the loader sent (`formConstraints({ step3 })`), validation on submit then on
 * input with the section's schema loaded after the page (`useFormValidation("step3", …)`, decision
 * 037), the hidden `version` the save is based on, and, given `toOverlay`, the live preview fed on
 * every change (JavaScript only). `hasBanner` and `saved` are what the schema depends on.
 */
export function useSectionForm<Id extends Step3SectionId>({
  section,
  hasBanner = false,
  saved,
  event,
  lastResult,
  defaultValue,
  toOverlay,
  onPreview,
}: {
  section: Id;
  hasBanner?: boolean;
  saved?: readonly string[];
  event: EventData;
  lastResult?: SubmissionResult<string[]> | null;
  defaultValue?: Record<string, unknown>;
  toOverlay?: (value: Record<string, unknown>) => Overlay;
  onPreview?: (overlay: Overlay) => void;
}) {
  type Schema = SchemaOf<Id>;
  const validate = useFormValidation("step3", { section, hasBanner, saved });
  const [form, fields] = useForm<z.input<Schema>, z.output<Schema>>({
    id: `step3-${section}`,
    lastResult,
    constraint: useFormConstraint("step3"),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    // Form values are strings: the version too, like every field Conform reads back.
    defaultValue: { ...defaultValue, version: String(event.version) } as DefaultValue<
      z.input<Schema>
    >,
    onValidate: validate as Validate<z.output<Schema>> | undefined,
  });
  const json = JSON.stringify(form.value ?? null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the serialised value is the trigger; the callbacks are stable
  useEffect(() => {
    if (form.value && toOverlay && onPreview)
      onPreview(toOverlay(form.value as Record<string, unknown>));
  }, [json]);
  return [form, fields] as const;
}

/** Form values (strings, or absent) as the preview's event fields. */
export function num(v: unknown): number | null {
  const n = Number(v);
  return v === undefined || v === "" || Number.isNaN(n) ? null : n;
}
export function str(v: unknown): string | null {
  return typeof v === "string" && v.trim() ? v : null;
}
export function list<T>(v: unknown): T[] {
  return Array.isArray(v) ? (v.filter(Boolean) as T[]) : [];
}
