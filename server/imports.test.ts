import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Arrows run one way from the composition root (`server/deps.ts`): it imports the job registry,
 * which imports services, which import the `Deps` type from `server/lib/deps.ts`. Nothing it
 * reaches may import it back, so no import circle runs through it (issue 44).
 */
const root = path.resolve(import.meta.dirname, "..");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });
}

function resolve(from: string, spec: string): string | null {
  let base: string;
  if (spec.startsWith("#server/")) base = path.join(root, "server", spec.slice(8));
  else if (spec.startsWith("./") || spec.startsWith("../"))
    base = path.resolve(path.dirname(from), spec);
  else return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts")]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** Every module a file imports, type-only imports included (a circle of types is one too). */
function importsOf(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const specs = [...text.matchAll(/(?:from|import)\s*\(?\s*"([^"]+)"/g)].map((m) => m[1]);
  return specs.map((s) => resolve(file, s)).filter((f): f is string => f !== null);
}

describe("server imports", () => {
  const files = sourceFiles(path.join(root, "server"));
  const graph = new Map(files.map((f) => [f, importsOf(f)]));
  const composition = path.join(root, "server", "deps.ts");

  it("reads the imports it checks", () => {
    expect(graph.get(composition)).toContain(path.join(root, "server", "jobs", "handlers.ts"));
  });

  it("runs no import circle through server/deps.ts", () => {
    const seen = new Set<string>();
    const circle: string[] = [];
    const visit = (file: string, trail: string[]) => {
      for (const next of graph.get(file) ?? []) {
        if (next === composition)
          circle.push([...trail, file].map((f) => path.relative(root, f)).join(" → "));
        else if (!seen.has(next)) {
          seen.add(next);
          visit(next, [...trail, file]);
        }
      }
    };
    visit(composition, []);
    expect(circle).toEqual([]);
  });

  it("has only entry points import the composition root", () => {
    const importers = files
      .filter((f) => graph.get(f)?.includes(composition))
      .map((f) => path.relative(root, f));
    expect(importers).toEqual(["server/main.ts"]);
  });
});
