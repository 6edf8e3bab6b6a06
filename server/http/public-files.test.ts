import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { publicFilePaths } from "./public-files";

describe("publicFilePaths", () => {
  const root = mkdtempSync(path.join(os.tmpdir(), "utsav-public-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("lists the files outside assets/ as request paths, nested ones too", () => {
    mkdirSync(path.join(root, "assets"), { recursive: true });
    mkdirSync(path.join(root, "icons"), { recursive: true });
    writeFileSync(path.join(root, "favicon.svg"), "<svg/>");
    writeFileSync(path.join(root, "icons", "a.png"), "x");
    writeFileSync(path.join(root, "assets", "root-abc.js"), "x");
    expect([...publicFilePaths(root)].sort()).toEqual(["/favicon.svg", "/icons/a.png"]);
  });

  it("is empty for a build that is not there", () => {
    expect(publicFilePaths(path.join(root, "missing")).size).toBe(0);
  });
});
