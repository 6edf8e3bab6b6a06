import { parseWithZod } from "@conform-to/zod/v4";
import { type AppLoadContext, data } from "@remix-run/node";
import {
  assignSchema,
  type ImportPreviewData,
  type ImportResultData,
  type OrganiserPaymentData,
} from "#server/contracts/payments-confirm";
import { z } from "#server/contracts/zod";
import { callApi } from "#app/utils/api.server";
import { replyTooLarge, replyWithApiErrors } from "#app/utils/api-reply.server";
import { loginRedirect } from "#app/utils/guards.server";
import { redirectWithToast } from "#app/utils/toast.server";
import { importFormSchema, type PreviewView, previewFromForm } from "./import-form";

const INTENTS = ["preview", "import", "assign"];

export function isImportIntent(intent: string): boolean {
  return INTENTS.includes(intent);
}

/**
 * 'Import bank statement' in two steps that work without JavaScript (SPEC-4 §3): the file is
 * uploaded and kept by the API (`preview`: its header and first lines), the columns are picked,
 * then the kept file is imported (`import`); 'Assign' gives a kept line to a payment by hand.
 */
export async function importAction(
  request: Request,
  context: AppLoadContext,
  eventNumber: string,
  form: FormData,
) {
  const n = encodeURIComponent(eventNumber);
  const post = async <T>(path: string, body: { json: unknown } | { form: FormData }) => {
    const res = await callApi<T>(request, context, `/event/${n}/payments${path}`, {
      method: "POST",
      body,
    });
    if (res.status === 401) loginRedirect(request);
    return res;
  };
  switch (String(form.get("intent"))) {
    case "preview": {
      const submission = parseWithZod(form, { schema: z.object({}) });
      const tooLarge = replyTooLarge(submission, form, { hideFields: ["file"] });
      if (tooLarge)
        return data({ importResult: tooLarge, preview: null, at: Date.now() }, { status: 413 });
      const file = form.get("file");
      const upload = new FormData();
      if (file instanceof File && file.size > 0) upload.set("file", file);
      const res = await post<ImportPreviewData>("/import/preview", { form: upload });
      if (!res.ok) {
        const reply = replyWithApiErrors(submission, res, {
          hideFields: ["file"],
          fileField: "file",
        });
        return data({ importResult: reply, preview: null, at: Date.now() }, { status: res.status });
      }
      const fileName = file instanceof File ? file.name.slice(0, 200) : "";
      return data({ preview: { ...res.data, fileName } satisfies PreviewView, at: Date.now() });
    }
    case "import": {
      const preview = previewFromForm(form);
      const submission = parseWithZod(form, { schema: importFormSchema });
      if (submission.status !== "success")
        return data({ importResult: submission.reply(), preview, at: Date.now() }, { status: 400 });
      // Multipart, as the API takes a file; the kept file's key stands in for it.
      const fields = new FormData();
      for (const [name, value] of Object.entries(submission.value))
        if (value) fields.set(name, value);
      const res = await post<ImportResultData>("/import", { form: fields });
      if (!res.ok)
        return data(
          { importResult: replyWithApiErrors(submission, res), preview, at: Date.now() },
          { status: res.status },
        );
      return data({ imported: res.data, at: Date.now() });
    }
    default: {
      const lineId = String(form.get("lineId") ?? "").slice(0, 100);
      const submission = parseWithZod(form, { schema: assignSchema });
      if (submission.status !== "success")
        return data({ assign: { lineId, result: submission.reply() } }, { status: 400 });
      const res = await post<OrganiserPaymentData>(`/lines/${encodeURIComponent(lineId)}/assign`, {
        json: submission.value,
      });
      if (!res.ok)
        return data(
          { assign: { lineId, result: replyWithApiErrors(submission, res) } },
          { status: res.status },
        );
      const url = new URL(request.url);
      return redirectWithToast(`${url.pathname}${url.search}`, {
        type: "success",
        message: `Line assigned: payment ${res.data.reference} confirmed`,
      });
    }
  }
}
