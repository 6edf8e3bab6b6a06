import { Form } from "@remix-run/react";
import { button, input } from "#app/styles/recipes.css";
import * as s from "./Reminders.css";

/**
 * The personal calendar feed (SPEC-2 §3): a link calendar apps subscribe to, holding every saved
 * event's deadlines and dates, and a button that replaces it (the old link stops working).
 */
export function CalendarFeed({ url }: { url: string | null }) {
  if (!url) return null;
  const webcal = url.replace(/^https?:/, "webcal:");
  return (
    <section id="calendar" className={s.feed} aria-labelledby="calendar-title">
      <h2 id="calendar-title" className={s.feedTitle}>
        Calendar feed
      </h2>
      <p className={s.hint}>
        Add this link to Google Calendar, Apple Calendar or Outlook (“subscribe by URL”) to see the
        deadlines and dates of every event you saved or registered for. Keep it to yourself: anyone
        with the link can read your calendar.
      </p>
      <div className={s.feedRow}>
        <label htmlFor="calendar-url" className={s.hint}>
          Your link
        </label>
        <input
          id="calendar-url"
          readOnly
          value={url}
          className={`${input()} ${s.feedUrl}`}
          data-testid="calendar-url"
        />
      </div>
      <div className={s.feedRow}>
        <a href={webcal} className={button({ tone: "secondary", size: "sm" })}>
          Subscribe
        </a>
        <Form method="post" action="/profile" preventScrollReset>
          <input type="hidden" name="intent" value="reset-calendar" />
          <button type="submit" className={button({ tone: "ghost", size: "sm" })}>
            Reset link
          </button>
        </Form>
      </div>
    </section>
  );
}
