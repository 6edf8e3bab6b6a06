import { readFileSync } from "node:fs";
import { parseEnv } from "node:util";
import { expect, it } from "vitest";
import { envSchema, readConfig } from "./config";

// .env.example is what the README sends operators to: every setting, each with its working default.
const text = readFileSync(".env.example", "utf8");
const documented = [...text.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]);
// Empty means unset, as readConfig reads it.
const given = Object.fromEntries(Object.entries(parseEnv(text)).filter(([, v]) => v !== ""));

it("documents every setting the server reads, and no other", () => {
  const settings = Object.keys(envSchema.shape).filter((k) => k !== "NODE_ENV");
  expect([...documented].sort()).toEqual([...settings].sort());
});

it("gives each setting its default: the example configures exactly what no configuration does", () => {
  const env = { NODE_ENV: "production" } as const;
  expect(readConfig({ ...given, ...env })).toEqual(readConfig(env));
  // Also the settings that configuration leaves unused (S3_REGION without a bucket). APP_URL has
  // no default of its own: it is derived from PORT, which the line above compares.
  const { APP_URL: _, ...rest } = given;
  expect(envSchema.parse({ ...rest, ...env })).toEqual(envSchema.parse(env));
});
