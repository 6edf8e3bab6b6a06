import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { dispatchToApi } from "#app/utils/api.server";

/** Mounts the /api/v1 backend: the browser's request goes to the Hono app as it is. */
export const loader = ({ request, context }: LoaderFunctionArgs) => dispatchToApi(request, context);
export const action = ({ request, context }: ActionFunctionArgs) => dispatchToApi(request, context);
