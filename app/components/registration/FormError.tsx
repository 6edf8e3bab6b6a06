import * as s from "./Registration.css";

/**
 * The API's refusal ('Registration is full', …) above a form. Without one it stays in the page
 * (the form's aria-describedby may name it) but hidden, so it takes no room in the card.
 */
export function FormError({ id, errors }: { id: string; errors?: string[] }) {
  const message = errors?.[0];
  return (
    <p
      id={id}
      role={message ? "alert" : undefined}
      className={s.formError}
      hidden={!message}
      data-testid="form-refusal"
    >
      {message ?? ""}
    </p>
  );
}
