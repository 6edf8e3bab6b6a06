import type { EntryContext } from "@remix-run/node";
import { afterEach, describe, expect, it, vi } from "vitest";

// The document itself is not what is tested here: a small stand-in for Remix's tree.
vi.mock("@remix-run/react", () => ({
  RemixServer: ({ url }: { url: string }) => <p>page for {url}</p>,
}));

const { default: handleRequest } = await import("./entry.server");

async function render(userAgent: string) {
  const response = await handleRequest(
    new Request("http://localhost/somewhere", { headers: { "user-agent": userAgent } }),
    200,
    new Headers(),
    {} as EntryContext,
    { cspNonce: "n0nce" } as never,
  );
  return { response, html: await response.text() };
}

describe("entry.server handleRequest", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it.each([
    ["a browser (streamed)", "Mozilla/5.0 (Linux; Android 10) Chrome/120"],
    ["a crawler (whole)", "Googlebot/2.1 (+http://www.google.com/bot.html)"],
  ])("renders the page for %s and leaves no abort timer behind", async (_who, userAgent) => {
    // Only timeouts are faked: React schedules its work with setImmediate.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const { response, html } = await render(userAgent);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(html).toContain("page for <!-- -->http://localhost/somewhere");
    // A finished render's 5-second deadline is cleared: it would keep the render alive and then
    // abort a stream that had already ended.
    expect(vi.getTimerCount()).toBe(0);
  });
});
