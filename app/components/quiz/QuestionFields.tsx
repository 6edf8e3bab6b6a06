import {
  type FieldMetadata,
  getInputProps,
  getSelectProps,
  getTextareaProps,
} from "@conform-to/react";
import { QUESTION_TYPES } from "#server/contracts/quiz-messages";
import type { AnyForm, ListMeta, Meta } from "#app/components/events/create/fields";
import { Field } from "#app/components/Field";
import { button, fieldError, input } from "#app/styles/recipes.css";
import { useHydrated } from "#app/utils/use-hydrated";
import * as b from "./QuizBuilder.css";

const TYPE_LABELS: Record<(typeof QUESTION_TYPES)[number], string> = {
  single: "One right option",
  multiple: "Several right options",
  number: "A number",
};

/** A question of the builder as the form holds it (strings; option indexes as "0", "1" …). */
export type QuestionMeta = FieldMetadata<
  {
    _id?: string;
    text: string;
    type: string;
    options: string[];
    answer: string | string[];
    tolerance: string;
    marks: string;
    negativeMarks: string;
  },
  any,
  string[]
>;

const small = button({ tone: "ghost", size: "sm" });

/** The list buttons of a row: up, down, remove (Conform intents: they work without JavaScript). */
function RowButtons({
  form,
  list,
  index,
  count,
  what,
  className,
}: {
  form: AnyForm;
  list: ListMeta | Meta;
  index: number;
  count: number;
  what: string;
  className?: string;
}) {
  return (
    <span className={`${b.rowButtons} ${className ?? ""}`}>
      <button
        {...form.reorder.getButtonProps({ name: list.name, from: index, to: index - 1 })}
        className={small}
        disabled={index === 0}
        aria-label={`Move ${what} up`}
      >
        Up
      </button>
      <button
        {...form.reorder.getButtonProps({ name: list.name, from: index, to: index + 1 })}
        className={small}
        disabled={index === count - 1}
        aria-label={`Move ${what} down`}
      >
        Down
      </button>
      <button
        {...form.remove.getButtonProps({ name: list.name, index })}
        className={small}
        aria-label={`Remove ${what}`}
      >
        Remove
      </button>
    </span>
  );
}

/** A labelled text input for a number (time limit, answer, tolerance, marks), with its error. */
export function NumberField({
  meta,
  label,
  inputMode,
}: {
  meta: Meta;
  label: string;
  inputMode: "numeric" | "decimal";
}) {
  return (
    <Field label={label} meta={meta}>
      <input {...getInputProps(meta, { type: "text" })} inputMode={inputMode} className={input()} />
    </Field>
  );
}

/** Whether option `k` is the answer, or among the answers, as the form holds them now. */
function picked(answer: unknown, k: number): boolean {
  const list = Array.isArray(answer) ? answer : answer === undefined ? [] : [answer];
  return list.map(String).includes(String(k));
}

/** One question of the builder: text, type, options with the right one(s) ticked, marks. */
export function QuestionFields({
  form,
  list,
  meta,
  index,
  count,
}: {
  form: AnyForm;
  list: ListMeta;
  meta: QuestionMeta;
  index: number;
  count: number;
}) {
  const hydrated = useHydrated();
  const f = meta.getFieldset();
  const type = (f.type.value as string | undefined) ?? "single";
  const options = f.options.getFieldList();
  const { key: idKey, ...idProps } = getInputProps(f._id, { type: "hidden" });
  return (
    <fieldset className={b.question} data-testid="builder-question">
      <legend className={b.questionHead}>
        <span>Question {index + 1}</span>
        <RowButtons
          form={form}
          list={list}
          index={index}
          count={count}
          what={`question ${index + 1}`}
        />
      </legend>
      <input key={idKey} {...idProps} />
      <Field label="Question" meta={f.text}>
        <textarea {...getTextareaProps(f.text)} rows={2} className={input()} />
      </Field>
      <div className={b.inline}>
        <Field label="Answer type" meta={f.type}>
          <select {...getSelectProps(f.type as Meta)} className={input()}>
            {QUESTION_TYPES.map((t) => (
              <option key={t} value={t}>
                {TYPE_LABELS[t]}
              </option>
            ))}
          </select>
        </Field>
        {hydrated ? null : (
          // Without JavaScript the answer's controls follow the type once the form comes back.
          <button {...form.validate.getButtonProps({ name: f.type.name })} className={small}>
            Apply type
          </button>
        )}
      </div>
      {type === "number" ? (
        <div className={b.inline}>
          <NumberField meta={f.answer as Meta} label="Answer" inputMode="decimal" />
          <NumberField meta={f.tolerance as Meta} label="Tolerance (±)" inputMode="decimal" />
        </div>
      ) : (
        <fieldset className={b.options}>
          <legend className={b.hint}>
            Options: tick the right {type === "multiple" ? "options" : "option"}.
          </legend>
          {options.map((o, k) => (
            <div key={o.key} className={b.option} data-testid="builder-option">
              <input
                key={`${o.key}-${String(f.answer.value)}`}
                type={type === "multiple" ? "checkbox" : "radio"}
                name={f.answer.name}
                value={String(k)}
                form={form.id}
                defaultChecked={picked(f.answer.value, k)}
                aria-label={`Option ${k + 1} is right`}
              />
              <input
                {...getInputProps(o as Meta, { type: "text" })}
                aria-label={`Option ${k + 1}`}
                className={input()}
              />
              <RowButtons
                form={form}
                list={f.options}
                index={k}
                count={options.length}
                what={`option ${k + 1}`}
                className={b.optionButtons}
              />
              {o.errors?.length ? <p className={fieldError}>{o.errors[0]}</p> : null}
            </div>
          ))}
          <p id={f.options.errorId} className={fieldError}>
            {f.options.errors?.[0] ?? ""}
          </p>
          <p id={f.answer.errorId} className={fieldError}>
            {f.answer.errors?.[0] ?? ""}
          </p>
          <button
            {...form.insert.getButtonProps({ name: f.options.name, defaultValue: "" })}
            className={button({ tone: "secondary", size: "sm" })}
            disabled={options.length >= 6}
          >
            Add option
          </button>
        </fieldset>
      )}
      <div className={b.inline}>
        <NumberField meta={f.marks as Meta} label="Marks" inputMode="numeric" />
        <NumberField meta={f.negativeMarks as Meta} label="Negative marks" inputMode="decimal" />
      </div>
    </fieldset>
  );
}
