import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { button } from "#app/styles/recipes.css";
import * as s from "./NotFound.css";

/**
 * A page's own 404 (an event, a certificate, a profile, an organisation), shown by the one error
 * boundary through its `statusHandlers`: what was not found, why it may be, and the way on.
 */
export function NotFound({
  title,
  text,
  testId,
  children,
}: {
  title: string;
  text: string;
  testId: string;
  /** Links before 'Back to Home'. */
  children?: ReactNode;
}) {
  return (
    <section className={s.box} data-testid={testId}>
      <h1>{title}</h1>
      <p className={s.text}>{text}</p>
      <div className={s.actions}>
        {children}
        <Link to="/" className={button(children ? { tone: "secondary" } : {})}>
          Back to Home
        </Link>
      </div>
    </section>
  );
}
