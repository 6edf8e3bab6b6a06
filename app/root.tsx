import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import {
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import "./styles/global.css";
import { PendingBar } from "./components/PendingBar";
import { Toast } from "./components/Toast";
import { readToast } from "./utils/toast.server";
import { useNonce } from "./utils/nonce";
import { PRODUCT_NAME } from "./utils/product";
import { button } from "./styles/recipes.css";
import * as s from "./root.css";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { toast, headers } = await readToast(request);
  // Whether the Google buttons can start a sign-in (no client id: they say so instead).
  const googleEnabled = context.config?.googleEnabled ?? !!process.env.GOOGLE_CLIENT_ID;
  return data({ toast, googleEnabled }, { headers });
}

export const links: LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const rootData = useRouteLoaderData<typeof loader>("root");
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#5b2bd6" />
        <Meta />
        <Links />
      </head>
      <body>
        <PendingBar />
        <Toast toast={rootData?.toast ?? null} />
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  useLoaderData<typeof loader>();
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const unavailable = isRouteErrorResponse(error) && error.status === 503;
  const detail = unavailable
    ? "503 Service Unavailable: we are having trouble right now. Please try again in a minute."
    : isRouteErrorResponse(error)
      ? `${error.status} ${error.statusText || (typeof error.data === "string" ? error.data : "")}`.trim()
      : error instanceof Error
        ? error.message
        : "Unknown error";
  return (
    <main className={s.errorPage}>
      <title>{`Error - ${PRODUCT_NAME}`}</title>
      <h1>Unexpected Application Error!</h1>
      <p className={s.errorText} data-testid="error-detail">
        {detail}
      </p>
      <Link to="/" className={button({ tone: "secondary" })}>
        Back to Home
      </Link>
    </main>
  );
}
