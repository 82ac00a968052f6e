import { z } from 'zod';
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants';
import { v } from '../messages';

/** The docs/product.md §5 rules, listed so the sign-up form can show each one ticked as it is met. */
export const passwordRules = [
  { id: 'length', test: (p: string) => p.length >= PASSWORD_MIN_LENGTH },
  { id: 'uppercase', test: (p: string) => /[A-Z]/.test(p) },
  { id: 'digit', test: (p: string) => /\d/.test(p) },
  { id: 'special', test: (p: string) => /[^A-Za-z0-9]/.test(p) },
] as const;

export const passwordSchema = z
  .string(v('passwordRequired'))
  .max(PASSWORD_MAX_LENGTH, v('tooLong'))
  .refine((p) => passwordRules.every((r) => r.test(p)), v('passwordRequirements'));

export const emailSchema = z
  .string(v('emailRequired'))
  .trim()
  .min(1, v('emailRequired'))
  .max(EMAIL_MAX_LENGTH, v('tooLong'))
  .pipe(z.email(v('emailInvalid')))
  .transform((e) => e.toLowerCase());

export const nameSchema = z.string(v('nameRequired')).trim().min(1, v('nameRequired')).max(NAME_MAX_LENGTH, v('tooLong'));

/** A redirect target inside the app: a path, never another origin. */
export const redirectPathSchema = z
  .string()
  .max(2000)
  .refine((p) => p.startsWith('/') && !p.startsWith('//') && !p.includes('\\'), 'Ruta de redirección no válida');

export const signupRequestSchema = z
  .object({
    name: nameSchema,
    email: emailSchema,
    password: passwordSchema,
    confirmPassword: z.string(v('passwordRequired')),
    redirectTo: redirectPathSchema.optional(),
  })
  .refine((d) => d.password === d.confirmPassword, { message: v('passwordsMismatch'), path: ['confirmPassword'] });
export type SignupRequest = z.input<typeof signupRequestSchema>;

export const loginRequestSchema = z.object({
  email: emailSchema,
  password: z.string(v('passwordRequired')).min(1, v('passwordRequired')).max(PASSWORD_MAX_LENGTH, v('tooLong')),
  remember: z.boolean().optional().default(false),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

export const googleLoginRequestSchema = z.object({ token: z.string().min(1).max(4096) });

export const emailOnlyRequestSchema = z.object({ email: emailSchema });
export const passwordResetRequestSchema = z.object({
  email: z
    .string(v('resetEmailRequired'))
    .trim()
    .min(1, v('resetEmailRequired'))
    .max(EMAIL_MAX_LENGTH, v('tooLong'))
    .pipe(z.email(v('emailInvalid')))
    .transform((e) => e.toLowerCase()),
});

export const resetPasswordRequestSchema = z.object({ newPassword: passwordSchema });

/** The reset form on the client also asks for the confirmation; only newPassword is sent. */
export const resetPasswordFormSchema = z
  .object({ newPassword: passwordSchema, confirmPassword: z.string() })
  .refine((d) => d.newPassword === d.confirmPassword, { message: v('passwordsMismatch'), path: ['confirmPassword'] });

export const tokenParamSchema = z.object({ token: z.string().min(10).max(200).regex(/^[A-Za-z0-9_-]+$/) });
export const confirmParamsSchema = tokenParamSchema.extend({ type: z.literal('user') });

export const accessTokenResponseSchema = z.object({ accessToken: z.string() });
export const confirmEmailResponseSchema = z.object({ message: z.string(), accessToken: z.string() });
export const signupResponseSchema = z.object({ message: z.string(), email: z.string() });

/** Refresh and logout take no body; anything sent is refused instead of silently ignored. */
export const emptyRequestSchema = z.strictObject({}).nullish();

export const validResetTokenResponseSchema = z.object({ valid: z.literal(true) });
