import type { Submission } from "@conform-to/react";
import type { getZodConstraint } from "@conform-to/zod/v4";
import { useMatches } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import type { FormName, FormOutput, FormParams } from "#app/utils/form-schemas";

/** What Conform's `onValidate` is given and answers (a submission of `parseWithZod`). */
export type Validate<Input> = (context: { formData: FormData }) => Submission<Input>;

/** A page's forms' constraints by form name, as its loader sends them (`formConstraints`). */
export type FormConstraints = { [N in FormName]?: ReturnType<typeof getZodConstraint> };

/** A module imported once the page has hydrated; undefined until then, or if it fails to load. */
function useLazyModule<M>(load: () => Promise<M>): M | undefined {
  const [mod, setMod] = useState<{ m: M }>();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the module is loaded once.
  useEffect(() => {
    let live = true;
    load().then(
      (m) => live && setMod({ m }),
      // A chunk that fails to load (a dropped connection) leaves validation to the server.
      () => {},
    );
    return () => {
      live = false;
    };
  }, []);
  return mod?.m;
}

/**
 * A form's client validation, loaded once the page has hydrated instead of before its first paint:
 * the schema and Zod's full build are 27 KB of gzipped JavaScript, more than a whole page's own
 * code, and an account page is the first a new user opens on a slow phone (issue 46). Until it
 * arrives (and without JavaScript) the form posts and the server answers with the same schema's
 * messages, so nothing is lost but a round trip. Give `useForm` the constraint from the loader
 * (`getZodConstraint` on the server) for the same reason.
 */
export function useLazyValidation<Input>(
  load: () => Promise<Validate<Input>>,
): Validate<Input> | undefined {
  return useLazyModule(load);
}

/**
 * `useLazyValidation` for the forms named in `app/utils/form-schemas.ts` (decision 037): the
 * validation of form `name` with the schema `params` make, the params read at each validation.
 */
export function useFormValidation<N extends FormName>(
  name: N,
  params: FormParams<N>,
): Validate<FormOutput<N>> | undefined {
  const mod = useLazyModule(() => import("#app/utils/form-schemas"));
  const latest = useRef(params);
  latest.current = params;
  if (!mod) return undefined;
  return ({ formData }) => mod.validateForm(name, latest.current, formData);
}

function hasConstraints(data: unknown): data is { formConstraints: FormConstraints } {
  return typeof data === "object" && data !== null && "formConstraints" in data;
}

/** Form `name`'s constraints from the loader data of the page (`formConstraints` on the server). */
export function useFormConstraint(name: FormName): FormConstraints[FormName] {
  const matches = useMatches();
  for (const match of matches) {
    if (hasConstraints(match.data) && match.data.formConstraints[name])
      return match.data.formConstraints[name];
  }
  return undefined;
}
