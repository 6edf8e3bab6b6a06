import { describe, expect, it } from "vitest";
import { aboutFromForm, htmlToMarkdown, markdownToHtml } from "./about-format.server";

describe("About as Markdown without JavaScript", () => {
  const html =
    '<h3>Topics</h3><p>Learn <strong>Rust</strong> and <em>Go</em>: <a href="https://example.org">details</a></p><ul><li>one</li><li>two</li></ul><ol><li>first</li><li>second</li></ol>';

  it("shows stored HTML as the Markdown a person would type", () => {
    expect(htmlToMarkdown(html)).toBe(
      "### Topics\n\nLearn **Rust** and *Go*: [details](https://example.org)\n\n- one\n- two\n\n1. first\n2. second",
    );
  });

  it("turns the Markdown back into the same HTML", () => {
    expect(markdownToHtml(htmlToMarkdown(html)).replace(/\n/g, "")).toBe(html);
  });

  it("replaces a Markdown field by its HTML and keeps what was typed", () => {
    const form = new FormData();
    form.set("aboutEvent", "## Hi\r\n\r\n- a");
    form.set("aboutFormat", "markdown");
    expect(aboutFromForm(form)).toBe("## Hi\n\n- a");
    expect(form.get("aboutEvent")).toBe("<h2>Hi</h2>\n<ul>\n<li>a</li>\n</ul>");
  });

  it("leaves HTML from the editor alone", () => {
    const form = new FormData();
    form.set("aboutEvent", "<p>x</p>");
    expect(aboutFromForm(form)).toBeNull();
    expect(form.get("aboutEvent")).toBe("<p>x</p>");
  });
});
