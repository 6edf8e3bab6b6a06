import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

/**
 * patches/@remix-run+react+2.17.5.patch and patches/react-router-dom+6.30.4.patch (issue 16):
 * `RemixServer` made the build's routes anew on every render and `createStaticRouter` made new
 * data routes from them, so the router's per-routes-array answers (ranked branches, kept
 * matches: router-patch.test.ts) were never found again and every document ranked ~60 branches
 * and scanned them four times. Both are now made once per build. The server loads the CommonJS
 * builds, so those are checked.
 */
const require = createRequire(import.meta.url);
const { createStaticHandler, createStaticRouter } =
  require("react-router-dom/server") as typeof import("react-router-dom/server");

const routes = [
  {
    id: "root",
    path: "/",
    loader: () => null,
    children: [
      { id: "event", path: "event/:n", loader: () => null },
      { id: "search", path: "event/search", loader: () => null },
    ],
  },
];

async function contextFor(path: string) {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error("unexpected response");
  return context;
}

describe("the build's routes are made once (patched @remix-run/react and react-router-dom)", () => {
  it("are the CommonJS builds the server loads, with the patches applied", () => {
    const remix = readFileSync(require.resolve("@remix-run/react/dist/server.js"), "utf8");
    expect(remix).toContain("function serverRoutesOf(");
    expect(remix).toContain("let routes$1 = serverRoutesOf(");
    const dom = readFileSync(require.resolve("react-router-dom/server"), "utf8");
    expect(dom).toContain("const dataRoutesCache = new WeakMap();");
  });

  it("gives the same data routes for the same routes array, and each request its own matches", async () => {
    const a = createStaticRouter(routes, await contextFor("/event/1"));
    const b = createStaticRouter(routes, await contextFor("/event/search"));
    expect(b.routes).toBe(a.routes);
    expect(a.state.matches.map((m) => m.route.id)).toEqual(["root", "event"]);
    expect(a.state.matches[1].params).toEqual({ n: "1" });
    expect(b.state.matches.map((m) => m.route.id)).toEqual(["root", "search"]);
    // The matches point at the kept data routes, as an unpatched router's do at its own.
    expect(a.state.matches[1].route).toBe(a.routes[0].children?.[0]);
  });

  it("makes new data routes for another routes array", async () => {
    const other = [{ id: "root", path: "/", loader: () => null }];
    const handler = createStaticHandler(other);
    const context = await handler.query(new Request("http://localhost/"));
    if (context instanceof Response) throw new Error("unexpected response");
    const a = createStaticRouter(routes, await contextFor("/event/1"));
    const c = createStaticRouter(other, context);
    expect(c.routes).not.toBe(a.routes);
    expect(c.state.matches.map((m) => m.route.id)).toEqual(["root"]);
  });
});
