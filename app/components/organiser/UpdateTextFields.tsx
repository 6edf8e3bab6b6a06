import { type FieldMetadata, getInputProps, getTextareaProps } from "@conform-to/react";
import { Field } from "#app/components/Field";
import { input } from "#app/styles/recipes.css";

/** An update's title and message: the same two fields when posting one and when editing it. */
export function UpdateTextFields({
  fields,
}: {
  fields: { title: FieldMetadata<string>; message: FieldMetadata<string> };
}) {
  return (
    <>
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
    </>
  );
}
