import { describe, expect, it } from "vitest";
import { sanitizeAbout } from "./sanitize";

describe("sanitizeAbout", () => {
  it("keeps what the editor makes", () => {
    const html =
      "<h2>Rules</h2><p><strong>Bold</strong> <em>it</em> <u>u</u> <s>s</s></p><ol><li>One</li></ol><blockquote>q</blockquote>";
    expect(sanitizeAbout(html)).toBe(html);
  });
  it("drops classes, styles and spans Lexical adds, keeping their text", () => {
    expect(
      sanitizeAbout('<p class="x" dir="ltr"><span style="white-space: pre-wrap;">Hello</span></p>'),
    ).toBe("<p>Hello</p>");
  });
  it("makes every link safe", () => {
    expect(sanitizeAbout('<a href="https://x.example" target="_self" rel="opener">x</a>')).toBe(
      '<a href="https://x.example" target="_blank" rel="noopener noreferrer nofollow">x</a>',
    );
    expect(sanitizeAbout('<a href="mailto:a@b.in">m</a>')).toContain('href="mailto:a@b.in"');
    for (const bad of [
      "javascript:alert(1)",
      " javascript:alert(1)",
      "java\tscript:alert(1)",
      "&#x6A;avascript:alert(1)",
      "vbscript:x",
      "data:text/html,<script>alert(1)</script>",
      "//evil.example",
    ]) {
      expect(sanitizeAbout(`<a href="${bad}">x</a>`), bad).not.toMatch(/href/);
    }
  });
  it.each([
    "<script>alert(1)</script>",
    "<img src=x onerror=alert(1)>",
    "<svg onload=alert(1)>",
    "<iframe srcdoc='<script>alert(1)</script>'></iframe>",
    "<form><button formaction=javascript:alert(1)>x</button></form>",
    "<p onclick=alert(1) style='color:red'>x</p>",
    "<math><mi xlink:href=javascript:alert(1)>x</mi></math>",
    '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
    '<svg></p><style><a id="</style><img src=1 onerror=alert(1)>">',
    '<a href="javascript&colon;alert(1)">x</a>',
    "<object data=javascript:alert(1)>",
    "<input autofocus onfocus=alert(1)>",
    "<video><source onerror=alert(1)>",
    "<details open ontoggle=alert(1)>",
    "<base href=javascript:alert(1)//>",
    "<meta http-equiv=refresh content='0;url=javascript:alert(1)'>",
    "<link rel=stylesheet href=//evil.example/x.css>",
    "<style>@import 'https://evil.example';</style>",
    "<textarea><script>alert(1)</script></textarea>",
    "<template><script>alert(1)</script></template>",
  ])("leaves nothing executable of %s", (payload) => {
    const out = sanitizeAbout(`<p>ok</p>${payload}`);
    expect(out).not.toMatch(
      /<(script|img|svg|iframe|form|button|math|object|input|video|source|details|base|meta|link|style|textarea|template)\b/i,
    );
    expect(out).not.toMatch(/\son[a-z]+\s*=|javascript:|style=/i);
    expect(sanitizeAbout(out)).toBe(out);
  });
  it("turns plain text into escaped paragraphs", () => {
    expect(sanitizeAbout("a < b\nc\n\nd")).toBe("<p>a &lt; b<br />c</p><p>d</p>");
    expect(sanitizeAbout("   ")).toBe("");
  });
});
