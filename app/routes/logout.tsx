import type { ActionFunctionArgs } from "@remix-run/node";
import { callApi } from "#app/utils/api.server";
import { redirectWithToast } from "#app/utils/toast.server";

/** A GET never logs anyone out (a link or an image on another page could send one). */
export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}

/**
 * Logout is a POST (a form on the profile page). The API deletes the session; its cleared cookie
 * is passed on to the browser.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const res = await callApi(request, context, "/user/logout");
  return redirectWithToast(
    "/login",
    { type: "success", message: "Logged out successfully" },
    res.headers,
  );
}
