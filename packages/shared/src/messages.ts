// Validation messages shared by the server (which answers in Spanish) and the web forms
// (which translate the same keys through i18n). Schemas carry the key; this file carries
// the text, so the two sides can never disagree.
export const validationMessages = {
  es: {
    required: 'Este campo es obligatorio',
    nameRequired: 'El nombre es obligatorio',
    emailRequired: 'El email es obligatorio',
    emailInvalid: 'Introduce un email válido',
    passwordRequired: 'La contraseña es obligatoria',
    passwordRequirements: 'La contraseña no cumple todos los requisitos',
    passwordsMismatch: 'Las contraseñas no coinciden',
    resetEmailRequired: 'Introduce tu email para restablecer la contraseña.',
    messageRequired: 'El mensaje es obligatorio',
    tooLong: 'El texto es demasiado largo',
    captchaRequired: 'reCAPTCHA no está disponible en este momento',
  },
  en: {
    required: 'This field is required',
    nameRequired: 'Name is required',
    emailRequired: 'Email is required',
    emailInvalid: 'Enter a valid email',
    passwordRequired: 'Password is required',
    passwordRequirements: 'Password does not meet all requirements',
    passwordsMismatch: 'Passwords do not match',
    resetEmailRequired: 'Please enter your email to reset your password.',
    messageRequired: 'Message is required',
    tooLong: 'The text is too long',
    captchaRequired: 'reCAPTCHA is not available right now',
  },
} as const;

export type ValidationKey = keyof (typeof validationMessages)['es'];

/** Marks a zod message as a catalogue key: `v('emailRequired')` → 'v:emailRequired'. */
export const v = (key: ValidationKey) => `v:${key}`;

/** Resolves a zod message that may be a catalogue key to the text in `lang`. */
export function resolveValidationMessage(message: string, lang: 'es' | 'en' = 'es'): string {
  if (!message.startsWith('v:')) return message;
  const key = message.slice(2) as ValidationKey;
  return validationMessages[lang][key] ?? message;
}
