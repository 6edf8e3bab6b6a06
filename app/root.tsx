import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useMatches,
  useRouteLoaderData,
} from "@remix-run/react";
import { useEffect } from "react";
import "./styles/global.css";
import { GeneralErrorBoundary } from "./components/ErrorBoundary";
import { PendingBar } from "./components/PendingBar";
import { palette } from "./styles/palette";
import { Toast } from "./components/Toast";
import { readToast } from "./utils/toast.server";
import { useNonce } from "./utils/nonce";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { toast, headers } = await readToast(request);
  // Whether the Google buttons can start a sign-in (no client id: they say so instead).
  const googleEnabled = context.config?.googleEnabled ?? !!process.env.GOOGLE_CLIENT_ID;
  return data({ toast, googleEnabled }, { headers });
}

export const links: LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  // SPEC-3 §6: the installable app (the manifest route and public/icons/).
  { rel: "manifest", href: "/manifest.webmanifest" },
  { rel: "apple-touch-icon", href: "/icons/icon-192.png" },
];

/** A route whose `handle` says `scripts: false` is sent without scripts (the offline page). */
function useScripts(): boolean {
  return !useMatches().some(
    (m) => (m.handle as { scripts?: boolean } | undefined)?.scripts === false,
  );
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const rootData = useRouteLoaderData<typeof loader>("root");
  const scripts = useScripts();
  // Marks the page as answering its controls: a change made before hydration runs no handler,
  // so browser tests wait for this before using a control that acts on change.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={palette.brand} />
        <Meta />
        <Links />
      </head>
      <body>
        <PendingBar />
        <Toast toast={rootData?.toast ?? null} />
        {children}
        {scripts && <ScrollRestoration nonce={nonce} />}
        {scripts && <Scripts nonce={nonce} />}
      </body>
    </html>
  );
}

export default function App() {
  useLoaderData<typeof loader>();
  return <Outlet />;
}

export function ErrorBoundary() {
  return (
    <main>
      <GeneralErrorBoundary />
    </main>
  );
}
