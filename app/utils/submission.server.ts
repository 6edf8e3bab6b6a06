import type { SubmissionInput } from "#server/contracts/submissions";

/** The API's multipart body of a submission save: `links` repeated, a new file or a kept one's id. */
export function submissionApiForm(
  value: SubmissionInput,
  keptIds: Record<string, string>,
): FormData {
  const form = new FormData();
  form.append("title", value.title);
  form.append("description", value.description);
  for (const link of value.links) form.append("links", link);
  if (value.file) form.append("file", value.file);
  if (value.removeFile) form.append("removeFile", "true");
  for (const [name, id] of Object.entries(keptIds)) form.append(name, id);
  return form;
}
