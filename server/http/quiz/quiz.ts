import { Hono } from "hono";
import {
  type ApiContext,
  type ApiEnv,
  readInput,
  readJson,
  requireApiUser,
} from "#server/http/context";
import { participantReadBySession } from "#server/services/quiz/quiz-read";
import { answerInOneStatement, createQuizMemos } from "#server/services/quiz/answer-statement";
import { answerQuestion, submitQuiz } from "#server/services/quiz/answers";
import { readSessionNow, uncheckedSessionToken } from "#server/http/session";
import { quizStatus } from "#server/services/quiz/attempts";
import { startQuiz } from "#server/services/quiz/start";
import { quizResult } from "#server/services/quiz/result";
import { quizLeaderboard } from "#server/services/quiz/results";
import { getQuiz, saveQuiz } from "#server/services/quiz/setup";
import { rightFirst } from "#server/http/team/right-first";

/** Quiz rounds (SPEC-3 §4), mounted on /event. */
export function quizRoutes() {
  const routes = new Hono<ApiEnv>();
  const memos = createQuizMemos();
  const base = "/:eventNumber/rounds/:index/quiz";
  const args = (c: { req: { param(name: string): string } }) =>
    [c.req.param("eventNumber"), c.req.param("index")] as const;

  routes.get(base, async (c) =>
    c.json(await getQuiz(c.get("deps"), requireApiUser(c), ...args(c))),
  );

  routes.post(base, rightFirst("quiz.setup"), async (c) => {
    const user = requireApiUser(c);
    const body = await readJson(c);
    return c.json(await saveQuiz(c.get("deps"), user, ...args(c), body));
  });

  // Start and submit read the session with the quiz (one round trip); a failed read takes the usual way.
  const caller = async (c: ApiContext) => {
    const token = uncheckedSessionToken(c);
    if (token) {
      const read = await participantReadBySession(
        c.get("deps"),
        token,
        c.req.param("eventNumber") ?? "",
      );
      if (read) return { user: read.user, read };
      await readSessionNow(c, token);
    }
    return { user: requireApiUser(c), read: undefined };
  };

  routes.post(`${base}/start`, async (c) => {
    const { user, read } = await caller(c);
    return c.json(await startQuiz(c.get("deps"), user, ...args(c), read));
  });

  routes.get(`${base}/status`, async (c) =>
    c.json(await quizStatus(c.get("deps"), requireApiUser(c), ...args(c))),
  );

  // One statement when it can (answer-statement.ts); the session is then read only if it cannot.
  routes.post(`${base}/answer`, async (c) => {
    const token = uncheckedSessionToken(c);
    if (token) {
      const body = await readJson(c).catch(() => null);
      const saved = await answerInOneStatement(c.get("deps"), memos, token, ...args(c), body);
      if (saved) return c.json(saved);
      await readSessionNow(c, token);
    }
    const user = requireApiUser(c);
    const body = await readJson(c);
    return c.json(await answerQuestion(c.get("deps"), user, ...args(c), body, memos));
  });

  routes.post(`${base}/submit`, async (c) => {
    const { user, read } = await caller(c);
    // The body is optional: no body at all is a submit with the answers already saved.
    const body = c.req.header("content-type") ? await readInput(c) : {};
    return c.json(await submitQuiz(c.get("deps"), user, ...args(c), body, read));
  });

  routes.get(`${base}/result`, async (c) =>
    c.json(await quizResult(c.get("deps"), requireApiUser(c), ...args(c))),
  );

  routes.get(`${base}/leaderboard`, async (c) =>
    c.json(await quizLeaderboard(c.get("deps"), requireApiUser(c), ...args(c))),
  );

  return routes;
}
