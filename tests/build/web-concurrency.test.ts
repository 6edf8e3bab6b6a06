import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ServerProcess, startServerProcess } from "#tests/helpers/processes";

/**
 * `WEB_CONCURRENCY=2 npm start`: two processes of the web server on one port (node:cluster), one
 * of them with the mail and job worker; stopped together by one SIGTERM.
 */
let server: ServerProcess;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "utsav-cluster-"));
  server = await startServerProcess(["npm", "start"], {
    DATA_DIR: dataDir,
    DATABASE_URL: undefined,
    API_URL: undefined,
    NODE_ENV: undefined,
    MAIL_WORKER: "on",
    WEB_CONCURRENCY: "2",
  });
});

afterAll(async () => {
  await server?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("WEB_CONCURRENCY=2 npm start", () => {
  const running = () =>
    [...server.output().matchAll(/Utsav is running on \S+ \(process (\d+), ([^)]+)\)/g)].map(
      (m) => ({ pid: Number(m[1]), mail: m[2] }),
    );
  const bothRunning = async (count: number) => {
    const deadline = Date.now() + 60_000;
    while (running().length < count && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 200));
    return running();
  };

  it("runs two processes on one port, one of them sending mail", async () => {
    const started = await bothRunning(2);
    expect(server.output()).toContain("[cluster] 2 web processes");
    expect(new Set(started.map((p) => p.pid)).size).toBe(2);
    expect(started.map((p) => p.mail).sort()).toEqual([
      "leaves mail to another process",
      "sends mail",
    ]);
    for (let i = 0; i < 6; i++) {
      const res = await fetch(`${server.url}/login`, { headers: { Connection: "close" } });
      expect(res.status).toBe(200);
    }
  });

  it("starts a process that dies again, with its part (the mail)", async () => {
    const [first] = (await bothRunning(2)).filter((p) => p.mail === "sends mail");
    process.kill(first!.pid, "SIGKILL");
    const after = await bothRunning(3);
    expect(after[2]!.mail).toBe("sends mail");
    expect(after[2]!.pid).not.toBe(first!.pid);
    const res = await fetch(`${server.url}/api/v1/health`, { headers: { Connection: "close" } });
    expect(res.status).toBe(200);
  });
});
