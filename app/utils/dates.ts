// The one date helper lives with the contracts, so the backend and the forms share it.
export * from "#server/contracts/dates";
