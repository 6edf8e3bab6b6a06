import type { Submission } from "@conform-to/react";
import { useEffect, useState } from "react";

/** What Conform's `onValidate` is given and answers (a submission of `parseWithZod`). */
export type Validate<Input> = (context: { formData: FormData }) => Submission<Input>;

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
  const [validate, setValidate] = useState<{ run: Validate<Input> }>();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the form's validator is loaded once.
  useEffect(() => {
    let live = true;
    load().then(
      (run) => live && setValidate({ run }),
      // A chunk that fails to load (a dropped connection) leaves validation to the server.
      () => {},
    );
    return () => {
      live = false;
    };
  }, []);
  return validate?.run;
}
