import * as s from "./create.css";

const STEPS = ["Basic details", "Registration", "Customise & publish"];

/** Where the organiser is in the three steps. */
export function StepHeader({
  step,
  title,
  eventNumber,
}: {
  step: 1 | 2 | 3;
  title: string;
  eventNumber: string;
}) {
  return (
    <header className={s.page}>
      <ol className={s.steps} aria-label="Steps">
        {STEPS.map((label, i) => (
          <li key={label} className={s.stepItem} aria-current={i + 1 === step ? "step" : undefined}>
            {i + 1}. {label}
          </li>
        ))}
      </ol>
      <h1 className={s.heading}>{title}</h1>
      <p className={s.subheading}>Event number {eventNumber}</p>
    </header>
  );
}
