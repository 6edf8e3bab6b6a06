import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

/**
 * patches/@remix-run+router+1.23.3.patch (applied by `patch-package` on install): the server's
 * router ranks a routes array's branches once and compiles each path's RegExp once, instead of on
 * every match (issue 16: matching was ~14% of a signed-in page's CPU), and keeps each pathname's
 * matches per routes array (a document matched the same path four times). The server runs the
 * CommonJS build, so that is what is checked here. The patches of @remix-run/react and
 * react-router-dom make the routes of a build once, so those kept answers are found: checked in
 * server-routes-patch.test.ts.
 */
const require = createRequire(import.meta.url);
const file = require.resolve("@remix-run/router");
const router = require("@remix-run/router") as typeof import("@remix-run/router");

describe("the patched route matching of @remix-run/router", () => {
  it("is the build the server loads, with the patch applied", () => {
    expect(file).toMatch(/router\.cjs\.js$/);
    const text = readFileSync(file, "utf8");
    expect(text).toContain("const rankedBranches = new WeakMap();");
    expect(text).toContain("const compiledPaths = new Map();");
    expect(text).toContain("const matchesKept = new WeakMap();");
  });

  it("hands every caller its own matches: changing one answer changes no later one", () => {
    const routes = [{ id: "root", path: "/", children: [{ id: "event", path: "event/:n" }] }];
    const first = router.matchRoutes(routes, "/event/1");
    expect(first?.map((m) => m.route.id)).toEqual(["root", "event"]);
    (first![1].params as Record<string, string>).n = "changed";
    first!.pop();
    const again = router.matchRoutes(routes, "/event/1");
    const third = router.matchRoutes(routes, "/event/1");
    expect(again?.map((m) => m.route.id)).toEqual(["root", "event"]);
    expect(again?.[1].params).toEqual({ n: "1" });
    (again![1].params as Record<string, string>).n = "changed again";
    expect(third?.[1].params).toEqual({ n: "1" });
    expect(again).not.toBe(third);
    // The same route objects (they never change on the server), new match objects.
    expect(again?.[1].route).toBe(third?.[1].route);
    expect(again?.[1]).not.toBe(third?.[1]);
    // No match is kept too, and answered again as no match.
    expect(router.matchRoutes(routes, "/nothing/here")).toBeNull();
    expect(router.matchRoutes(routes, "/nothing/here")).toBeNull();
  });

  it("tells apart the same pathname under different routes arrays", () => {
    const a = [{ id: "a", path: "/x" }];
    const b = [{ id: "b", path: "/x" }];
    expect(router.matchRoutes(a, "/x")?.[0].route.id).toBe("a");
    expect(router.matchRoutes(b, "/x")?.[0].route.id).toBe("b");
    expect(router.matchRoutes(a, "/x")?.[0].route.id).toBe("a");
  });

  it("keeps at most 1,000 pathnames a routes array, and still answers the evicted ones", () => {
    const routes = [{ id: "event", path: "/event/:n" }];
    for (let i = 0; i < 1_200; i++)
      expect(router.matchRoutes(routes, `/event/${i}`)?.[0].params.n).toBe(String(i));
    expect(router.matchRoutes(routes, "/event/0")?.[0].params.n).toBe("0");
    expect(router.matchRoutes(routes, "/event/1199")?.[0].params.n).toBe("1199");
  });

  it("still ranks static segments over parameters, and matches again and again alike", () => {
    const routes = [
      {
        id: "root",
        path: "/",
        children: [
          { id: "event", path: "event/:eventNumber" },
          { id: "search", path: "event/search" },
          { id: "splat", path: "*" },
          { id: "Case", path: "Login", caseSensitive: true },
        ],
      },
    ];
    const ids = (path: string) => router.matchRoutes(routes, path)?.map((m) => m.route.id);
    for (let round = 0; round < 3; round++) {
      expect(ids("/event/search")).toEqual(["root", "search"]);
      expect(ids("/event/10000")).toEqual(["root", "event"]);
      expect(router.matchRoutes(routes, "/event/10000")?.[1].params).toEqual({
        eventNumber: "10000",
        "*": undefined,
      });
      expect(ids("/Login")).toEqual(["root", "Case"]);
      expect(ids("/login")).toEqual(["root", "splat"]);
      expect(ids("/anything/else")).toEqual(["root", "splat"]);
    }
    // The same path compiled with and without `end` are different patterns.
    expect(router.matchPath({ path: "/event", end: false }, "/event/1")).not.toBeNull();
    expect(router.matchPath({ path: "/event", end: true }, "/event/1")).toBeNull();
  });
});
