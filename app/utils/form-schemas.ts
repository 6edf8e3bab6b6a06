import type { Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { issueCertificatesSchema } from "#server/contracts/certificate-issue";
import { step1Schema, step2Schema } from "#server/contracts/event";
import {
  type Step3Context,
  type Step3SectionId,
  step3Section,
} from "#server/contracts/event-step3";
import { feedbackSchema } from "#server/contracts/feedback";
import { judgingSetupFields, judgingSetupSchema, scoreSchema } from "#server/contracts/judging";
import { announcementEditSchema, announcementSchema } from "#server/contracts/organiser";
import {
  newOrgFormSchema,
  orgDetailsFormSchema,
  orgInviteSchema,
  orgVerifySchema,
} from "#server/contracts/orgs";
import { claimFormSchema, couponSchema } from "#server/contracts/payments";
import {
  assignSchema,
  cancelPaidSchema,
  refundSchema,
  rejectSchema,
} from "#server/contracts/payments-confirm";
import { importFormSchema } from "#app/components/payments/import-form";
import { publicProfileFormSchema } from "#server/contracts/profiles";
import { quizSetupSchema } from "#server/contracts/quiz";
import {
  joinRequestSchema,
  joinSchema,
  pitchSchema,
  registerSchema,
} from "#server/contracts/registration";
import { submissionSchema } from "#server/contracts/submissions";
import { inviteSchema } from "#server/contracts/team";
import { profileFormSchema } from "#server/contracts/user";
import { z } from "#server/contracts/zod";

/**
 * Every signed-in form's schema by name (issue: light form pages). The browser loads this module
 * only after the page has hydrated (`useFormValidation`), so Zod and the schemas (27 KB and more
 * of gzipped JavaScript) never delay a form's first paint; the server makes the same forms' HTML
 * constraints from it (`formConstraints`) and sends them with the page. Each entry takes what its
 * schema depends on (an empty object when nothing).
 */
export const FORM_SCHEMAS = {
  feedback: (_: Empty) => feedbackSchema,
  register: (p: { team: boolean }) => registerSchema(p.team),
  teamJoin: (_: Empty) => joinSchema,
  pitch: (_: Empty) => pitchSchema,
  joinRequest: (_: Empty) => joinRequestSchema.extend({ teamId: z.string().min(1) }),
  step1: (p: { hasLogo: boolean }) => step1Schema(p),
  step2: (_: Empty) => step2Schema({ hasWebsite: true }),
  step3: (p: Step3Params) =>
    step3Section(p.section).schema({ now: new Date(), hasBanner: p.hasBanner, saved: p.saved }),
  profile: (_: Empty) => profileFormSchema,
  publicProfile: (_: Empty) => publicProfileFormSchema,
  newOrg: (_: Empty) => newOrgFormSchema,
  orgDetails: (_: Empty) => orgDetailsFormSchema,
  orgInvite: (_: Empty) => orgInviteSchema,
  orgVerify: (_: Empty) => orgVerifySchema,
  claim: (_: Empty) => claimFormSchema,
  cancelPaid: (_: Empty) => cancelPaidSchema,
  coupon: (_: Empty) => couponSchema,
  paymentReject: (_: Empty) => rejectSchema,
  paymentRefund: (_: Empty) => refundSchema,
  statementAssign: (_: Empty) => assignSchema,
  statementImport: (_: Empty) => importFormSchema,
  // The import's first step (the file) has nothing to check in the browser.
  statementPreview: (_: Empty) => z.object({}),
  submission: (p: { requireLink?: boolean; requireFile?: boolean; hasFile?: boolean }) =>
    submissionSchema(p),
  announcement: (_: Empty) => announcementSchema,
  announcementEdit: (_: Empty) => announcementEditSchema,
  teamInvite: (_: Empty) => inviteSchema,
  issueCertificates: (_: Empty) => issueCertificatesSchema,
  quizSetup: (_: Empty) => quizSetupSchema,
  judgingSetup: (_: Empty) => judgingSetupSchema,
  // The constraints of the setup's fields (the schema's refinements have none of their own).
  judgingSetupFields: (_: Empty) => judgingSetupFields,
  score: (_: Empty) => scoreSchema.extend({ sid: z.string().min(1) }),
};

type Empty = Record<string, never>;
type Step3Params = {
  section: Step3SectionId;
  hasBanner: boolean;
  saved?: Step3Context["saved"];
};

export type FormName = keyof typeof FORM_SCHEMAS;
export type FormParams<N extends FormName> = Parameters<(typeof FORM_SCHEMAS)[N]>[0];
export type FormOutput<N extends FormName> = z.output<ReturnType<(typeof FORM_SCHEMAS)[N]>>;

/** A form's client validation: the same schema, and so the same messages, as the server's. */
export function validateForm<N extends FormName>(
  name: N,
  params: FormParams<N>,
  formData: FormData,
): Submission<FormOutput<N>> {
  const schemas: { [M in FormName]: (p: FormParams<M>) => z.ZodType<FormOutput<M>> } = FORM_SCHEMAS;
  return parseWithZod(formData, { schema: schemas[name](params) });
}
