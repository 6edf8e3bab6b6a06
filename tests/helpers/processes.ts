import { spawn, type ChildProcess } from "node:child_process";
import http from "node:http";
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

/**
 * A POST to `url` sent with node:http, with exactly the headers given (a forged Host, a wrong
 * Content-Length, a chunked body): fetch() would not send them as written.
 */
export function rawPost(
  url: string,
  headers: http.OutgoingHttpHeaders,
  onResponse: (res: http.IncomingMessage) => void,
): http.ClientRequest {
  const { hostname, port, pathname } = new URL(url);
  return http.request(
    { host: hostname, port, path: pathname, method: "POST", headers },
    onResponse,
  );
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
  // tsx compiles the sources at start: on a busy machine that alone can take a minute.
  const deadline = Date.now() + 120_000;
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

export interface ServerProcess {
  url: string;
  output: () => string;
  stop(): Promise<void>;
}

/**
 * Starts a whole server the way a person does (`npm start`, `npm run dev`) on a free loopback
 * port, in its own process group so that stopping it also stops what npm started under it.
 * Waits until /api/v1/health answers. `env` values of undefined are removed from the environment.
 */
export async function startServerProcess(
  command: string[],
  env: Record<string, string | undefined>,
  timeoutMs = 120_000,
): Promise<ServerProcess> {
  const port = await freePort();
  const merged: Record<string, string | undefined> = {
    ...process.env,
    HOST: "127.0.0.1",
    PORT: String(port),
    ...env,
  };
  for (const [k, v] of Object.entries(merged)) if (v === undefined) delete merged[k];
  let output = "";
  const [cmd, ...args] = command;
  const child = spawn(cmd!, args, {
    env: merged as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const exited = new Promise((r) => child.once("exit", r));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    process.kill(-child.pid!, "SIGTERM");
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5_000))]);
    if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, "SIGKILL");
  };
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${command.join(" ")} exited:\n${output}`);
    try {
      if ((await fetch(`${url}/api/v1/health`)).ok) break;
    } catch {
      /* starting */
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`${command.join(" ")} did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { url, output: () => output, stop };
}
