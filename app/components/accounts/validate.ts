import { parseWithZod } from "@conform-to/zod/v4";
import {
  type ForgotPasswordInput,
  forgotPasswordSchema,
  type LoginInput,
  loginSchema,
  type ResetPasswordInput,
  resetPasswordSchema,
  type SignupInput,
  signupSchema,
} from "#server/contracts/user";
import type { Validate } from "#app/utils/lazy-validation";

/** The account forms' client validation, loaded after the page (`useLazyValidation`). */
export const validateLogin: Validate<LoginInput> = ({ formData }) =>
  parseWithZod(formData, { schema: loginSchema });
export const validateSignup: Validate<SignupInput> = ({ formData }) =>
  parseWithZod(formData, { schema: signupSchema });
export const validateForgotPassword: Validate<ForgotPasswordInput> = ({ formData }) =>
  parseWithZod(formData, { schema: forgotPasswordSchema });
export const validateResetPassword: Validate<ResetPasswordInput> = ({ formData }) =>
  parseWithZod(formData, { schema: resetPasswordSchema });
