import { describe, expect, it } from 'vitest';
import { maskSlackUrl, slackMessageFor } from './slack.service';

describe('the Slack message and the masked URL', () => {
  it('when a title or body carries Slack markup, then the text and the section escape it, and the button links to the notification', () => {
    const m = slackMessageFor({ title: 'Análisis completado: «dentista» (<!channel> & Cía)', body: 'GeoRank 54 <https://evil.example|aquí>.', link: '/rankmap/p/keyword/k?analysis=a' }, 'https://app.rankmaps.es');
    expect(m.text).toBe('Análisis completado: «dentista» (&lt;!channel&gt; &amp; Cía). GeoRank 54 &lt;https://evil.example|aquí&gt;.');
    expect(m.blocks).toEqual([
      { type: 'header', text: { type: 'plain_text', text: 'Análisis completado: «dentista» (<!channel> & Cía)', emoji: false } },
      { type: 'section', text: { type: 'mrkdwn', text: 'GeoRank 54 &lt;https://evil.example|aquí&gt;.' } },
      { type: 'actions', elements: [{ type: 'button', text: { type: 'plain_text', text: 'Ver en RankMaps' }, url: 'https://app.rankmaps.es/rankmap/p/keyword/k?analysis=a' }] },
    ]);
  });

  it('when a URL is masked, then only the host, the first segment, two characters of the next and the last four are shown', () => {
    expect(maskSlackUrl('https://hooks.slack.com/services/T0123ABCD/B0456EFGH/abcdefghijklmnopqrstXXXX')).toBe('hooks.slack.com/services/T0…/…XXXX');
    expect(maskSlackUrl('https://chat.example.es:8065/hooks/abcdefsecret')).toBe('chat.example.es:8065/hooks/ab…/…cret');
    expect(maskSlackUrl('no es una url')).toBe('…');
  });
});
