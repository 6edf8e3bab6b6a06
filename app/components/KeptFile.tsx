import * as s from "./KeptFile.css";

/** A file kept from a refused form (a pending upload): its id and the name it was picked with. */
export type KeptFile = { id: string; name: string };
export type KeptFiles = Partial<Record<string, KeptFile>>;

/**
 * Shows a kept file as chosen ('logo.png, kept') and carries its id to the next submission in
 * hidden inputs; the file input beside it still picks a replacement, and Remove drops it.
 */
export function KeptFileNote({
  name,
  formId,
  kept,
}: {
  /** The file field's name: the hidden inputs are `{name}Pending…`. */
  name: string;
  formId?: string;
  kept: KeptFile | null | undefined;
}) {
  if (!kept) return null;
  return (
    <div className={s.kept} data-testid={`kept-${name}`}>
      <input type="hidden" name={`${name}Pending`} value={kept.id} form={formId} />
      <input type="hidden" name={`${name}PendingName`} value={kept.name} form={formId} />
      <span className={s.name}>{kept.name}, kept</span>
      <label className={s.remove}>
        <input type="checkbox" name={`${name}PendingRemove`} value="1" form={formId} /> Remove
      </label>
    </div>
  );
}
