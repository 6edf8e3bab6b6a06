import { useNavigation } from "@remix-run/react";
import * as s from "./PendingBar.css";

/** The top progress bar and spinner while a navigation or a form submission is under way. */
export function PendingBar() {
  const navigation = useNavigation();
  if (navigation.state === "idle") return null;
  return (
    <div
      role="progressbar"
      aria-label={navigation.state === "submitting" ? "Saving" : "Loading"}
      data-testid="pending-bar"
    >
      <div className={s.bar} />
      <div className={s.spinner} />
    </div>
  );
}
