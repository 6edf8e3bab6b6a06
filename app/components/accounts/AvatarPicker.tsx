import type { FieldMetadata } from "@conform-to/react";
import { useEffect, useState } from "react";
import { type KeptFile, KeptFileNote } from "#app/components/KeptFile";
import { DEFAULT_AVATAR } from "#app/components/TopBar";
import { field, fieldError, hint, label } from "#app/styles/recipes.css";
import * as s from "./AvatarPicker.css";

const ACCEPT = "image/jpeg,image/png,image/webp,image/gif,image/avif";

/**
 * The avatar and a file picker. With JavaScript the chosen picture shows at once; without it the
 * picture changes after Save.
 */
export function AvatarPicker({
  meta,
  current,
  kept,
}: {
  meta: FieldMetadata<File | undefined>;
  current: string | null | undefined;
  /** An avatar kept from a refused Save, shown as chosen ('me.png, kept'). */
  kept?: KeptFile | null;
}) {
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );
  return (
    <div className={s.wrap}>
      <img
        src={preview ?? current ?? DEFAULT_AVATAR}
        alt="Your avatar"
        width={96}
        height={96}
        className={s.avatar}
        data-testid="profile-avatar"
      />
      <div className={`${field} ${s.picker}`}>
        <label htmlFor={meta.id} className={label}>
          Change avatar
        </label>
        <input
          id={meta.id}
          name={meta.name}
          type="file"
          accept={ACCEPT}
          aria-invalid={meta.errors?.length ? true : undefined}
          aria-describedby={`${meta.errorId} ${meta.id}-hint`}
          className={s.fileInput}
          onChange={(e) => {
            const file = e.currentTarget.files?.[0];
            setPreview(file?.type.startsWith("image/") ? URL.createObjectURL(file) : null);
          }}
        />
        <KeptFileNote name={meta.name} formId={meta.formId} kept={kept} />
        <p id={`${meta.id}-hint`} className={hint}>
          JPEG, PNG, WebP, GIF or AVIF, up to 10 MB.
        </p>
        <p
          id={meta.errorId}
          className={fieldError}
          role={meta.errors?.length ? "alert" : undefined}
        >
          {meta.errors?.[0] ?? ""}
        </p>
      </div>
    </div>
  );
}
