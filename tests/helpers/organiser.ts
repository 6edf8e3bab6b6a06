/** Every organiser call of SPEC-2 §4, as [method, path under /event/{n}, body]. */
export const ORGANISER_CALLS: [string, string, unknown][] = [
  ["GET", "/registrations", undefined],
  ["GET", "/registrations?format=csv", undefined],
  ["GET", "/insights", undefined],
  ["POST", "/announcements", { title: "Venue moved", message: "We are in hall B now." }],
  ["POST", "/rounds/0/results", { advancing: [] }],
  ["GET", "/results/board", undefined],
  ["POST", "/winners", { winners: [] }],
  ["POST", "/unpublish", {}],
  ["POST", "/duplicate", {}],
  ["POST", "/delete", {}],
];
