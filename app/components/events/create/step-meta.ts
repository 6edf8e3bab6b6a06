import { PRODUCT_NAME } from "#app/utils/product";

/** The title and description of step `step` of creating an event; `about` is what it asks. */
export function stepMeta(step: 1 | 2 | 3, about: string) {
  return [
    { title: `Create Event - Step ${step} - ${PRODUCT_NAME}` },
    { name: "description", content: `Create an event on Utsav, step ${step} of 3: ${about}` },
  ];
}
