import { getZodConstraint } from "@conform-to/zod/v4";
import { FORM_SCHEMAS, type FormName, type FormParams } from "#app/utils/form-schemas";
import type { FormConstraints } from "#app/utils/lazy-validation";
import type { z } from "#server/contracts/zod";

function constraintOf<N extends FormName>(
  schemas: { [M in FormName]: (p: FormParams<M>) => z.ZodType },
  name: N,
  params: FormParams<N> | undefined,
) {
  return params === undefined ? undefined : getZodConstraint(schemas[name](params));
}

/**
 * The HTML constraints (required, lengths, patterns) of a page's forms, made on the server from
 * their schemas and sent with the page as `formConstraints` in its loader's data, where
 * `useFormConstraint` finds them: the browser marks the fields without loading Zod.
 */
export function formConstraints(forms: { [N in FormName]?: FormParams<N> }): FormConstraints {
  const out: FormConstraints = {};
  const schemas: { [N in FormName]: (p: FormParams<N>) => z.ZodType } = FORM_SCHEMAS;
  for (const name of Object.keys(forms) as FormName[]) {
    out[name] = constraintOf(schemas, name, forms[name]);
  }
  return out;
}
