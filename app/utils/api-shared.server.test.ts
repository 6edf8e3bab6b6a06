import { describe, expect, it } from "vitest";
import type { AppLoadContext } from "@remix-run/node";
import { type ApiResult, callApi } from "./api.server";
import { createSharedAnswers } from "./api-shared.server";

const sharedAnswer = createSharedAnswers();

function answer(cacheControl: string | null, body: unknown, ok = true): ApiResult<unknown> {
  const apiHeaders = new Headers(cacheControl ? { "Cache-Control": cacheControl } : {});
  return {
    ok,
    status: ok ? 200 : 500,
    data: body,
    headers: new Headers(),
    apiHeaders,
    message: "",
  };
}

describe("answers the API marks public, shared by callApi", () => {
  it("one call answers every page asking the same path while it is fresh", async () => {
    let calls = 0;
    const ask = async () => answer("public, max-age=5", { n: ++calls });
    const [a, b] = await Promise.all([sharedAnswer("/a", ask), sharedAnswer("/a", ask)]);
    const c = await sharedAnswer("/a", ask);
    expect(calls).toBe(1);
    expect([a.data, b.data, c.data]).toEqual([{ n: 1 }, { n: 1 }, { n: 1 }]);
    // Shared, so frozen: no page can change what the next one is handed.
    expect(Object.isFrozen(a.data)).toBe(true);
    // Each page adds to its own headers.
    a.headers.set("Set-Cookie", "x=1");
    expect(c.headers.has("Set-Cookie")).toBe(false);
  });

  it("a private answer, an error or max-age=0 is asked again every time", async () => {
    for (const [path, res] of [
      ["/private", answer("private, no-store", 1)],
      ["/none", answer(null, 1)],
      ["/zero", answer("public, max-age=0", 1)],
      ["/error", answer("public, max-age=5", 1, false)],
    ] as const) {
      let calls = 0;
      const ask = async () => {
        calls++;
        return res;
      };
      await sharedAnswer(path, ask);
      await sharedAnswer(path, ask);
      expect(calls, path).toBe(2);
    }
  });

  it("a call that throws is not kept", async () => {
    let calls = 0;
    const ask = async () => {
      calls++;
      throw new Error("503");
    };
    await expect(sharedAnswer("/throws", ask)).rejects.toThrow("503");
    await expect(sharedAnswer("/throws", ask)).rejects.toThrow("503");
    expect(calls).toBe(2);
  });
});

describe("callApi with asVisitor", () => {
  // An API that counts its calls and marks its answer public for 5 s, like the event lists.
  function contextCountingCalls() {
    const counter = { calls: 0 };
    const context = {
      sharedAnswers: createSharedAnswers(),
      api: {
        fetch: async () => {
          counter.calls++;
          return Response.json([], { headers: { "Cache-Control": "public, max-age=5" } });
        },
      },
    } as unknown as AppLoadContext;
    return { context, counter };
  }

  it("shares the answer among pages rendered with a cookie (signed-in pages)", async () => {
    const { context, counter } = contextCountingCalls();
    const page = new Request("http://x/", { headers: { Cookie: "utsav_session=a" } });
    await callApi(page, context, "/event/get-all", { asVisitor: true });
    await callApi(page, context, "/event/get-all", { asVisitor: true });
    expect(counter.calls).toBe(1);
  });

  it("asks afresh for a cookie-less page: the page cache keeps it whole, aged from its render", async () => {
    const { context, counter } = contextCountingCalls();
    const page = new Request("http://x/");
    await callApi(page, context, "/event/get-all", { asVisitor: true });
    await callApi(page, context, "/event/get-all", { asVisitor: true });
    expect(counter.calls).toBe(2);
  });
});
