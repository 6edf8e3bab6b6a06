import { Marked } from "marked";
import sanitizeHtml from "sanitize-html";

/**
 * An organisation's About (SPEC-4 §4: Markdown, up to 2,000 characters) as safe HTML, made on the
 * server so the page carries no Markdown reader. HTML typed into the Markdown is shown as text, and
 * what Markdown makes passes an allow-list: text, headings, emphasis, lists, quotes, code and
 * links (http, https and mailto only, opening in a new tab without an opener). No images.
 */
const asText = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

const markdown = new Marked({
  gfm: true,
  breaks: true,
  async: false,
  renderer: {
    html: ({ text }) => asText(text),
    image: ({ text }) => asText(text),
  },
});

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    "p",
    "br",
    "h3",
    "h4",
    "strong",
    "em",
    "del",
    "ul",
    "ol",
    "li",
    "a",
    "blockquote",
    "code",
    "pre",
    "hr",
  ],
  allowedAttributes: { a: ["href", "target", "rel"] },
  allowedSchemes: ["http", "https", "mailto"],
  allowProtocolRelative: false,
  disallowedTagsMode: "escape",
  transformTags: {
    // The page's own h1 and h2 stay the page's: an About's headings sit below them.
    h1: "h3",
    h2: "h3",
    h5: "h4",
    h6: "h4",
    a: (_tag, attribs) => ({
      tagName: "a",
      attribs: {
        ...(attribs.href ? { href: attribs.href } : {}),
        target: "_blank",
        rel: "noopener noreferrer nofollow ugc",
      },
    }),
  },
};

export function orgAboutHtml(about: string | null): string | null {
  if (!about?.trim()) return null;
  const html = markdown.parse(about.replace(/\r\n?/g, "\n")) as string;
  return sanitizeHtml(html, OPTIONS).trim() || null;
}
