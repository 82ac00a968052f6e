import type { Page } from '@playwright/test';
import { expectNoAxeFindings } from './a11y-support';
import type { OutboxMail } from './fixtures/dev-routes';
import { expect, test } from './fixtures/test';

// Issue 20, the live chat (docs/support.md, «Chat en vivo»): a Premium user and the support
// operator (granted by e2e/prepare-operator.ts), each in a browser context of their own. The
// user opens the chat from /support and writes; the operator, in /operator, sees it live and
// answers; both see typing and «Leído». Then the operator leaves /operator: nobody is online,
// the user's next message becomes a ticket, which the operator answers from the inbox and the
// user reads in /support; last, the user books a video call and both invitations, with their
// .ics, reach the outbox. The server runs with the chat open at any hour (playwright.config.ts).

const XSS = '<img src=x onerror="window.__xss=1"> <script>window.__xss=1</script>';

declare global {
  interface Window {
    __xss?: number;
    __cspViolations?: string[];
  }
}

async function watchCsp(page: Page) {
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => window.__cspViolations!.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
}

async function expectNothingRan(page: Page, where: string) {
  expect(await page.evaluate(() => window.__xss), `${where}: window.__xss`).toBeUndefined();
  expect(await page.evaluate(() => window.__cspViolations ?? []), `${where}: CSP violations`).toEqual([]);
  expect(await page.locator('img[src="x"], script:not([src])').count(), `${where}: injected elements`).toBe(0);
}

test('when a Premium user chats with the operator, then messages, typing and read states arrive live both ways, with nobody online a message becomes a ticket answered in /support, and a booked video call sends both invitations', async ({ page, outbox, subscribe, operatorPage: op }) => {
  test.setTimeout(240_000);
  await watchCsp(page);
  const { email } = await subscribe('Premium');

  // The operator (signed in in a context of their own) opens /operator: their live chats stream makes them online.
  await watchCsp(op);
  await op.goto('/operator');
  const chats = op.getByTestId('operator-live-chats');
  await expect(chats.getByRole('heading', { name: 'Chats en vivo' })).toBeVisible();
  await expect(chats.getByTestId('operator-chats-live')).toBeVisible();

  // The user opens the chat from /support.
  await page.goto('/support');
  await page.getByTestId('support-open-chat').click();
  const dialog = page.getByRole('dialog', { name: 'Chat con soporte' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('chat-availability')).toHaveAttribute('data-reason', 'abierto');
  await expect(dialog.getByTestId('chat-availability')).toHaveText('Conectado: el equipo de soporte te responderá aquí.');
  await expect(dialog.getByRole('link', { name: 'Reservar videollamada' })).toHaveAttribute('href', '/support#videollamada');
  const box = dialog.getByRole('textbox', { name: 'Tu mensaje' });
  await expect(box).toBeFocused();
  const first = `Hola, no carga mi informe ${XSS}`;
  await box.fill(first);
  await box.press('Enter');
  const userMessages = dialog.getByTestId('chat-messages').getByTestId('chat-message');
  await expect(userMessages).toHaveCount(1);
  await expect(userMessages.first()).toContainText(first);
  await expect(dialog.getByTestId('chat-read-state')).toHaveText(' · Enviado');
  await expect(box).toHaveValue('');

  // The operator sees the conversation appear, unread, and opens it: the user sees «Leído».
  const item = chats.getByTestId('operator-chat-item').filter({ hasText: email });
  await expect(item.getByTestId('operator-chat-unread')).toHaveText('1 sin leer');
  await item.click();
  const thread = chats.getByTestId('operator-chat-thread');
  await expect(thread.getByTestId('operator-chat-messages')).toContainText(first);
  await expect(dialog.getByTestId('chat-read-state')).toHaveText(' · Leído');
  await expect(item.getByTestId('operator-chat-unread')).toHaveCount(0);

  // Typing, both ways («escribiendo…» is sent at most every few seconds: keep typing until it shows).
  await expect(async () => {
    await box.pressSequentially('¿', { delay: 20 });
    await expect(thread.getByTestId('operator-chat-typing')).toHaveText('El cliente está escribiendo…', { timeout: 1500 });
  }).toPass({ timeout: 20_000 });
  const reply = thread.getByRole('textbox', { name: 'Tu respuesta' });
  await expect(async () => {
    await reply.pressSequentially('H', { delay: 20 });
    await expect(dialog.getByTestId('chat-typing')).toHaveText('Soporte está escribiendo…', { timeout: 1500 });
  }).toPass({ timeout: 20_000 });

  // The operator answers: the user sees it live, and the operator sees «Leído».
  const answer = `Hola, soy Olga. Lo reviso ahora mismo ${XSS}`;
  await reply.fill(answer);
  await thread.getByRole('button', { name: 'Responder' }).click();
  await expect(userMessages).toHaveCount(2);
  await expect(userMessages.last()).toContainText(answer);
  await expect(userMessages.last()).toHaveAttribute('data-author', 'operador');
  await expect(dialog.getByTestId('chat-typing')).toHaveCount(0);
  await expect(thread.getByTestId('chat-read-state')).toHaveText(' · Leído');
  await expectNothingRan(page, 'user chat');
  await expectNothingRan(op, 'operator chats');
  await expectNoAxeFindings(page, 'live chat panel');
  await page.screenshot({ path: 'e2e/.artifacts/screens/live-chat-user.png' });
  await op.screenshot({ path: 'e2e/.artifacts/screens/live-chat-operator.png', fullPage: true });

  // Escape closes the panel; the shell's button opens it again elsewhere, with the history.
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await page.goto('/');
  await page.getByTestId('chat-open-sidebar').click();
  await expect(dialog.getByTestId('chat-messages').getByTestId('chat-message')).toHaveCount(2);

  // On a phone (375 px) the panel fits without sideways scrolling, and opens from the top bar.
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 375, height: 740 });
  await page.getByTestId('chat-open-topbar').click();
  await expect(dialog.getByTestId('chat-messages').getByTestId('chat-message')).toHaveCount(2);
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  await expect.poll(async () => (await dialog.getByRole('textbox', { name: 'Tu mensaje' }).boundingBox())?.width ?? 0).toBeGreaterThan(150);
  await page.screenshot({ path: 'e2e/.artifacts/screens/375/live-chat-user.png' });

  // The operator leaves /operator: nobody is online, and the open chat says so.
  await op.goto('/');
  await expect(dialog.getByTestId('chat-availability')).toHaveAttribute('data-reason', 'sin-operadores');
  await expect(dialog.getByTestId('chat-availability')).toContainText('Ahora no hay nadie del equipo conectado');
  const offline = 'Escribo fuera de línea: ¿me llamáis mañana?';
  await dialog.getByRole('textbox', { name: 'Tu mensaje' }).fill(offline);
  await dialog.getByRole('button', { name: 'Enviar' }).click();
  const note = dialog.getByTestId('chat-ticket-note');
  await expect(note).toContainText(/hemos convertido tu mensaje en el ticket TK-[0-9A-F]{8}/);
  const reference = /TK-[0-9A-F]{8}/.exec((await note.textContent()) ?? '')![0];
  await outbox.find((m) => m.kind === 'support-confirmation' && m.to === email && m.text.includes(reference), 'the ticket confirmation');
  // The message stays in the chat's history with its ticket's reference, also once the chat is opened again.
  const asTicket = dialog.getByTestId('chat-messages').getByTestId('chat-message').filter({ hasText: offline });
  await expect(asTicket.getByTestId('chat-message-ticket')).toContainText(`Ticket ${reference}`);
  await page.reload();
  await page.getByTestId('chat-open-topbar').click();
  await expect(dialog.getByTestId('chat-messages').getByTestId('chat-message').filter({ hasText: offline }).getByTestId('chat-message-ticket')).toContainText(`Ticket ${reference}`);
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 1280, height: 800 });

  // The operator answers the ticket from the inbox.
  await op.goto('/operator');
  await op.getByRole('button', { name: new RegExp(reference) }).click();
  const ticket = op.getByTestId('operator-ticket');
  await expect(ticket.getByTestId('ticket-thread')).toContainText(offline);
  const ticketAnswer = 'Claro, te llamamos mañana a las 10:00.';
  await ticket.getByRole('textbox', { name: 'Respuesta al cliente' }).fill(ticketAnswer);
  await ticket.getByRole('button', { name: 'Responder' }).click();
  await expect(ticket.getByText('Respuesta enviada')).toBeVisible();
  await outbox.find((m) => m.kind === 'support-answer' && m.to === email && m.text.includes(ticketAnswer), 'the answer e-mail');

  // The user reads it in /support.
  await page.goto('/support');
  const row = page.getByTestId('support-tickets').getByRole('row').filter({ hasText: reference });
  await row.getByRole('button', { name: /Ver conversación/ }).click();
  await expect(page.getByTestId('support-thread').getByTestId('ticket-thread')).toContainText(ticketAnswer);
  await expectNothingRan(page, 'support after the chat');

  // The user books a video call on the card the chat links to: both invitations, each with its .ics, reach the outbox.
  await page.goto('/support#videollamada');
  const card = page.locator('#videollamada');
  await expect(card.getByRole('heading', { level: 2, name: 'Videollamada' })).toBeVisible();
  await card.getByRole('radio').first().focus();
  await page.keyboard.press('Space');
  await card.getByRole('button', { name: 'Reservar videollamada' }).click();
  await expect(page.getByText('Videollamada reservada. Te hemos enviado la invitación por email.')).toBeVisible();
  const withIcs = (m: OutboxMail) => m.kind === 'video-booked' && (m.attachments ?? []).some((a) => a.filename.endsWith('.ics'));
  await outbox.find((m) => withIcs(m) && m.to === email, 'the video call invitation to the user, with its .ics');
  await outbox.find((m) => withIcs(m) && m.to === 'soporte@rankmaps.es' && m.text.includes(email), 'the video call invitation to the support team, with its .ics');
});
