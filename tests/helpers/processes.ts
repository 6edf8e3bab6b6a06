import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
    s.on("error", reject);
  });
}

export interface ApiProcess {
  url: string;
  child: ChildProcess;
  output: () => string;
  stop(): Promise<void>;
}

/** Starts the backend alone (`server/main.ts`) as its own process on loopback. */
export async function startApiProcess(env: Record<string, string>): Promise<ApiProcess> {
  const port = await freePort();
  let output = "";
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    env: { ...process.env, NODE_ENV: "test", HOST: "127.0.0.1", PORT: String(port), ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`API process exited:\n${output}`);
    try {
      if ((await fetch(`${url}/api/v1/health`)).ok) break;
    } catch {
      /* starting */
    }
    if (Date.now() > deadline) throw new Error(`API process did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 150));
  }
  return {
    url,
    child,
    output: () => output,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
    },
  };
}
