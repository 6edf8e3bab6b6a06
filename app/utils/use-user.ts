import { useRouteLoaderData } from "@remix-run/react";
import type { User } from "./user";

/** The signed-in user from whichever layout loaded it, or null. */
export function useOptionalUser(): User | null {
  const pub = useRouteLoaderData<{ user: User | null }>("routes/_public");
  const priv = useRouteLoaderData<{ user: User }>("routes/_user");
  return priv?.user ?? pub?.user ?? null;
}
