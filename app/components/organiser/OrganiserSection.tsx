import type { ReactNode } from "react";
import * as s from "./Organiser.css";

/** One section of the organiser page (/my/event/{n}): its anchor, its heading, then its content. */
export function OrganiserSection({
  id,
  title,
  children,
}: {
  id: string;
  title: ReactNode;
  children: ReactNode;
}) {
  return (
    <section id={id} className={s.section} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={s.sectionTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}
