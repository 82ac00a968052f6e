import { describe, expect, it } from 'vitest';
import { confirmationEmail, escapeHtml, passwordResetEmail } from './email-templates';

const link = 'https://app.example.com/confirm-email/user/abc?redirect=%2Fprofile&x="1"';

describe('e-mail templates', () => {
  it('when text has HTML characters, then escapeHtml neutralises all of them', () => {
    expect(escapeHtml(`<a href="x" onclick='y'>&</a>`)).toBe('&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;&lt;/a&gt;');
  });

  it('when the name carries markup, then the HTML shows it as text and the plain text keeps it as typed', () => {
    const mail = confirmationEmail({ name: '<script>alert("x")</script>', link });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(mail.text).toContain('Hola, <script>alert("x")</script>:');
  });

  it('when the link has query characters, then the HTML attribute is escaped and the text link is intact', () => {
    const mail = confirmationEmail({ name: 'Ana', link });
    expect(mail.html).toContain('href="https://app.example.com/confirm-email/user/abc?redirect=%2Fprofile&amp;x=&quot;1&quot;"');
    expect(mail.text).toContain(link);
  });

  it('when a confirmation e-mail is rendered, then it is Spanish, RankMaps-branded and states the 24-hour validity', () => {
    const mail = confirmationEmail({ name: 'Ana', link });
    expect(mail.subject).toBe('Confirma tu email en RankMaps');
    expect(mail.html).toContain('<html lang="es">');
    expect(mail.text).toContain('RankMaps');
    expect(mail.text).toContain('24 horas');
    expect(`${mail.subject} ${mail.text}`).not.toMatch(/evento|entrada|ticket/i);
  });

  it('when a reset e-mail is rendered, then it states the 1-hour validity in the singular', () => {
    const mail = passwordResetEmail({ name: 'Ana', link: 'https://app.example.com/reset-password/tok' });
    expect(mail.subject).toBe('Restablece tu contraseña de RankMaps');
    expect(mail.text).toContain('1 hora ');
    expect(mail.text).toContain('https://app.example.com/reset-password/tok');
    expect(mail.text).toContain('tu contraseña no cambiará');
  });
});
