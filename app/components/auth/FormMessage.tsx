import * as s from "./FormMessage.css";

/** The server's answer above a form: green when it worked, red when it did not. */
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
