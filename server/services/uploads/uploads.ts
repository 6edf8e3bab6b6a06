import { fileTypeFromBuffer } from "file-type";
import sharp from "sharp";
import { FILE_TOO_LARGE, MAX_UPLOAD_BYTES } from "#server/contracts/constants";
import type { Deps } from "#server/lib/deps";
import { ApiError, badRequest, tooLarge, unsupported } from "#server/lib/errors";
import { contentKey } from "#server/storage/storage";

/** Raster formats we accept for pictures; SVG and anything else are refused. */
const IMAGE_TYPES = new Set(["image/jpeg", "image/png", "image/webp", "image/gif", "image/avif"]);

/** Brochures: PDF and spreadsheets, told apart by their bytes (csv has none: checked as text). */
const DOCUMENT_TYPES: Record<string, string> = {
  "application/pdf": "pdf",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": "xlsx",
  "application/x-cfb": "xls",
  "application/vnd.ms-excel": "xls",
  "application/vnd.oasis.opendocument.spreadsheet": "ods",
};

export interface ImageVariant {
  /** How the stored picture is shaped: `cover` crops to the box, `inside` keeps the whole picture. */
  width: number;
  height: number;
  fit: "cover" | "inside";
  /** Narrower copies stored beside it as `{key}-w{width}.webp`, for srcset on small screens. */
  smaller?: number[];
}

/** Sizes per use: small square avatars and logos, a wide banner. */
export const IMAGE_USES = {
  avatar: { width: 256, height: 256, fit: "cover" as const },
  logo: { width: 320, height: 320, fit: "cover" as const, smaller: [128] },
  banner: { width: 1600, height: 600, fit: "cover" as const, smaller: [800] },
} satisfies Record<string, ImageVariant>;

export function fileUrl(key: string | null | undefined): string | null {
  return key ? `/api/v1/files/${key}` : null;
}

async function bytesOf(file: File, fieldLabel: string): Promise<Uint8Array> {
  if (file.size > MAX_UPLOAD_BYTES) throw tooLarge(FILE_TOO_LARGE);
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (bytes.byteLength > MAX_UPLOAD_BYTES) throw tooLarge(FILE_TOO_LARGE);
  if (bytes.byteLength === 0) throw badRequest(`${fieldLabel} is empty`);
  return bytes;
}

/**
 * Stores an uploaded picture: type from its bytes (never the name or the client's type),
 * re-encoded with sharp to WebP at the size of its use, metadata stripped. Answers the storage key.
 */
export async function storeImage(
  deps: Pick<Deps, "db" | "storage" | "clock">,
  file: File,
  use: keyof typeof IMAGE_USES,
): Promise<string> {
  const bytes = await bytesOf(file, "Image");
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !IMAGE_TYPES.has(type.mime)) {
    throw unsupported("Please upload an image (JPEG, PNG, WebP, GIF or AVIF)");
  }
  const size = IMAGE_USES[use];
  let webp: Buffer;
  try {
    webp = await sharp(bytes, { limitInputPixels: 50_000_000, animated: false })
      .rotate()
      .resize({
        width: size.width,
        height: size.height,
        fit: size.fit,
        withoutEnlargement: (size.fit as string) === "inside",
      })
      .webp({ quality: 80 })
      .toBuffer();
  } catch {
    throw unsupported("This image could not be read. Please upload another one.");
  }
  const key = contentKey(webp, "webp");
  // The narrower copies first: once the main row exists, its variants do too.
  for (const width of (size as ImageVariant).smaller ?? []) {
    const small = await sharp(webp).resize({ width }).webp({ quality: 78 }).toBuffer();
    await saveUpload(deps, variantKey(key, width), small, "image/webp", use);
  }
  await saveUpload(deps, key, webp, "image/webp", use);
  return key;
}

/** `abc.webp` → `abc-w800.webp`: the stored copy of an image at a smaller width. */
export function variantKey(key: string, width: number): string {
  return key.replace(/\.webp$/, `-w${width}.webp`);
}

/** Stores a brochure: PDF or spreadsheet (xlsx, xls, ods, csv), by its bytes. Answers the key. */
export async function storeDocument(
  deps: Pick<Deps, "db" | "storage" | "clock">,
  file: File,
  kind: string,
): Promise<string> {
  const bytes = await bytesOf(file, "File");
  const type = await fileTypeFromBuffer(bytes);
  let ext = type ? DOCUMENT_TYPES[type.mime] : undefined;
  let mime = type?.mime ?? "";
  if (!type && looksLikeCsv(bytes)) {
    ext = "csv";
    mime = "text/csv";
  }
  if (!ext) throw unsupported("Please upload a PDF or a spreadsheet (xlsx, xls, ods or csv)");
  if (ext === "xls") mime = "application/vnd.ms-excel";
  const key = contentKey(bytes, ext);
  await saveUpload(deps, key, bytes, mime, kind);
  return key;
}

/** Submission files (SPEC-3 §2): PDF, PPTX or ZIP, by their bytes. */
const SUBMISSION_TYPES: Record<string, string> = {
  "application/pdf": "pdf",
  "application/vnd.openxmlformats-officedocument.presentationml.presentation": "pptx",
  "application/zip": "zip",
};
export const SUBMISSION_UPLOAD = "submission";

/**
 * Stores a submission's file: PDF, PPTX or ZIP judged by its bytes (400 'Only PDF, PPTX or ZIP
 * files' under `file` otherwise). Its key ends in `-sub`, so it is never the key of a public upload,
 * and `GET /files/{key}` does not serve it: only the submission's own route does, to those allowed.
 */
export async function storeSubmissionFile(
  deps: Pick<Deps, "db" | "storage" | "clock">,
  file: File,
): Promise<{ key: string; size: number }> {
  const bytes = await bytesOf(file, "File");
  const type = await fileTypeFromBuffer(bytes);
  const ext = type ? SUBMISSION_TYPES[type.mime] : undefined;
  if (!type || !ext) {
    const message = "Only PDF, PPTX or ZIP files";
    throw badRequest(message, { file: [message] });
  }
  const key = contentKey(bytes, ext).replace(/\.(\w+)$/, "-sub.$1");
  await saveUpload(deps, key, bytes, type.mime, SUBMISSION_UPLOAD);
  return { key, size: bytes.byteLength };
}

function looksLikeCsv(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.subarray(0, 4096)).toString("utf8");
  if (/[\u0000-\u0008\u000e-\u001f]/.test(head)) return false;
  if (/<\s*(script|html|svg|!doctype|\?xml)/i.test(head)) return false;
  const firstLine = head.split(/\r?\n/)[0] ?? "";
  return firstLine.includes(",") || firstLine.includes(";") || firstLine.includes("\t");
}

/** The file is written (temp + rename) before its row, so no row ever points to a missing file. */
async function saveUpload(
  deps: Pick<Deps, "db" | "storage" | "clock">,
  key: string,
  bytes: Uint8Array,
  contentType: string,
  kind: string,
): Promise<void> {
  try {
    await deps.storage.put(key, bytes);
  } catch {
    throw new ApiError(507, "Your file could not be saved right now. Please try again later.");
  }
  await deps.db
    .insertInto("uploads")
    .values({
      key,
      contentType,
      size: bytes.byteLength,
      kind,
      createdAt: deps.clock.now().toISOString(),
    })
    .onConflict((oc) => oc.column("key").doNothing())
    .execute();
}

/** A multipart field that should be a file: a real, non-empty File or nothing. */
export function fileField(value: unknown): File | null {
  return value instanceof File && value.size > 0 ? value : null;
}

export const SCREENSHOT_UPLOAD = "payment-screenshot";
const SCREENSHOT_TYPES: Record<string, string> = { "image/png": "png", "image/jpeg": "jpg" };

/**
 * Whether a payment screenshot is acceptable (SPEC-4 §2): PNG or JPEG by its bytes, up to 2 MB.
 * Answers its bytes and type, or null. Nothing is stored here: the claim checks every field first.
 */
export async function readScreenshot(
  file: File,
  maxBytes: number,
): Promise<{ bytes: Uint8Array; mime: string; ext: string } | null> {
  if (file.size > maxBytes) return null;
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (bytes.byteLength === 0 || bytes.byteLength > maxBytes) return null;
  const type = await fileTypeFromBuffer(bytes);
  const ext = type ? SCREENSHOT_TYPES[type.mime] : undefined;
  return type && ext ? { bytes, mime: type.mime, ext } : null;
}

/** Stores a payment screenshot privately: its key ends in `-sub`, so `GET /files/{key}` never serves it. */
export async function storeScreenshot(
  deps: Pick<Deps, "db" | "storage" | "clock">,
  shot: { bytes: Uint8Array; mime: string; ext: string },
): Promise<string> {
  const key = contentKey(shot.bytes, shot.ext).replace(/\.(\w+)$/, "-sub.$1");
  await saveUpload(deps, key, shot.bytes, shot.mime, SCREENSHOT_UPLOAD);
  return key;
}

export const STATEMENT_UPLOAD = "payment-statement";

/**
 * Keeps a bank statement between the import's two pages (SPEC-4 §3, without JavaScript): private
 * like screenshots (its key ends in `-sub`, and `GET /files/{key}` never serves its kind).
 */
export async function storeStatement(
  deps: Pick<Deps, "db" | "storage" | "clock">,
  bytes: Uint8Array,
): Promise<string> {
  const key = contentKey(bytes, "csv").replace(/\.csv$/, "-sub.csv");
  await saveUpload(deps, key, bytes, "text/csv", STATEMENT_UPLOAD);
  return key;
}

/** A statement kept by `storeStatement`, by its key; null when there is none. */
export async function readStatementUpload(
  deps: Pick<Deps, "db" | "storage">,
  key: string,
): Promise<Uint8Array | null> {
  const row = await deps.db
    .selectFrom("uploads")
    .select("key")
    .where("key", "=", key)
    .where("kind", "=", STATEMENT_UPLOAD)
    .executeTakeFirst();
  return row ? deps.storage.get(key) : null;
}
