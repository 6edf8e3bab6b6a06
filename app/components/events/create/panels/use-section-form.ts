import { type DefaultValue, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useEffect } from "react";
import type { z } from "zod";
import type { EventData } from "#server/contracts/event-shape";
import type { KeptFiles } from "#app/components/KeptFile";
import type { Step3SectionId } from "#server/contracts/event-step3";

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

/**
 * The one form set-up of a step-3 section (Conform the Epic Stack way): the server's `lastResult`,
 * the schema's constraints, validation on submit then on input, the hidden `version` the save is
 * based on, and, given `toOverlay`, the live preview fed on every change (JavaScript only).
 */
export function useSectionForm<Schema extends z.ZodType<Record<string, any>, Record<string, any>>>({
  section,
  schema,
  event,
  lastResult,
  defaultValue,
  toOverlay,
  onPreview,
}: {
  section: Step3SectionId;
  schema: Schema;
  event: EventData;
  lastResult?: SubmissionResult<string[]> | null;
  defaultValue?: Record<string, unknown>;
  toOverlay?: (value: Record<string, unknown>) => Overlay;
  onPreview?: (overlay: Overlay) => void;
}) {
  const [form, fields] = useForm<z.input<Schema>, z.output<Schema>>({
    id: `step3-${section}`,
    lastResult,
    constraint: getZodConstraint(schema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    // Form values are strings: the version too, like every field Conform reads back.
    defaultValue: { ...defaultValue, version: String(event.version) } as DefaultValue<
      z.input<Schema>
    >,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
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
