/** A message shown once after a redirect: the green toast or the red error banner. */
export interface Toast {
  type: "success" | "error";
  message: string;
}
