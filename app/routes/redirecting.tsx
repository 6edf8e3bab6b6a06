import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useNavigate } from "@remix-run/react";
import { useEffect } from "react";
import { AuthLayout } from "#app/components/accounts/AuthLayout";
import * as s from "#app/components/accounts/GoogleLanding.css";
import { PRODUCT_NAME } from "#app/utils/product";
import { safeRedirect } from "#app/utils/safe-redirect";
import { WAIT_BEFORE_MOVE_MS } from "#app/utils/toast";

/**
 * SPEC §4 and §8: where a step must give up (the session ended, the event is unknown) the
 * message shows for 2 s before the move. `redirectAfterWait()` sends the browser here with the
 * message in the toast cookie (the red banner, from the root); this page then moves on: after 2 s
 * with JavaScript, by a meta refresh without it.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const to = safeRedirect(new URL(request.url).searchParams.get("to"), "/");
  return data({ to }, { headers: { "Cache-Control": "no-store" } });
}

function placeName(to: string): string {
  const path = to.split("?")[0];
  if (path === "/login") return "the login page";
  if (path === "/event/category") return "Event Category";
  return "the next page";
}

export default function Redirecting() {
  const { to } = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => navigate(to, { replace: true }), WAIT_BEFORE_MOVE_MS);
    return () => clearTimeout(timer);
  }, [to, navigate]);
  return (
    <AuthLayout title="One moment">
      {/* Without JavaScript the browser itself moves on; noscript keeps the two from racing. */}
      <noscript>
        <meta httpEquiv="refresh" content={`${WAIT_BEFORE_MOVE_MS / 1000};url=${to}`} />
      </noscript>
      <p className={s.next}>
        Taking you to {placeName(to)}… <Link to={to}>Go now</Link>
      </p>
    </AuthLayout>
  );
}

export const meta: MetaFunction = () => [
  { title: `Redirecting - ${PRODUCT_NAME}` },
  { name: "robots", content: "noindex" },
];
