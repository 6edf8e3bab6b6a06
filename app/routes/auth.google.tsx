import { type ActionFunctionArgs, redirect } from "@remix-run/node";
import { callApi } from "#app/utils/api.server";
import { safeRedirect } from "#app/utils/safe-redirect";
import { redirectWithToast } from "#app/utils/toast.server";

/** The Google buttons post here; there is nothing to show on a GET. */
export async function loader() {
  return redirect("/login");
}

/** Asks the backend for Google's consent URL and sends the browser there with the state cookie. */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const res = await callApi<{ url: string }>(request, context, "/user/oauth/google", {
    method: "POST",
  });
  if (!res.ok || !res.data?.url) {
    const back = safeRedirect(form.get("from"), "/login");
    return redirectWithToast(back, {
      type: "error",
      message: res.message || "Google sign-in is unavailable.",
    });
  }
  return redirect(res.data.url, { headers: res.headers });
}
