import type { AppLoadContext } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { getUser } from "./guards.server";

function contextCounting() {
  const calls: string[] = [];
  const context = {
    clientIp: "203.0.113.1",
    api: {
      fetch: async (req: Request) => {
        calls.push(new URL(req.url).pathname);
        return new Response(
          JSON.stringify({ _id: "u1", firstName: "Asha", email: "a@example.com" }),
          {
            headers: { "content-type": "application/json" },
          },
        );
      },
    },
  } as unknown as AppLoadContext;
  return { calls, context };
}

describe("getUser", () => {
  it("asks the backend once per request, however many loaders want the user", async () => {
    const { calls, context } = contextCounting();
    const request = new Request("http://localhost/event/create/12345/step1", {
      headers: { cookie: "utsav_session=x" },
    });
    const [a, b] = await Promise.all([getUser(request, context), getUser(request, context)]);
    expect(a?._id).toBe("u1");
    expect(b).toEqual(a);
    expect(calls).toEqual(["/api/v1/user/profile"]);
    await getUser(new Request(request.url, { headers: { cookie: "utsav_session=x" } }), context);
    expect(calls).toHaveLength(2);
  });

  it("asks nothing for a request without cookies: a visitor has no session", async () => {
    const { calls, context } = contextCounting();
    expect(await getUser(new Request("http://localhost/"), context)).toBeNull();
    expect(calls).toEqual([]);
  });
});
