import { renderToString } from "react-dom/server";
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
} from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import { GoogleButton } from "./GoogleButton";

/** The button as /login renders it, with the root loader saying whether Google is configured. */
async function renderOnLogin(googleEnabled: boolean): Promise<string> {
  const { dataRoutes, query } = createStaticHandler([
    { id: "root", path: "/login", Component: GoogleButton, loader: () => ({ googleEnabled }) },
  ]);
  const context = await query(new Request("http://localhost/login"));
  if (context instanceof Response) throw new Error("unexpected redirect");
  return renderToString(
    <StaticRouterProvider router={createStaticRouter(dataRoutes, context)} context={context} />,
  );
}

describe("GoogleButton", () => {
  it("is a plain form posting to /auth/google, so it works without JavaScript", async () => {
    const html = await renderOnLogin(true);
    expect(html).toMatch(/<form[^>]*method="post"[^>]*action="\/auth\/google"/);
    expect(html).toContain('name="from" value="/login"');
    expect(html).toMatch(/<button type="submit"[^>]*>.*Continue with Google<\/button>/s);
  });

  it("says Google sign-in is not configured without a client id, and offers no form", async () => {
    const html = await renderOnLogin(false);
    expect(html).toContain("Google sign-in is not configured.");
    expect(html).not.toContain("<form");
  });
});
