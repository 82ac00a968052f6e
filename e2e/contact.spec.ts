import { expect, test } from './fixtures/test';

// The contact form against the real server: the browser fetches an ALTCHA challenge,
// solves it with WebCrypto, and the message reaches the local outbox (GET /api/dev/mail).

test('when a visitor fills and sends the contact form, then it succeeds, the form is cleared and support receives the e-mail', async ({ page, api, outbox }) => {
  const { contactEmail } = (await api.GET('/api/config')).data!;
  const unique = `Quiero información sobre el plan Premium (${Date.now()}).`;

  await page.goto('/contact');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page).toHaveTitle(/Contacto/);
  await expect(page.getByText('Protegido por ALTCHA', { exact: false })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: contactEmail, exact: true })).toBeVisible();

  const name = page.getByRole('textbox', { name: 'Nombre' });
  const email = page.getByRole('textbox', { name: 'Email' });
  const message = page.getByRole('textbox', { name: 'Mensaje' });
  await name.fill('Marta Ruiz');
  await email.fill('marta.ruiz@example.com');
  await message.fill(unique);
  await page.getByRole('button', { name: 'Enviar mensaje' }).click();

  await expect(page.getByText('¡Mensaje enviado con éxito!')).toBeVisible();
  await expect(page.getByText('Nos pondremos en contacto contigo pronto.')).toBeVisible();
  await expect(name).toHaveValue('');
  await expect(email).toHaveValue('');
  await expect(message).toHaveValue('');

  const mail = await outbox.find((m) => m.kind === 'contact' && m.text.includes(unique), 'the contact e-mail in the outbox');
  expect(mail).toMatchObject({ to: contactEmail, subject: 'Nuevo mensaje de contacto de Marta Ruiz' });
  expect(mail.text).toContain('marta.ruiz@example.com');
});

test('when the form is sent empty or with a bad e-mail, then the field messages show and nothing is sent', async ({ page }) => {
  const posts: string[] = [];
  page.on('request', (req) => {
    if (req.method() === 'POST' && req.url().includes('/api/general/contactform')) posts.push(req.url());
  });
  await page.goto('/contact');
  await page.getByRole('button', { name: 'Enviar mensaje' }).click();

  await expect(page.getByText('El nombre es obligatorio')).toBeVisible();
  await expect(page.getByText('El email es obligatorio')).toBeVisible();
  await expect(page.getByText('El mensaje es obligatorio')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Nombre' })).toBeFocused();

  await page.getByRole('textbox', { name: 'Email' }).fill('no-es-un-email');
  await page.getByRole('button', { name: 'Enviar mensaje' }).click();
  await expect(page.getByText('Introduce un email válido')).toBeVisible();
  expect(posts).toEqual([]);
});

test('when no captcha token can be obtained or the server fails without a message, then the error heading shows the right text', async ({ page }) => {
  await page.goto('/contact');
  const fill = async () => {
    await page.getByRole('textbox', { name: 'Nombre' }).fill('Pablo Gil');
    await page.getByRole('textbox', { name: 'Email' }).fill('pablo@example.com');
    await page.getByRole('textbox', { name: 'Mensaje' }).fill('¿Tenéis descuentos para agencias?');
  };
  const alert = page.getByRole('alert').filter({ hasText: 'Error al enviar el mensaje' });

  // The challenge endpoint is down: no token, so nothing is posted.
  await page.route('**/api/captcha/challenge', (route) => route.fulfill({ status: 503, body: 'Service Unavailable' }));
  await fill();
  await page.getByRole('button', { name: 'Enviar mensaje' }).click();
  await expect(alert).toContainText('reCAPTCHA no está disponible en este momento');
  await expect(page.getByRole('textbox', { name: 'Mensaje' })).toHaveValue('¿Tenéis descuentos para agencias?');

  // The challenge works again, but a proxy answers the post with a page instead of {error}.
  await page.unroute('**/api/captcha/challenge');
  await page.route('**/api/general/contactform', (route) => route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>Bad Gateway</h1>' }));
  await page.getByRole('button', { name: 'Enviar mensaje' }).click();
  await expect(alert).toContainText('No se pudo enviar el mensaje. Por favor, intenta de nuevo más tarde.');
});
