import { Hono } from "hono";
import { addJudge } from "#server/services/judging/add-judge";
import { feedback, leaderboard } from "#server/services/judging/leaderboard";
import { getJudging } from "#server/services/judging/progress";
import { declareConflict, myQueue, saveScore } from "#server/services/judging/scoring";
import { closeJudging, openJudging, saveJudging } from "#server/services/judging/setup";
import { type ApiContext, type ApiEnv, readInput } from "#server/http/context";

/**
 * SPEC-3 §3: judging a submission round. Every call checks its caller's right first; bodies are
 * read after that, so a call the caller may not make is 403 whatever it sends.
 */
export function judgingRoutes() {
  const routes = new Hono<ApiEnv>();
  const at = (c: ApiContext) =>
    [
      c.get("deps"),
      c.get("user"),
      c.req.param("eventNumber") ?? "",
      c.req.param("index") ?? "",
    ] as const;
  const sid = (c: ApiContext) => c.req.param("submissionId") ?? "";
  const base = "/:eventNumber/rounds/:index"; // mounted on /event, as submissions and quiz

  routes.post(`${base}/judging`, async (c) =>
    c.json(await saveJudging(...at(c), () => readInput(c))),
  );
  routes.get(`${base}/judging`, async (c) => c.json(await getJudging(...at(c))));
  routes.post(`${base}/judging/open`, async (c) => c.json(await openJudging(...at(c))));
  // Issue 45: a judge added while judging is open takes the submissions that need one.
  routes.post(`${base}/judging/judges`, async (c) =>
    c.json(await addJudge(...at(c), () => readInput(c))),
  );
  routes.post(`${base}/judging/close`, async (c) => c.json(await closeJudging(...at(c))));
  routes.get(`${base}/judging/mine`, async (c) => c.json(await myQueue(...at(c))));
  routes.post(`${base}/submissions/:submissionId/score`, async (c) =>
    c.json(await saveScore(...at(c), sid(c), () => readInput(c))),
  );
  routes.post(`${base}/submissions/:submissionId/conflict`, async (c) =>
    c.json(await declareConflict(...at(c), sid(c))),
  );
  routes.get(`${base}/leaderboard`, async (c) => c.json(await leaderboard(...at(c))));
  routes.get(`${base}/feedback`, async (c) => c.json(await feedback(...at(c))));
  return routes;
}
