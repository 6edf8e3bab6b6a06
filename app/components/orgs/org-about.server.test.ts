import { describe, expect, it } from "vitest";
import { orgAboutHtml } from "./org-about.server";

describe("orgAboutHtml", () => {
  it("renders Markdown", () => {
    const html = orgAboutHtml(
      "# Robots\n\nWe **build** robots.\n\n- Fridays\n- [Site](https://x.org)",
    );
    expect(html).toContain("<h3>Robots</h3>");
    expect(html).toContain("<strong>build</strong>");
    expect(html).toContain("<li>Fridays</li>");
    expect(html).toContain(
      '<a href="https://x.org" target="_blank" rel="noopener noreferrer nofollow ugc">Site</a>',
    );
  });

  it("shows typed HTML as text and drops unsafe links and images", () => {
    const html = orgAboutHtml(
      "<script>alert(1)</script> <img src=x onerror=alert(1)>\n\n[x](javascript:alert(1)) ![pic](https://x.org/a.png)",
    )!;
    expect(html).not.toMatch(/<script|<img|javascript:|onerror=[^&]*>/i);
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).toContain("pic");
  });

  it("is null for nothing", () => {
    expect(orgAboutHtml(null)).toBeNull();
    expect(orgAboutHtml("  \n")).toBeNull();
  });
});
