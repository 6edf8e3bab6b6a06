import type { IncomingMessage, ServerResponse } from "node:http";

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * Counts the requests being answered (from arrival until their response is finished or the
 * client leaves), so background work can give way to them (the PDF pool, server/pdf/pool.ts).
 */
export function countInFlight(start: Listener): { listener: Listener; inFlight(): number } {
  let count = 0;
  return {
    listener(req, res) {
      count++;
      res.once("close", () => {
        count--;
      });
      start(req, res);
    },
    inFlight: () => count,
  };
}
