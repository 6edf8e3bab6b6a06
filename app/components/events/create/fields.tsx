import {
  type FieldMetadata,
  type FormMetadata,
  getInputProps,
  getSelectProps,
  getTextareaProps,
} from "@conform-to/react";
import type { ReactNode } from "react";
import { Field } from "#app/components/Field";
import { type KeptFile, KeptFileNote } from "#app/components/KeptFile";
import { input } from "#app/styles/recipes.css";
import { fieldError } from "#app/styles/recipes.css";
import * as s from "./create.css";

// Field metadata of any of the creation forms: the forms differ, the controls do not.
export type Meta = FieldMetadata<any, any, string[]>;
/** A list field (contacts, dates, rounds, prizes) of any of the creation forms. */
export type ListMeta = FieldMetadata<Record<string, any>[] | undefined, any, string[]>;
export type AnyForm = FormMetadata<any, string[]>;

export function TextField({
  meta,
  label,
  type = "text",
  hint,
  placeholder,
  className,
}: {
  meta: Meta;
  label: ReactNode;
  type?: "text" | "number" | "datetime-local" | "url";
  hint?: ReactNode;
  placeholder?: string;
  className?: string;
}) {
  return (
    <div className={className}>
      <Field label={label} meta={meta} hint={hint}>
        <input
          {...getInputProps(meta, { type: type === "url" ? "text" : type })}
          placeholder={placeholder}
          className={input()}
        />
      </Field>
    </div>
  );
}

export function SelectField({
  meta,
  label,
  options,
  placeholder,
  onChange,
}: {
  meta: Meta;
  label: ReactNode;
  options: readonly { value: string; label: string }[];
  placeholder?: string;
  onChange?: (value: string) => void;
}) {
  return (
    <Field label={label} meta={meta}>
      <select
        {...getSelectProps(meta)}
        className={input()}
        onChange={onChange ? (e) => onChange(e.currentTarget.value) : undefined}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

export function RadioField({
  meta,
  legend,
  options,
}: {
  meta: Meta;
  legend: string;
  options: readonly { value: string; label: string }[];
}) {
  return (
    <fieldset
      className={s.fieldset}
      aria-describedby={meta.errorId}
      aria-invalid={meta.errors?.length ? true : undefined}
    >
      <legend className={s.legend}>{legend}</legend>
      <div className={s.choices}>
        {options.map((o) => (
          <label key={o.value} className={s.choice}>
            <input
              type="radio"
              name={meta.name}
              value={o.value}
              defaultChecked={meta.initialValue === o.value}
              form={meta.formId}
            />
            {o.label}
          </label>
        ))}
      </div>
      <p id={meta.errorId} className={fieldError} role={meta.errors?.length ? "alert" : undefined}>
        {meta.errors?.[0] ?? ""}
      </p>
    </fieldset>
  );
}

export function FileField({
  meta,
  label,
  accept,
  hint,
  current,
  kept,
}: {
  meta: Meta;
  label: ReactNode;
  accept: string;
  hint?: ReactNode;
  current?: ReactNode;
  /** A file kept from a refused submission, shown as chosen ('logo.png, kept'). */
  kept?: KeptFile | null;
}) {
  return (
    <Field
      label={label}
      meta={meta}
      hint={kept ? "Choose a file only to replace the kept one. Up to 10 MB." : hint}
    >
      {current ? <div className={s.current}>{current}</div> : null}
      <KeptFileNote name={meta.name} formId={meta.formId} kept={kept} />
      <input
        type="file"
        id={meta.id}
        name={meta.name}
        accept={accept}
        form={meta.formId}
        aria-invalid={meta.errors?.length ? true : undefined}
        aria-describedby={meta.errorId}
        className={s.fileInput}
      />
    </Field>
  );
}

/** The pictures the event's logo and banner take. */
export const IMAGE_TYPES = "image/png,image/jpeg,image/webp,image/gif,image/avif";

/** The event's logo: a picture, with the current one beside the picker. */
export function LogoField({
  logo,
  ...field
}: Omit<Parameters<typeof FileField>[0], "accept" | "current"> & {
  logo: string | null | undefined;
}) {
  return (
    <FileField
      {...field}
      accept={IMAGE_TYPES}
      current={
        logo ? (
          <img src={logo} alt="Current logo" className={s.thumb} width={64} height={64} />
        ) : null
      }
    />
  );
}

export function TextArea({
  meta,
  label,
  hint,
}: {
  meta: Meta;
  label: ReactNode;
  hint?: ReactNode;
}) {
  return (
    <Field label={label} meta={meta} hint={hint}>
      <textarea {...getTextareaProps(meta)} className={input({ multiline: true })} />
    </Field>
  );
}
