import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";

/**
 * patches/@remix-run+router+1.23.3.patch (applied by `patch-package` on install): the server's
 * router ranks a routes array's branches once and compiles each path's RegExp once, instead of on
 * every match (issue 16: matching was ~14% of a signed-in page's CPU). The server runs the
 * CommonJS build, so that is what is checked here.
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
