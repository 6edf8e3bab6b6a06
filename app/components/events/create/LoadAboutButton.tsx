import * as s from "./create.css";
import { SubmitButton } from "./SubmitButton";

/**
 * Step 1 without JavaScript: a new event type cannot fetch its About text by itself, so this
 * button sends the form back (intent "update") to load it, and says so. Hidden once hydrated.
 */
export function LoadAboutButton() {
  return (
    <div className={`${s.noJsOnly} ${s.noJsUpdate}`}>
      <p id="about-type-hint" className={s.subheading}>
        Changed the event type? Load the suggested About text for it. Text you wrote yourself stays
        as it is.
      </p>
      <SubmitButton
        name="intent"
        value="update"
        tone="secondary"
        formNoValidate
        describedBy="about-type-hint"
      >
        Load About for this type
      </SubmitButton>
    </div>
  );
}
