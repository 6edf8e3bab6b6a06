/** What the process (server.ts) hands every loader and action. */
export interface PublicConfig {
  appUrl: string;
  googleEnabled: boolean;
  feedbackFormUrl?: string;
}

export interface ApiFetch {
  fetch(request: Request, env?: { clientIp?: string }): Response | Promise<Response>;
}

declare module "@remix-run/node" {
  interface AppLoadContext {
    api: ApiFetch;
    cspNonce: string;
    clientIp: string;
    config: PublicConfig;
  }
}
