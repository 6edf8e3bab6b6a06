/** How many links a submission holds, apart from the schemas (submissions.ts): the form loads no Zod (decision 037). */

export const MAX_LINKS = 3;
