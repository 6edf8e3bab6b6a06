import type { AppLoadContext } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { loader } from "#app/routes/_public.event.$eventNumber";
import { createSharedAnswers } from "./api-shared.server";

/**
 * The event page asks the event, its updates and results as a visitor, shared for a few seconds
 * like an anonymous page, and learns the viewer's role from their registration call; its team (the
 * creator here) reads updates and results afresh, so an update they just posted shows at once,
 * and a draft (not found by a visitor) is asked again with the session.
 */
function contextFor(viewerId: string | null, status = "active") {
  const calls: string[] = [];
  const json = (body: unknown, headers: Record<string, string> = {}) =>
    new Response(JSON.stringify(body), {
      headers: { "content-type": "application/json", ...headers },
    });
  const context = {
    clientIp: "203.0.113.1",
    config: { appUrl: "http://localhost" },
    sharedAnswers: createSharedAnswers(),
    api: {
      fetch: async (req: Request) => {
        const url = new URL(req.url);
        const signed = req.headers.has("cookie");
        calls.push(`${url.pathname}${signed ? " (signed in)" : ""}`);
        if (url.pathname === "/api/v1/user/profile")
          return viewerId ? json({ _id: viewerId }) : json({ message: "Unauthorized" });
        // The API names the signed-in viewer's role on the event's team (SPEC-3 §1); a draft
        // is not found by a visitor.
        const role = signed ? { myRole: viewerId === "creator" ? "owner" : null } : {};
        if (url.pathname.startsWith("/api/v1/event/details/"))
          return status === "draft" && !signed
            ? new Response(JSON.stringify({ message: "Event not found" }), { status: 404 })
            : json({ eventNumber: "12345", status, madeBy: "creator", ...role });
        if (url.pathname.endsWith("/announcements"))
          return json(
            [{ _id: "a1", title: signed ? "fresh" : "shared" }],
            signed ? {} : { "cache-control": "public, max-age=5" },
          );
        if (url.pathname.endsWith("/results")) return json({ rounds: [] });
        return json({ open: true, mine: null, ...role });
      },
    },
  } as unknown as AppLoadContext;
  return { calls, context };
}

async function load(viewerId: string | null, status?: string) {
  const { calls, context } = contextFor(viewerId, status);
  const request = new Request("http://localhost/event/12345", {
    headers: viewerId ? { cookie: "utsav_session=x" } : {},
  });
  const res = await loader({ request, context, params: { eventNumber: "12345" } });
  const body = (res as unknown as { data: { updates: { title: string }[] } }).data;
  return { calls, titles: body.updates.map((u) => u.title) };
}

describe("the event page's updates and results", () => {
  it("are asked as a visitor (shared) for anyone but the creator", async () => {
    for (const viewer of [null, "someone"]) {
      const { calls, titles } = await load(viewer);
      expect(titles).toEqual(["shared"]);
      expect(calls).toContain("/api/v1/event/12345/announcements");
      expect(calls).not.toContain("/api/v1/event/12345/announcements (signed in)");
      // The published event too: the viewer's own call is their registration.
      expect(calls).toContain("/api/v1/event/details/12345");
      expect(calls).not.toContain("/api/v1/event/details/12345 (signed in)");
    }
  });

  it("are asked afresh with the session for the creator, and for a draft", async () => {
    expect((await load("creator")).titles).toEqual(["fresh"]);
    const draft = await load("creator", "draft");
    expect(draft.titles).toEqual(["fresh"]);
    expect(draft.calls).toContain("/api/v1/event/details/12345 (signed in)");
    expect(draft.calls).toContain("/api/v1/event/12345/results (signed in)");
  });
});
