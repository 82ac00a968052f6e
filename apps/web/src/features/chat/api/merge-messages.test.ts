import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '@rankmaps/shared/schemas/chat';
import { mergeMessages } from './use-live-chat';

const m = (id: number, body = `m${id}`): ChatMessage => ({ id, author: 'cliente', body, createdAt: '2026-11-26T10:00:00Z', ticketReference: null });

describe('mergeMessages', () => {
  it('when a replay brings messages already shown, out of order, then each id appears once, in order', () => {
    expect(mergeMessages([m(1), m(2), m(3)], [m(5), m(3), m(4)]).map((x) => x.id)).toEqual([1, 2, 3, 4, 5]);
  });

  it('when nothing new comes, then the list is the same', () => {
    expect(mergeMessages([m(1), m(2)], [m(2)])).toEqual([m(1), m(2)]);
  });
});
