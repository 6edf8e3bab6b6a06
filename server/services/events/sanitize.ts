import sanitizeHtml from "sanitize-html";

/**
 * The About text as stored: only the tags the editor makes survive (paragraphs, headings, bold,
 * italic, underline, strike, lists, links, quotes). Links keep an http(s)/mailto href and always
 * open in a new tab without an opener. Scripts, styles, frames and forms are dropped with their
 * content; every other attribute (event handlers, style, class) is dropped.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    "p",
    "br",
    "h1",
    "h2",
    "h3",
    "h4",
    "strong",
    "b",
    "em",
    "i",
    "u",
    "s",
    "ul",
    "ol",
    "li",
    "a",
    "blockquote",
  ],
  allowedAttributes: { a: ["href", "target", "rel"] },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  allowVulnerableTags: false,
  disallowedTagsMode: "discard",
  nonTextTags: [
    "script",
    "style",
    "textarea",
    "option",
    "noscript",
    "iframe",
    "object",
    "embed",
    "form",
    "template",
    "svg",
    "math",
    "title",
    "xmp",
    "noembed",
    "noframes",
    "plaintext",
  ],
  transformTags: {
    a: (_tagName, attribs) => ({
      tagName: "a",
      attribs: {
        ...(attribs.href ? { href: attribs.href } : {}),
        target: "_blank",
        rel: "noopener noreferrer nofollow",
      },
    }),
  },
  exclusiveFilter: (frame) => frame.tag === "a" && !frame.attribs.href && !frame.text.trim(),
};

function escapeText(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}

/** Plain text (the About textarea without JavaScript) becomes paragraphs and line breaks. */
function textToHtml(text: string): string {
  return text
    .split(/\r?\n\s*\r?\n/)
    .map((para) => para.trim())
    .filter(Boolean)
    .map((para) => `<p>${escapeText(para).replace(/\r?\n/g, "<br />")}</p>`)
    .join("");
}

export function sanitizeAbout(input: string | null | undefined): string {
  const value = (input ?? "").trim();
  if (!value) return "";
  const html = /<[a-z!/?]/i.test(value) ? value : textToHtml(value);
  // Twice: the second pass must change nothing, which guards against mutation-XSS round trips.
  return sanitizeHtml(sanitizeHtml(html, OPTIONS), OPTIONS).trim();
}
