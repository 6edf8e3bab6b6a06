import * as s from "./Registration.css";

/** The API's refusal ('Registration is full', …) above a form. */
export function FormError({ id, errors }: { id: string; errors?: string[] }) {
  return (
    <p
      id={id}
      role={errors?.length ? "alert" : undefined}
      className={errors?.length ? s.formError : undefined}
    >
      {errors?.[0] ?? ""}
    </p>
  );
}
