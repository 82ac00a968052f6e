import { z } from 'zod';
import { nameSchema, passwordSchema } from '@rankmaps/shared/schemas/auth';
import { v } from '@rankmaps/shared/messages';

/** The new account an invitation creates: sign-up's name and password rules, the e-mail is the invitation's. */
export const acceptNewAccountSchema = z
  .object({ name: nameSchema, password: passwordSchema, confirmPassword: z.string(v('passwordRequired')) })
  .refine((d) => d.password === d.confirmPassword, { message: v('passwordsMismatch'), path: ['confirmPassword'] });
