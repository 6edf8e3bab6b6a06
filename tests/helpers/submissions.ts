import { readFileSync } from "node:fs";
import { strToU8, zipSync } from "fflate";

/** Files a submission may carry (SPEC-3 §2: PDF, PPTX or ZIP by their bytes) and some it may not. */
const CONTENT_TYPES = (part: string, type: string) =>
  `<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/${part}" ContentType="${type}"/></Types>`;

export const FILES = {
  pdf: () => new Uint8Array(readFileSync("tests/fixtures/brochure.pdf")),
  pptx: () =>
    zipSync({
      "[Content_Types].xml": strToU8(
        CONTENT_TYPES(
          "ppt/presentation.xml",
          "application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml",
        ),
      ),
      "ppt/presentation.xml": strToU8("<p:presentation/>"),
    }),
  zip: (text = "hello") => zipSync({ "notes.txt": strToU8(text) }),
  docx: () =>
    zipSync({
      "[Content_Types].xml": strToU8(
        CONTENT_TYPES(
          "word/document.xml",
          "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml",
        ),
      ),
      "word/document.xml": strToU8("<w:document/>"),
    }),
  png: () => new Uint8Array(readFileSync("tests/fixtures/logo.png")),
};

/** A multipart body: scalar fields, `links` repeated (one field per link), and a file. */
export function submissionForm(
  fields: Record<string, string>,
  links: string[] = [],
  file?: { bytes: Uint8Array; name: string },
): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const link of links) form.append("links", link);
  if (file) form.append("file", new File([file.bytes as Uint8Array<ArrayBuffer>], file.name));
  return form;
}
