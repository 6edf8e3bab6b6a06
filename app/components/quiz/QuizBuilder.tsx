import { getFormProps, getSelectProps, type SubmissionResult, useForm } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import type { QuizData } from "#server/contracts/quiz";
import { QUIZ_LIMITS } from "#server/contracts/quiz-messages";
import type { Meta } from "#app/components/events/create/fields";
import { Field, FormRefusal } from "#app/components/Field";
import { button, fieldError, input } from "#app/styles/recipes.css";
import { NumberField, QuestionFields, type QuestionMeta } from "./QuestionFields";
import * as b from "./QuizBuilder.css";
import { useFormConstraint, useFormValidation } from "#app/utils/lazy-validation";

const NEW_QUESTION = { type: "single", options: ["", ""], marks: "1", negativeMarks: "0" };

/** The stored quiz as the form's strings (option indexes as "0", "1" …). */
function formValues(quiz: QuizData | null) {
  if (!quiz) return { timeLimitMinutes: "30", shuffle: "true", questions: [NEW_QUESTION] };
  return {
    timeLimitMinutes: String(quiz.timeLimitMinutes),
    shuffle: String(quiz.shuffle),
    questions: quiz.questions.map((q) => ({
      _id: q._id,
      text: q.text,
      type: q.type,
      options: q.options,
      answer: Array.isArray(q.answer) ? q.answer.map(String) : String(q.answer),
      tolerance: String(q.tolerance),
      marks: String(q.marks),
      negativeMarks: String(q.negativeMarks),
    })),
  };
}

/**
 * The quiz builder of one quiz round (SPEC-3 §4): time limit, shuffle, and the questions, each
 * with its options; add, remove and reorder questions and options with Conform's list intents,
 * which post the form and come back changed when JavaScript is off.
 */
export function QuizBuilder({
  quiz,
  lastResult,
}: {
  quiz: QuizData | null;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id: "quiz-builder",
    lastResult,
    defaultValue: formValues(quiz),
    constraint: useFormConstraint("quizSetup"),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: useFormValidation("quizSetup", {}),
  });
  const questions = fields.questions.getFieldList();
  return (
    <Form method="post" {...getFormProps(form)} className={b.form} data-testid="quiz-builder">
      <input type="hidden" name="intent" value="save" />
      <FormRefusal errors={form.errors} />
      <div className={b.settings}>
        <NumberField
          meta={fields.timeLimitMinutes as Meta}
          label="Time limit (minutes)"
          inputMode="numeric"
        />
        <Field
          label="Shuffle questions and options"
          htmlFor={fields.shuffle.id}
          errorId={fields.shuffle.errorId}
        >
          <select {...getSelectProps(fields.shuffle as Meta)} className={input()}>
            <option value="true">Yes, a different order for each person</option>
            <option value="false">No, in this order</option>
          </select>
        </Field>
      </div>
      {questions.map((q, index) => (
        <QuestionFields
          key={q.key}
          form={form}
          list={fields.questions}
          meta={q as unknown as QuestionMeta}
          index={index}
          count={questions.length}
        />
      ))}
      <p
        id={fields.questions.errorId}
        className={fieldError}
        role={fields.questions.errors?.length ? "alert" : undefined}
      >
        {fields.questions.errors?.[0] ?? ""}
      </p>
      <div className={b.rowButtons}>
        <button
          {...form.insert.getButtonProps({
            name: fields.questions.name,
            defaultValue: NEW_QUESTION,
          })}
          className={button({ tone: "secondary" })}
          disabled={questions.length >= QUIZ_LIMITS.maxQuestions}
        >
          Add question
        </button>
        <button type="submit" className={button()} disabled={busy}>
          Save quiz
        </button>
      </div>
    </Form>
  );
}
