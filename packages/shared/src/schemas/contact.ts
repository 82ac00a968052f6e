import { z } from 'zod';
import { CONTACT_MESSAGE_MAX_LENGTH } from '../constants';
import { v } from '../messages';
import { emailSchema, nameSchema } from './auth';
import { captchaTokenSchema } from './captcha';

export const contactMessageSchema = z
  .string(v('messageRequired'))
  .trim()
  .min(1, v('messageRequired'))
  .max(CONTACT_MESSAGE_MAX_LENGTH, v('tooLong'));

/** The fields the visitor fills in on /contact; the form validates with this schema. */
export const contactFormSchema = z.object({
  name: nameSchema,
  email: emailSchema,
  message: contactMessageSchema,
});
export type ContactFormValues = z.input<typeof contactFormSchema>;

/** POST /api/general/contactform (docs/product.md §3 Contact message): the form plus the captcha token. */
export const contactRequestSchema = contactFormSchema.extend({ recaptcha: captchaTokenSchema });
export type ContactRequest = z.input<typeof contactRequestSchema>;
