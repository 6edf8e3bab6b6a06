import type { SharedAnswers } from "./api-shared.server";
import type { KeptHtmlStore } from "./kept-html";

/** What the process (server.ts) hands every loader and action. */
export interface PublicConfig {
  appUrl: string;
  googleEnabled: boolean;
  feedbackFormUrl?: string;
  /** PAGE_CACHE_SECONDS: how old a kept page may be, and so a page's clock (pageNow). */
  pageCacheSeconds?: number;
}

export interface ApiFetch {
  fetch(
    request: Request,
    env?: { clientIp?: string; sessionReads?: Map<string, Promise<unknown>> },
  ): Response | Promise<Response>;
}

declare module "@remix-run/node" {
  interface AppLoadContext {
    api: ApiFetch;
    cspNonce: string;
    clientIp: string;
    config: PublicConfig;
    /** Public API answers shared for their max-age (api-shared.server.ts). */
    sharedAnswers: SharedAnswers;
    /** HTML of elements kept for their key (kept-html.tsx); none in development. */
    keptHtml?: KeptHtmlStore;
    /** This page request's session reads, shared by its GETs to the API (server/http/session.ts). */
    sessionReads?: Map<string, Promise<unknown>>;
  }
}
