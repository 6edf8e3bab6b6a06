import { visuallyHidden } from "#app/styles/global.css";

/**
 * A field people never see or reach (hidden, out of the tab order, ignored by screen readers and
 * autofill) but form-filling bots do: the API quietly ignores a signup that fills it.
 */
export function Honeypot() {
  return (
    <div className={visuallyHidden} aria-hidden="true">
      <label htmlFor="signup-website">Website</label>
      <input
        id="signup-website"
        name="website"
        type="text"
        tabIndex={-1}
        autoComplete="off"
        defaultValue=""
      />
    </div>
  );
}
