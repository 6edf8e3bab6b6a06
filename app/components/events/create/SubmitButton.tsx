import { useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { button, type ButtonVariants } from "#app/styles/recipes.css";

/** A submit button that goes inactive while its form is being saved. */
export function SubmitButton({
  children,
  tone = "primary",
  name,
  value,
  formNoValidate,
  describedBy,
}: {
  children: ReactNode;
  tone?: NonNullable<ButtonVariants>["tone"];
  name?: string;
  value?: string;
  formNoValidate?: boolean;
  /** The id of the text that says what the button does, when its label alone cannot. */
  describedBy?: string;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  return (
    <button
      type="submit"
      name={name}
      value={value}
      formNoValidate={formNoValidate}
      disabled={busy}
      aria-disabled={busy}
      aria-describedby={describedBy}
      className={button({ tone })}
    >
      {children}
    </button>
  );
}
