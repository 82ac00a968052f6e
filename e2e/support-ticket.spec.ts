import { expect, test } from './fixtures/test';

// A paying user opens a support ticket against the real server: the browser solves the
// ALTCHA challenge, and both e-mails reach the local outbox (GET /api/dev/mail).

test('when a paying user sends a support ticket, then it succeeds with its reference on screen, the form resets, the ticket is listed and the confirmation e-mail carries the reference', async ({ page, outbox, subscribe }) => {
  test.setTimeout(120_000);
  const { email } = await subscribe();
  const subject = `No se actualiza mi RankMap (${Date.now()})`;

  await page.goto('/support');
  await expect(page).toHaveTitle(/Soporte/);
  await expect(page.getByRole('heading', { level: 1, name: 'Soporte' })).toBeVisible();
  await expect(page.getByTestId('support-user-name')).toHaveText('Lucía Prueba');
  await expect(page.getByTestId('support-user-email')).toHaveText(email);
  await expect(page.getByTestId('support-user-plan')).toHaveText('Básico');

  const category = page.getByRole('combobox', { name: 'Categoría' });
  const priority = page.getByRole('combobox', { name: 'Prioridad' });
  const subjectField = page.getByRole('textbox', { name: 'Asunto' });
  const message = page.getByRole('textbox', { name: 'Mensaje' });

  // Sent empty: the field messages show and nothing is posted.
  await page.getByRole('button', { name: 'Enviar ticket' }).click();
  await expect(page.getByText('Elige una categoría')).toBeVisible();
  await expect(page.getByText('El asunto es obligatorio')).toBeVisible();

  await category.selectOption({ label: 'Problema técnico' });
  await priority.selectOption({ label: 'Alta' });
  await subjectField.fill(subject);
  await message.fill('El análisis de la keyword «dentista» lleva dos días sin cambiar.');
  const posted = page.waitForResponse((r) => r.url().endsWith('/api/general/support') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Enviar ticket' }).click();
  expect((await posted).status()).toBe(200);

  await expect(page.getByText('¡Ticket creado exitosamente!')).toBeVisible();
  // The confirmation on screen names the reference, the same one the e-mail quotes.
  const onScreen = page.getByText(/La referencia de tu ticket es TK-[0-9A-F]{8}/);
  await expect(onScreen).toBeVisible();
  const shownReference = /TK-[0-9A-F]{8}/.exec((await onScreen.textContent()) ?? '')?.[0];
  await expect(category).toHaveValue('');
  await expect(priority).toHaveValue('media');
  await expect(subjectField).toHaveValue('');
  await expect(message).toHaveValue('');

  const receipt = await outbox.find((m) => m.kind === 'support-confirmation' && m.to === email, 'the confirmation e-mail to the user');
  const reference = /TK-[0-9A-F]{8}/.exec(receipt.subject)?.[0];
  expect(reference).toBeTruthy();
  expect(shownReference).toBe(reference);

  // The ticket joins the list below the form: reference, subject, today's date, its state.
  const row = page.getByTestId('support-tickets').getByRole('row').filter({ hasText: reference! });
  await expect(row).toHaveCount(1);
  const today = new Intl.DateTimeFormat('es', { day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date());
  await expect(row.getByRole('cell')).toHaveText([reference!, subject, today, 'Abierto', `Ver conversación ${reference!}`]);
  // And it is still there after a reload: it comes from the server, not from the form.
  await page.reload();
  await expect(page.getByTestId('support-tickets').getByRole('row').filter({ hasText: reference! })).toHaveCount(1);
  expect(receipt.text).toContain(`Su referencia es ${reference}`);
  expect(receipt.text).toContain(`Asunto: ${subject}`);
  const inbox = await outbox.find((m) => m.kind === 'support-ticket' && m.subject.includes(reference!), 'the ticket in the support inbox');
  expect(inbox.text).toContain(email);
  expect(inbox.text).toContain('Plan: Básico');
});

test('when a paying user with no business opens Reseñas, then it offers to add one and to connect the Business Profile, with no «Próximamente»', async ({ page, subscribe }) => {
  await subscribe();
  await page.goto('/reviews');
  await expect(page.getByRole('heading', { level: 1, name: 'Reseñas' })).toBeVisible();
  await expect(page.getByText('Añade un negocio para ver el ritmo de sus reseñas y los cambios en su ficha.')).toBeVisible();
  await expect(page.getByTestId('gbp-reviews-note')).toContainText('Conecta tu Perfil de Empresa de Google para ver y responder tus reseñas.');
  await expect(page.getByText('Próximamente')).toHaveCount(0);
});
