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
    ageInvalid: 'La edad debe ser un número entero entre 0 y 120',
    genderInvalid: 'El género debe ser hombre, mujer u otro',
    profileOptionsInvalid: 'Las opciones del perfil no son válidas',
    profileOptionUnknown: 'Solo se admiten las opciones edad y género',
    billingTypeInvalid: 'Elige si facturas como particular o como empresa',
    fiscalNameRequired: 'El nombre completo o la razón social es obligatorio',
    taxIdRequired: 'El NIF/DNI o CIF es obligatorio',
    addressRequired: 'La dirección es obligatoria',
    postalCodeRequired: 'El código postal es obligatorio',
    cityRequired: 'La ciudad es obligatoria',
    provinceRequired: 'La provincia es obligatoria',
    countryRequired: 'El país es obligatorio',
    phoneInvalid: 'Introduce un teléfono válido',
    planTypeInvalid: 'El tipo de plan debe ser basic, pro o free',
    devPlacesInvalid: 'Los negocios deben ser un número entero entre -1 (ilimitados) y 100000',
    devKeywordsInvalid: 'Las keywords deben ser un número entero entre 0 y 100000',
    devCreditsInvalid: 'Los créditos del plan deben ser un número entero entre 0 y 1000000',
    devSubscriptionCreditsInvalid: 'Los créditos de suscripción deben ser un número entero entre 0 y 1000000',
    devExtraCreditsInvalid: 'Los créditos extra deben ser un número entero entre 0 y 1000000',
    latitudeInvalid: 'La latitud debe ser un número entre -85 y 85',
    longitudeInvalid: 'La longitud debe ser un número entre -180 y 180',
    gridSizeInvalid: 'El tamaño de la matriz debe ser 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23 o 25',
    radiusInvalid: 'El radio debe estar entre 200 y 7000 metros, en pasos de 100',
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
    ageInvalid: 'Age must be a whole number between 0 and 120',
    genderInvalid: 'Gender must be male, female or other',
    profileOptionsInvalid: 'The profile options are not valid',
    profileOptionUnknown: 'Only the age and gender options are accepted',
    billingTypeInvalid: 'Choose whether you are billed as an individual or a business',
    fiscalNameRequired: 'The full name or company name is required',
    taxIdRequired: 'The tax ID is required',
    addressRequired: 'The address is required',
    postalCodeRequired: 'The postal code is required',
    cityRequired: 'The city is required',
    provinceRequired: 'The province is required',
    countryRequired: 'The country is required',
    phoneInvalid: 'Enter a valid phone number',
    planTypeInvalid: 'The plan type must be basic, pro or free',
    devPlacesInvalid: 'Places must be a whole number between -1 (unlimited) and 100000',
    devKeywordsInvalid: 'Keywords must be a whole number between 0 and 100000',
    devCreditsInvalid: 'Plan credits must be a whole number between 0 and 1000000',
    devSubscriptionCreditsInvalid: 'Subscription credits must be a whole number between 0 and 1000000',
    devExtraCreditsInvalid: 'Extra credits must be a whole number between 0 and 1000000',
    latitudeInvalid: 'Latitude must be a number between -85 and 85',
    longitudeInvalid: 'Longitude must be a number between -180 and 180',
    gridSizeInvalid: 'The grid size must be 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23 or 25',
    radiusInvalid: 'The radius must be between 200 and 7000 metres, in steps of 100',
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
