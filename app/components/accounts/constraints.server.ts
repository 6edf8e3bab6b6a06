import { getZodConstraint } from "@conform-to/zod/v4";
import {
  forgotPasswordSchema,
  loginSchema,
  resetPasswordSchema,
  signupSchema,
} from "#server/contracts/user";

/**
 * The account forms' HTML constraints (required, lengths), made on the server and sent with the
 * page, so the browser needs no schema to mark its fields (see `useLazyValidation`).
 */
export const accountConstraints = {
  login: getZodConstraint(loginSchema),
  signup: getZodConstraint(signupSchema),
  forgotPassword: getZodConstraint(forgotPasswordSchema),
  resetPassword: getZodConstraint(resetPasswordSchema),
};
