import { style } from "@vanilla-extract/css";
import { vars } from "./theme.css";

/** A list of cards, as many 280 px columns as fit (My Events, Saved, certificates). */
export const cardGrid = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fill, minmax(280px, 1fr))",
  gap: vars.space.md,
  listStyle: "none",
  margin: 0,
  padding: 0,
});

const bare = { listStyle: "none", margin: 0, padding: 0, display: "grid" } as const;
/** A list without bullets, its rows one under another (the team, the check-in list, search results). */
export const rowList = style({ ...bare, gap: vars.space.sm });
/** The same, rows close together (a judge's queue, the judges to tick, a team's members). */
export const rowListTight = style({ ...bare, gap: vars.space.xs });
/** The same, rows further apart (the event page's rounds and prizes, updates, registrations). */
export const rowListLoose = style({ ...bare, gap: vars.space.md });

/** One column, its blocks md apart and never wider than it: a form's parts, a quiz, a result. */
export const stack = style({
  display: "grid",
  gridTemplateColumns: "minmax(0, 1fr)",
  gap: vars.space.md,
});
/** A bordered box of lines close together: a quiz question, a round's fieldset or panel. */
export const box = style({
  display: "grid",
  gap: vars.space.sm,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: vars.space.md,
  margin: 0,
  minWidth: 0,
});
/** A table of figures across the width, in small type (the leaderboards, the registrants). */
export const dataTable = style({
  width: "100%",
  borderCollapse: "collapse",
  fontSize: vars.fontSize.sm,
});

/** Buttons side by side that wrap, each as tall as the tallest: a page's or a form's actions. */
export const actionRow = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm });

/** Small things side by side that wrap when the line is full: badges, buttons, a form's actions. */
export const wrapRow = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.sm,
  alignItems: "center",
});
/** A wrapping row in a thin box: one person of a list (a team's members, an organisation's admins). */
export const boxedRow = style([
  wrapRow,
  {
    padding: vars.space.sm,
    border: `1px solid ${vars.color.border}`,
    borderRadius: vars.radius.md,
  },
]);
/** The same row with its ends pushed apart: a heading and its actions, a pager. */
export const spreadRow = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.sm,
  alignItems: "center",
  justifyContent: "space-between",
});

/** A page of cards one column wide, centred (a public profile, an organisation). */
export const cardColumn = style({
  maxWidth: "760px",
  margin: `${vars.space.lg} auto`,
  display: "grid",
  gridTemplateColumns: "minmax(0, 1fr)",
  gap: vars.space.md,
});
