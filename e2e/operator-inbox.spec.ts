import { expectNoAxeFindings } from './a11y-support';
import { expect, test } from './fixtures/test';

// Issue 20, the ticket half of the journey: a Premium user sends a ticket; the support operator
// (granted by e2e/prepare-operator.ts with the code of `npm run operator:add`, before the server
// started), in a second browser context, finds it in /operator, opens the customer panel (a
// logged look) and answers; the user reads the answer in /support and the e-mail is in the
// outbox. Video bookings (e2e/video-booking.spec.ts) and the live chat (e2e/live-chat.spec.ts) have journeys of their own.

const XSS = '<img src=x onerror="window.__xss=1"> <script>window.__xss=1</script>';

test('when a Premium user sends a ticket, then an operator answers it from /operator after looking at the customer, and the user reads the answer in /support and by email', async ({ page, outbox, subscribe, operatorPage: op }) => {
  test.setTimeout(180_000);
  const { email } = await subscribe('Premium');
  const subject = `No veo mi informe (${Date.now()})`;

  // /support says what the plan includes: tickets for everyone, chat and video for Premium.
  await page.goto('/support');
  await expect(page.getByTestId('support-user-plan')).toHaveText('Premium');
  await expect(page.getByTestId('support-live-status')).toHaveText('incluidos en tu plan');

  // The user is no operator: /operator is the «not found» page, with nothing of the inbox.
  await page.goto('/operator');
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Bandeja de soporte');
  await expect(page.locator('[data-page="operator"]')).toHaveCount(0);

  await page.goto('/support');
  await page.getByRole('combobox', { name: 'Categoría' }).selectOption({ label: 'Problema técnico' });
  await page.getByRole('combobox', { name: 'Prioridad' }).selectOption({ label: 'Media' });
  await page.getByRole('textbox', { name: 'Asunto' }).fill(subject);
  await page.getByRole('textbox', { name: 'Mensaje' }).fill(`El informe no carga. ${XSS}`);
  await page.getByRole('button', { name: 'Enviar ticket' }).click();
  const onScreen = page.getByText(/La referencia de tu ticket es TK-[0-9A-F]{8}/);
  await expect(onScreen).toBeVisible();
  const reference = /TK-[0-9A-F]{8}/.exec((await onScreen.textContent()) ?? '')![0];

  // The operator, signed in in a browser context of their own.
  await op.goto('/operator');
  await expect(op.getByRole('heading', { level: 1, name: 'Bandeja de soporte' })).toBeVisible();
  // Newest activity first, and filterable by state.
  await expect(op.getByTestId('operator-tickets').getByRole('listitem').first()).toContainText(reference);
  await op.getByRole('combobox', { name: 'Estado' }).selectOption({ label: 'Cerrado' });
  await expect(op.getByTestId('operator-tickets').getByText(reference)).toHaveCount(0);
  await op.getByRole('combobox', { name: 'Estado' }).selectOption({ label: 'Abierto' });
  await op.getByRole('button', { name: new RegExp(reference) }).click();

  const ticket = op.getByTestId('operator-ticket');
  await expect(ticket.getByRole('heading', { name: subject })).toBeVisible();
  await expect(ticket.getByText(email)).toBeVisible();
  // The customer's markup is shown as text and never runs.
  await expect(ticket.getByTestId('ticket-thread')).toContainText(XSS);
  expect(await op.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();

  // The customer panel: the note that looks are logged, then plan and businesses.
  const panel = op.getByTestId('operator-customer');
  await expect(panel.getByTestId('operator-audit-note')).toHaveText(/queda registrada/);
  await panel.getByRole('button', { name: 'Ver plan y negocios' }).click();
  await expect(panel.getByTestId('operator-customer-plan')).toHaveText('Premium');
  await expect(panel.getByText('Sin negocios')).toBeVisible();

  await expectNoAxeFindings(op, 'operator inbox');
  await op.screenshot({ path: 'e2e/.artifacts/screens/operator-inbox.png', fullPage: true });

  // The answer: empty is refused on the spot; then sent, leaving the ticket waiting for the customer.
  await ticket.getByRole('button', { name: 'Responder' }).click();
  await expect(ticket.getByText('El mensaje es obligatorio')).toBeVisible();
  const answer = 'Hola, ya hemos regenerado tu informe. ¿Puedes comprobarlo?';
  await ticket.getByRole('textbox', { name: 'Respuesta al cliente' }).fill(answer);
  await ticket.getByRole('button', { name: 'Responder' }).click();
  await expect(ticket.getByText('Respuesta enviada')).toBeVisible();
  await expect(ticket.getByTestId('operator-ticket-state')).toHaveText('Esperando respuesta del cliente');

  // The e-mail to the customer is in the outbox.
  const mail = await outbox.find((m) => m.kind === 'support-answer' && m.to === email, 'the answer e-mail to the customer');
  expect(mail.subject).toBe(`Re: [${reference}] ${subject}`);
  expect(mail.text).toContain(answer);

  // The user reads it in /support, and replies (which reopens the ticket).
  await page.goto('/support');
  const row = page.getByTestId('support-tickets').getByRole('row').filter({ hasText: reference });
  await expect(row.getByRole('cell').nth(3)).toHaveText('Esperando tu respuesta');
  await row.getByRole('button', { name: /Ver conversación/ }).click();
  const thread = page.getByTestId('support-thread');
  await expect(thread.getByTestId('ticket-thread').getByRole('listitem')).toHaveCount(2);
  await expect(thread.getByTestId('ticket-thread').getByRole('listitem').last()).toContainText(answer);
  await expect(thread.getByTestId('ticket-thread').getByRole('listitem').last()).toContainText('Soporte RankMaps');
  await expect(thread.getByTestId('ticket-thread')).toContainText(XSS);
  expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
  await thread.getByRole('textbox', { name: 'Tu respuesta' }).fill('Sí, ya se ve. ¡Gracias!');
  await thread.getByRole('button', { name: 'Enviar respuesta' }).click();
  await expect(thread.getByTestId('ticket-thread').getByRole('listitem')).toHaveCount(3);
  await expect(row.getByRole('cell').nth(3)).toHaveText('Abierto');
  await expectNoAxeFindings(page, 'support with a ticket thread');

  // On a phone (375 px) both screens still fit without sideways scrolling.
  for (const p of [page, op]) {
    await p.setViewportSize({ width: 375, height: 800 });
    await p.reload();
    await expect(p.getByRole('heading', { level: 1 })).toBeVisible();
    const overflow = await p.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, p.url()).toBeLessThanOrEqual(0);
    await p.screenshot({ path: `e2e/.artifacts/screens/375/operator-journey-${p === op ? 'operator' : 'support'}.png`, fullPage: true });
  }
});
