import type { ReactNode } from "react";
import { Outlet, useLocation, useSearchParams } from "@remix-run/react";
import { container, pageMain, skipLink } from "#app/styles/global.css";
import type { User } from "#app/utils/user";
import { useOptionalUser } from "#app/utils/use-user";
import { GeneralErrorBoundary } from "./ErrorBoundary";
import { Footer } from "./Footer";
import { TopBar } from "./TopBar";
import * as s from "./AppShell.css";

/** Top bar, page body and footer: the frame of both the public and the signed-in layouts. */
export function AppShell({ user, children }: { user: User | null; children: ReactNode }) {
  const [params] = useSearchParams();
  const onSearchPage = useLocation().pathname.replace(/\/$/, "") === "/event/search";
  // On the search page the top bar's box refines the current search: it keeps type and mode.
  const keep = onSearchPage
    ? { type: params.get("type") ?? "", mode: params.get("mode") ?? "" }
    : undefined;
  return (
    <div className={s.shell}>
      <a href="#main" className={skipLink}>
        Skip to content
      </a>
      <TopBar user={user} searchText={params.get("q") ?? ""} keep={keep} />
      <main id="main" className={`${container} ${pageMain} ${s.main}`}>
        {children}
      </main>
      <Footer />
    </div>
  );
}

/** The page of a layout route (public or signed-in): the frame around the matched page. */
export function ShellLayout() {
  return (
    <AppShell user={useOptionalUser()}>
      <Outlet />
    </AppShell>
  );
}

/** An error in a page keeps the frame: top bar, menu and footer around the error screen. */
export function ShellErrorBoundary() {
  return (
    <AppShell user={useOptionalUser()}>
      <GeneralErrorBoundary />
    </AppShell>
  );
}
