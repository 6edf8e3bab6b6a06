import { data, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useEffect } from "react";
import { AuthLayout } from "#app/components/accounts/AuthLayout";
import * as s from "#app/components/accounts/GoogleLanding.css";
import { callApi } from "#app/utils/api.server";
import { PRODUCT_NAME } from "#app/utils/product";
import { toastHeaders } from "#app/utils/toast.server";

/** SPEC §9: after a Google error the user goes to /login after 2.5 s. */
const ERROR_REDIRECT_MS = 2500;
// Meta refresh counts whole seconds (Chromium drops ".5": "2.5" waits 2 s), so without
// JavaScript it is the first whole second not before 2.5 s.
const ERROR_REFRESH_SECONDS = Math.ceil(ERROR_REDIRECT_MS / 1000);

/**
 * Google sends the browser back here. The query string (code and state, or an error) goes to
 * the backend as is, with the browser's cookies (the state cookie among them); on success the
 * session cookie is passed on and the user goes home.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { search } = new URL(request.url);
  if (search.length <= 1) return redirect("/login");
  const res = await callApi(request, context, `/user/oauth/session/google${search}`);
  if (res.ok) {
    // SPEC §2: the page says 'Redirecting to Home Page' while it moves on (session cookie set here).
    res.headers.set("Cache-Control", "no-store");
    return data({ error: null }, { headers: res.headers });
  }
  // The message is also waiting on /login, which this page moves on to.
  const headers = await toastHeaders({ type: "error", message: res.message }, res.headers);
  headers.set("Cache-Control", "no-store");
  return data({ error: res.message }, { status: res.status >= 500 ? 502 : 400, headers });
}

export default function LoginWithGoogle() {
  const { error } = useLoaderData<typeof loader>();
  useEffect(() => {
    if (!error) {
      window.location.replace("/");
      return;
    }
    // A full load, so /login reads the message cookie like the no-JavaScript refresh does.
    const timer = setTimeout(() => window.location.replace("/login"), ERROR_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [error]);
  if (!error) {
    return (
      <AuthLayout title="Redirecting to Home Page">
        <noscript>
          <meta httpEquiv="refresh" content="0;url=/" />
        </noscript>
        <p className={s.next}>
          Signed in with Google.{" "}
          <Link to="/" reloadDocument>
            Continue
          </Link>
        </p>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title="Google sign-in failed">
      {/* Without JavaScript the browser itself moves on; noscript keeps the two from racing. */}
      <noscript>
        <meta httpEquiv="refresh" content={`${ERROR_REFRESH_SECONDS};url=/login`} />
      </noscript>
      <p role="alert" className={s.error}>
        {error}
      </p>
      <p className={s.next}>
        Taking you back to the login page…{" "}
        <Link to="/login" reloadDocument>
          Go now
        </Link>
      </p>
    </AuthLayout>
  );
}

export const meta: MetaFunction = () => [{ title: `Google sign-in - ${PRODUCT_NAME}` }];
