import { beforeEach, describe, expect, it, vi } from 'vitest';

const apiWithStatus = vi.fn();
vi.mock('@/lib/api-client', async (importOriginal) => ({ ...(await importOriginal<object>()), apiWithStatus }));
vi.mock('@/lib/captcha', () => ({ getCaptchaToken: vi.fn() }));
vi.mock('@/lib/public-config', () => ({ publicConfigQuery: {} }));

const { ApiError } = await import('@/lib/api-client');
const { sendSupportTicket } = await import('./send-support-ticket');
const { supportErrorMessage } = await import('../components/support-error');

const body = {
  category: 'tecnico',
  priority: 'media',
  subject: 'No carga el mapa',
  message: 'Se queda en blanco.',
  recaptcha: 'token',
} as const;
const t = ((key: string) => `t:${key}`) as never;

describe('sendSupportTicket', () => {
  beforeEach(() => apiWithStatus.mockReset());

  it('when the server answers exactly 200, then the ticket counts as sent', async () => {
    apiWithStatus.mockResolvedValue({ status: 200, data: { message: 'Ticket creado', reference: 'TK-1A2B3C4D' } });
    await expect(sendSupportTicket(body)).resolves.toEqual({ message: 'Ticket creado', reference: 'TK-1A2B3C4D' });
    expect(apiWithStatus).toHaveBeenCalledWith('/general/support', { method: 'POST', body });
  });

  it.each([201, 202, 204])('when the server answers %i, then it is a failure shown with the generic sentence', async (status) => {
    apiWithStatus.mockResolvedValue({ status, data: undefined });
    const err = await sendSupportTicket(body).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(supportErrorMessage(err, t)).toBe('t:error.generic');
  });
});

describe('supportErrorMessage', () => {
  it('when the server sent an error text, then that text is shown; a captcha or network failure shows its own message', () => {
    expect(supportErrorMessage(new ApiError('La verificación de seguridad ha fallado.', 400), t)).toBe(
      'La verificación de seguridad ha fallado.',
    );
    expect(supportErrorMessage(new ApiError('Error 502', 502), t)).toBe('t:error.generic');
    expect(supportErrorMessage(new Error('reCAPTCHA no está disponible en este momento'), t)).toBe(
      'reCAPTCHA no está disponible en este momento',
    );
    expect(supportErrorMessage('???', t)).toBe('t:error.generic');
  });
});
