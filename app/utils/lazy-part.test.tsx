import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { lazyPart, lazyPartsLoaded } from "./lazy-part";

const Hello = lazyPart(async () => ({ name }: { name: string }) => <p>Hello {name}</p>);

describe("lazyPart on the server", () => {
  it("renders the part in full, not its fallback, once the parts' code is loaded", async () => {
    await lazyPartsLoaded();
    // renderToString cannot wait: a part that suspended would leave its (empty) fallback here.
    const html = renderToString(<Hello name="Asha" />);
    expect(html).toContain("<p>Hello <!-- -->Asha</p>");
    expect(html).not.toContain("<!--$!-->");
  });

  it("loads a part's code once", async () => {
    let loads = 0;
    const Part = lazyPart(async () => {
      loads++;
      return () => <span>part</span>;
    });
    await Promise.all([Part.preload(), Part.preload(), lazyPartsLoaded()]);
    expect(loads).toBe(1);
  });
});
