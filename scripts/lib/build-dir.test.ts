import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterEach, describe, expect, it } from "vitest";
import { resolveBuildDir } from "./build-dir.mjs";

const run = promisify(execFile);

describe("resolveBuildDir", () => {
  const root = path.join(os.tmpdir(), "utsav", "checkout");

  it("reads an unset, empty or blank BUILD_DIR as build/, as package.json's ${BUILD_DIR:-build}", () => {
    for (const value of [undefined, "", "  "])
      expect(resolveBuildDir(value, root)).toBe(path.join(root, "build"));
  });

  it("takes a folder inside the project, or beside it", () => {
    expect(resolveBuildDir("build-mine", root)).toBe(path.join(root, "build-mine"));
    expect(resolveBuildDir("out/web", root)).toBe(path.join(root, "out", "web"));
    expect(resolveBuildDir("../checkout-build", root)).toBe(`${root}-build`);
  });

  it("refuses the project folder and every folder above it", () => {
    for (const value of [".", "./", "..", "../..", "/", root, "build/..", path.dirname(root)])
      expect(() => resolveBuildDir(value, root), value).toThrow(/project folder or a folder above it/);
  });
});

// `npm start`'s first step, run in a throwaway copy (never the real checkout): its package.json
// "build" leaves a mark, so a test sees whether a build was started, and for which folder.
describe("scripts/ensure-build.mjs", () => {
  let tmp: string;
  afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

  function makeCopy(): string {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), "utsav-ensure-build-"));
    const project = path.join(tmp, "project");
    fs.mkdirSync(path.join(project, "scripts", "lib"), { recursive: true });
    for (const f of ["scripts/ensure-build.mjs", "scripts/lib/build-dir.mjs"])
      fs.copyFileSync(f, path.join(project, f));
    fs.mkdirSync(path.join(project, "app"));
    fs.writeFileSync(path.join(project, "app", "root.tsx"), "export {};\n");
    const mark = 'require("fs").writeFileSync("built", process.env.BUILD_DIR ?? "(unset)")';
    fs.writeFileSync(
      path.join(project, "package.json"),
      JSON.stringify({ name: "copy", private: true, scripts: { build: `node -e '${mark}'` } }),
    );
    // A build in build/, newer than the sources.
    const later = new Date(Date.now() + 60_000);
    for (const f of ["server/index.js", "client/sw.js", "node/start.js", "node/server.js", "node/api.js"]) {
      const file = path.join(project, "build", f);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, "");
      fs.utimesSync(file, later, later);
    }
    return project;
  }

  function ensureBuild(project: string, BUILD_DIR: string) {
    return run(process.execPath, ["scripts/ensure-build.mjs"], {
      cwd: project,
      env: { ...process.env, BUILD_DIR },
    });
  }

  it("with BUILD_DIR empty, finds the build in build/ and builds nothing", async () => {
    const project = makeCopy();
    await ensureBuild(project, "");
    expect(fs.existsSync(path.join(project, "built"))).toBe(false);
  });

  it.each(["..", "."])(
    "with BUILD_DIR=%s, exits with an error, builds nothing and deletes nothing",
    async (value) => {
      const project = makeCopy();
      const before = fs.readdirSync(tmp).concat(fs.readdirSync(project)).sort();
      const failed = await ensureBuild(project, value).then(
        () => null,
        (e: { code: number; stderr: string }) => e,
      );
      expect(failed?.code).toBe(1);
      expect(failed?.stderr).toMatch(/project folder or a folder above it/);
      expect(fs.existsSync(path.join(project, "built"))).toBe(false);
      expect(fs.readdirSync(tmp).concat(fs.readdirSync(project)).sort()).toEqual(before);
    },
  );
});
