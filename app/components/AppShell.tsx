import type { ReactNode } from "react";
import { useSearchParams } from "@remix-run/react";
import { container, pageMain, skipLink } from "~/styles/global.css";
import type { User } from "~/utils/user";
import { Footer } from "./Footer";
import { TopBar } from "./TopBar";

/** Top bar, page body and footer: the frame of both the public and the signed-in layouts. */
export function AppShell({ user, children }: { user: User | null; children: ReactNode }) {
  const [params] = useSearchParams();
  return (
    <>
      <a href="#main" className={skipLink}>Skip to content</a>
      <TopBar user={user} searchText={params.get("q") ?? ""} />
      <main id="main" className={`${container} ${pageMain}`}>
        {children}
      </main>
      <Footer />
    </>
  );
}
