import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContactFormValues, ContactRequest } from '@rankmaps/shared/schemas/contact';
import type { MessageResponse } from '@rankmaps/shared/schemas/common';
import { api } from '@/lib/api-client';
import { getCaptchaToken } from '@/lib/captcha';
import { publicConfigQuery } from '@/lib/public-config';

/** POST /general/contactform. Success is a 200 with {message: 'Mensaje enviado'}. */
export const sendContactMessage = (body: ContactRequest) => api<MessageResponse>('/general/contactform', { method: 'POST', body });

/** Obtains a captcha token (ALTCHA or reCAPTCHA, as the server says), then sends the message. */
export function useSendContactMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (values: ContactFormValues) => {
      const { captcha } = await queryClient.ensureQueryData(publicConfigQuery);
      const recaptcha = await getCaptchaToken(captcha, 'contact');
      return sendContactMessage({ ...values, recaptcha });
    },
  });
}
