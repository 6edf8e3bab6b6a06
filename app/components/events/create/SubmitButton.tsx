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
}: {
  children: ReactNode;
  tone?: NonNullable<ButtonVariants>["tone"];
  name?: string;
  value?: string;
  formNoValidate?: boolean;
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
      className={button({ tone })}
    >
      {children}
    </button>
  );
}
