/** A message shown once after a redirect: the green toast or the red error banner. */
export interface Toast {
  type: "success" | "error";
  message: string;
}

/** SPEC §9: a forced move (session ended, unknown event) waits 2 s with its message shown. */
export const WAIT_BEFORE_MOVE_MS = 2000;
