import { randomBytes } from "node:crypto";
import { PassThrough } from "node:stream";
import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { KeptHtmlContext } from "./utils/kept-html";
import { keeperFor } from "./utils/kept-item.server";
import { NonceContext } from "./utils/nonce";
import { lazyPartsLoaded } from "./utils/lazy-part";

const ABORT_DELAY = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // Crawlers and no-JS clients get the whole document at once; browsers get it streamed.
  const waitForAll = isbot(request.headers.get("user-agent") || "");
  const nonce = loadContext?.cspNonce ?? randomBytes(16).toString("base64");
  // Without a store (development), nothing is kept: every page renders in full.
  const keeper = loadContext?.keptHtml ? keeperFor(loadContext.keptHtml) : () => null;
  // The parts of pages the browser loads later are rendered in full here: their code first.
  await lazyPartsLoaded();
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    let deadline: ReturnType<typeof setTimeout> | undefined;
    const respond = () => {
      shellRendered = true;
      const body = new PassThrough();
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      resolve(
        new Response(createReadableStreamFromReadable(body), {
          headers: responseHeaders,
          status: responseStatusCode,
        }),
      );
      pipe(body);
    };
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <KeptHtmlContext.Provider value={keeper}>
          <RemixServer
            context={remixContext}
            url={request.url}
            abortDelay={ABORT_DELAY}
            nonce={nonce}
          />
        </KeptHtmlContext.Provider>
      </NonceContext.Provider>,
      {
        nonce,
        onShellReady() {
          if (!waitForAll) respond();
        },
        onAllReady() {
          // A finished render no longer needs its deadline: left armed, the timer would keep the
          // whole render alive for 5 s and then abort a stream that has already ended.
          clearTimeout(deadline);
          if (waitForAll) respond();
        },
        onShellError(error: unknown) {
          clearTimeout(deadline);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // A client that hung up mid-stream is not a server error.
          if (shellRendered && !request.signal.aborted) console.error(error);
        },
      },
    );
    deadline = setTimeout(abort, ABORT_DELAY);
  });
}

/** Logs real server errors only: not aborted requests, not 404s for unknown URLs. */
export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  const status = (error as { status?: number })?.status;
  if (status === 404 || /No route matches URL/.test(String((error as Error)?.message))) return;
  console.error(error);
}
