import { marked } from "marked";
import TurndownService from "turndown";

/**
 * The About text without JavaScript: a plain-text form (a small Markdown subset: headings, bold,
 * italic, lists, links) instead of raw HTML. The no-JS textarea shows the stored HTML as Markdown
 * and sends `aboutFormat=markdown`; the action turns it back into HTML before validating, and the
 * API sanitises it as any About (server/services/events/sanitize.ts). With JavaScript the Lexical editor
 * sends HTML and no format field.
 */
export const ABOUT_FORMAT_FIELD = "aboutFormat";

const turndown = new TurndownService({
  headingStyle: "atx",
  bulletListMarker: "-",
  emDelimiter: "*",
  strongDelimiter: "**",
});
// "- item", not turndown's "-   item": what a person would type.
turndown.addRule("listItem", {
  filter: "li",
  replacement(content, node) {
    const parent = node.parentNode as HTMLElement | null;
    const ordered = parent?.nodeName === "OL";
    const index = parent ? Array.prototype.indexOf.call(parent.children, node) + 1 : 1;
    const marker = ordered ? `${index}. ` : "- ";
    const body = content.replace(/^\n+/, "").replace(/\n+$/, "\n").replace(/\n/gm, "\n   ");
    return `${marker}${body.trimEnd()}${node.nextSibling ? "\n" : ""}`;
  },
});

export function htmlToMarkdown(html: string): string {
  return html.trim() ? turndown.turndown(html) : "";
}

export function markdownToHtml(markdown: string): string {
  return markdown.trim()
    ? (marked.parse(markdown, { async: false, gfm: true }) as string).trim()
    : "";
}

/**
 * A form's About as HTML: when it came as Markdown, the field is replaced in place by its HTML and
 * the typed Markdown is returned (to show again if the form comes back); otherwise null.
 */
export function aboutFromForm(formData: FormData, name = "aboutEvent"): string | null {
  if (formData.get(ABOUT_FORMAT_FIELD) !== "markdown") return null;
  // Browsers send a textarea's line breaks as CRLF.
  const typed = String(formData.get(name) ?? "").replace(/\r\n?/g, "\n");
  formData.set(name, markdownToHtml(typed));
  return typed;
}
