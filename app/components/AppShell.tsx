import type { ReactNode } from "react";
import { useLocation, useSearchParams } from "@remix-run/react";
import { container, pageMain, skipLink } from "#app/styles/global.css";
import type { User } from "#app/utils/user";
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
