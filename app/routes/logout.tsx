import type { ActionFunctionArgs } from "@remix-run/node";
import { callApi } from "~/utils/api.server";
import { redirectWithToast } from "~/utils/toast.server";

/**
 * Logout is a POST (a form on the profile page), so no link or image on another site can log
 * anyone out. The API deletes the session; its cleared cookie is passed on to the browser.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const res = await callApi(request, context, "/user/logout");
  return redirectWithToast("/login", { type: "success", message: "Logged out successfully" }, res.headers);
}
