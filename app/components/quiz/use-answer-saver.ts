import { useCallback, useEffect, useRef, useState } from "react";
import type { QuizAnswer } from "#server/contracts/quiz";

export type SaveState = "saved" | "saving" | "retrying" | "refused";

async function post(url: string, body: unknown) {
  return fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
}

/**
 * Saves each answer as it is picked (SPEC-3 §4). An answer not yet acknowledged stays queued: a
 * dropped network or a 5xx sends it again (1 s, 2 s, 4 s … up to 10 s, and at once when the
 * browser is back online), the latest answer of a question replacing an older one still queued.
 * A refusal (400, 409 'Time is up') is shown and not sent again.
 */
export function useAnswerSaver(api: string) {
  const queue = useRef(new Map<string, QuizAnswer>());
  const busy = useRef(false);
  const delay = useRef(1000);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const [state, setState] = useState<SaveState>("saved");
  const [refusal, setRefusal] = useState<string | null>(null);

  const flush = useCallback(async () => {
    if (busy.current) return;
    busy.current = true;
    clearTimeout(timer.current);
    let refused = false;
    try {
      while (queue.current.size) {
        const [questionId, answer] = queue.current.entries().next().value!;
        setState("saving");
        let res: Response;
        try {
          res = await post(`${api}/answer`, { questionId, answer });
        } catch {
          res = new Response(null, { status: 599 });
        }
        if (res.status >= 500) {
          setState("retrying");
          timer.current = setTimeout(() => void flush(), delay.current);
          delay.current = Math.min(delay.current * 2, 10_000);
          return;
        }
        delay.current = 1000;
        // A newer answer picked while this one was on its way stays queued.
        if (queue.current.get(questionId) === answer) queue.current.delete(questionId);
        if (!res.ok) {
          refused = true;
          const body = (await res.json().catch(() => null)) as { message?: string } | null;
          setRefusal(body?.message ?? "Not saved");
        }
      }
      setState(refused ? "refused" : "saved");
    } finally {
      busy.current = false;
    }
  }, [api]);

  useEffect(() => {
    const online = () => void flush();
    window.addEventListener("online", online);
    return () => {
      window.removeEventListener("online", online);
      clearTimeout(timer.current);
    };
  }, [flush]);

  const save = useCallback(
    (questionId: string, answer: QuizAnswer) => {
      queue.current.delete(questionId);
      queue.current.set(questionId, answer);
      void flush();
    },
    [flush],
  );

  return { save, state, refusal, pending: () => queue.current.size };
}
