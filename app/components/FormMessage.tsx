import * as s from "./FormMessage.css";

/**
 * The server's answer above a form (or a page's part of it): green when it worked, red when it did
 * not. Renders nothing without a message, so `{form.errors?.[0]}` can be passed as it is.
 */
export function FormMessage({
  type,
  children,
  id,
}: {
  type: "success" | "error";
  children?: string | null;
  id?: string;
}) {
  if (!children) return null;
  return (
    <p
      id={id}
      className={s.message[type]}
      role={type === "error" ? "alert" : "status"}
      data-testid={`form-${type}`}
    >
      {children}
    </p>
  );
}
