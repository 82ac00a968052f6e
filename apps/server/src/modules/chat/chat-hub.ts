import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { ChatAuthor, ChatAvailability, ChatMessage, ChatStreamEvent } from '@rankmaps/shared/schemas/chat';
import type { Database } from '../../db/client';
import { type ChatHours, hoursInWords, isWithinHours } from './chat-hours';
import { CHAT_CHANNEL, type ChatMessageRow, type ChatNotice, chatRepository } from './chat.repository';
import type { EventStream } from './event-stream';

/** Heartbeat comments keep proxies from closing an idle stream (docs/decisions.md §27.2). */
export const CHAT_HEARTBEAT_MS = 20_000;
/** An operator counts as online this long after their stream's last heartbeat. */
export const PRESENCE_SECONDS = 60;
/**
 * A stream ends after this long and the browser reconnects with Last-Event-ID: the session is
 * checked again (a signed-out or revoked session stops getting messages) and nothing is lost.
 */
export const STREAM_MAX_LIFE_MS = 10 * 60_000;

export const toChatMessage = (row: ChatMessageRow): ChatMessage => ({
  id: row.seq,
  author: row.author as ChatAuthor,
  body: row.body,
  createdAt: row.createdAt.toISOString(),
  ticketReference: row.ticketReference,
});

interface CustomerClient {
  stream: EventStream;
  conversationId: string;
  /** The last message number this stream has sent: only later ones go out, so none twice. */
  lastSent: number;
}
interface OperatorClient {
  stream: EventStream;
  streamId: string;
  operatorId: string;
}

export interface ChatHubOptions {
  heartbeatMs?: number;
}

/**
 * One per API process: the open chat streams of this process and its LISTEN on the chat
 * channel (docs/decisions.md §27.2). A NOTIFY carries ids only; the hub reads the rows once
 * and writes them to each of its streams. Deliveries to a conversation are queued one after
 * another, each sending what its streams have not sent yet, so order holds and nothing goes
 * twice even when a catch-up and a live message meet.
 */
export class ChatHub {
  private readonly customers = new Map<string, Set<CustomerClient>>();
  private readonly operators = new Set<OperatorClient>();
  private readonly queues = new Map<string, Promise<void>>();
  private timer: NodeJS.Timeout | undefined;
  private unlisten: (() => Promise<void>) | undefined;
  private lastReason: ChatAvailability['reason'] | undefined;

  constructor(
    private readonly database: Database,
    private readonly hours: ChatHours,
    private readonly log: Logger,
    private readonly options: ChatHubOptions = {},
  ) {}

  async start(): Promise<void> {
    this.unlisten = await this.database.listen(CHAT_CHANNEL, (payload) => this.onNotice(payload), () => this.resync());
    this.timer = setInterval(() => void this.tick().catch((err: unknown) => this.log.warn({ err }, 'chat heartbeat failed')), this.options.heartbeatMs ?? CHAT_HEARTBEAT_MS);
    this.timer.unref();
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    for (const set of this.customers.values()) for (const c of set) c.stream.close();
    for (const o of this.operators) o.stream.close();
    await Promise.allSettled(this.queues.values());
    await this.unlisten?.();
  }

  /** How many streams this process holds (the benchmark reads it). */
  get streamCount(): number {
    let n = this.operators.size;
    for (const set of this.customers.values()) n += set.size;
    return n;
  }

  /** Whether a message now reaches a person: inside the hours and an operator online (any process). */
  async availability(now = new Date()): Promise<ChatAvailability> {
    const hours = hoursInWords(this.hours);
    if (!isWithinHours(this.hours, now)) return { available: false, reason: 'fuera-de-horario', hours };
    if (!(await chatRepository.operatorsOnline(this.database.db))) return { available: false, reason: 'sin-operadores', hours };
    return { available: true, reason: 'abierto', hours };
  }

  /** A customer's stream: registered first, then caught up from `lastSeen`, so nothing falls between. */
  addCustomer(stream: EventStream, conversationId: string, lastSeen: number): void {
    const client: CustomerClient = { stream, conversationId, lastSent: lastSeen };
    let set = this.customers.get(conversationId);
    if (!set) this.customers.set(conversationId, (set = new Set()));
    set.add(client);
    this.endLater(stream);
    stream.onClose(() => {
      set.delete(client);
      if (set.size === 0 && this.customers.get(conversationId) === set) this.customers.delete(conversationId);
    });
    this.deliver(conversationId);
  }

  /** An operator's stream: the operator is online (in the database, for every process) while it is open. */
  async addOperator(stream: EventStream, operatorId: string): Promise<void> {
    const client: OperatorClient = { stream, operatorId, streamId: randomUUID() };
    this.operators.add(client);
    this.endLater(stream);
    stream.onClose(() => {
      this.operators.delete(client);
      void (async () => {
        await chatRepository.dropPresence(this.database.db, client.streamId);
        await chatRepository.notify(this.database.db, { k: 'p' });
      })().catch((err: unknown) => this.log.warn({ err }, 'chat presence not dropped'));
    });
    await chatRepository.touchPresence(this.database.db, [{ streamId: client.streamId, operatorId }], PRESENCE_SECONDS);
    await chatRepository.notify(this.database.db, { k: 'p' });
  }

  private endLater(stream: EventStream) {
    const timer = setTimeout(() => stream.close(), STREAM_MAX_LIFE_MS);
    timer.unref();
    stream.onClose(() => clearTimeout(timer));
  }

  private onNotice(payload: string): void {
    let notice: ChatNotice;
    try {
      notice = JSON.parse(payload) as ChatNotice;
    } catch {
      return;
    }
    switch (notice.k) {
      case 'm':
        this.deliver(notice.c, notice.s);
        return;
      case 't':
        this.toOtherSide(notice.c, notice.a, { type: 'escribiendo', conversationId: notice.c, author: notice.a });
        return;
      case 'r':
        this.toBothSides(notice.c, { type: 'leido', conversationId: notice.c, author: notice.a, upTo: notice.s });
        return;
      case 'p':
        void this.refreshAvailability(true).catch((err: unknown) => this.log.warn({ err }, 'chat availability not refreshed'));
        return;
    }
  }

  private toOtherSide(conversationId: string, author: ChatAuthor, event: ChatStreamEvent) {
    if (author === 'cliente') for (const o of this.operators) o.stream.send(event.type, event);
    else for (const c of this.customers.get(conversationId) ?? []) c.stream.send(event.type, event);
  }

  private toBothSides(conversationId: string, event: ChatStreamEvent) {
    for (const o of this.operators) o.stream.send(event.type, event);
    for (const c of this.customers.get(conversationId) ?? []) c.stream.send(event.type, event);
  }

  /**
   * Sends a conversation's new messages: to each customer stream what it has not sent yet and,
   * when `seq` names a new message, that one to the operators' streams.
   */
  private deliver(conversationId: string, seq?: number): void {
    const previous = this.queues.get(conversationId) ?? Promise.resolve();
    const next = previous
      .then(async () => {
        const clients = [...(this.customers.get(conversationId) ?? [])];
        const forOperators = seq !== undefined && this.operators.size > 0;
        if (clients.length === 0 && !forOperators) return;
        let from = Math.min(...clients.map((c) => c.lastSent), forOperators ? seq - 1 : Number.POSITIVE_INFINITY);
        // Only a single message is needed when every stream is already up to date.
        if (!Number.isFinite(from)) return;
        const rows = await chatRepository.messagesAfter(this.database.db, conversationId, from);
        for (const row of rows) {
          const message = toChatMessage(row);
          const event: ChatStreamEvent = { type: 'mensaje', conversationId, message };
          for (const c of clients) {
            if (row.seq <= c.lastSent || c.stream.closed) continue;
            c.stream.send('mensaje', event, row.seq);
            c.lastSent = row.seq;
          }
          if (forOperators && row.seq === seq) for (const o of this.operators) o.stream.send('mensaje', event);
          from = row.seq;
        }
      })
      .catch((err: unknown) => this.log.warn({ err, conversationId }, 'chat delivery failed'));
    this.queues.set(conversationId, next);
    void next.then(() => {
      if (this.queues.get(conversationId) === next) this.queues.delete(conversationId);
    });
  }

  /** After the LISTEN connection came back: catch every customer stream up; operators reload. */
  private resync(): void {
    for (const conversationId of this.customers.keys()) this.deliver(conversationId);
    for (const o of this.operators) o.stream.send('resync', {});
    void this.refreshAvailability(true).catch(() => undefined);
  }

  /** Tells the customer streams whether a message now reaches a person, when it changed (or `force`). */
  private async refreshAvailability(force: boolean): Promise<void> {
    if (this.customers.size === 0) return;
    const availability = await this.availability();
    if (!force && availability.reason === this.lastReason) return;
    this.lastReason = availability.reason;
    const event: ChatStreamEvent = { type: 'estado', availability };
    for (const set of this.customers.values()) for (const c of set) c.stream.send('estado', event);
  }

  /** Every heartbeat: a comment on each stream, this process's operators kept online, the hours re-read. */
  private async tick(): Promise<void> {
    for (const set of this.customers.values()) for (const c of set) c.stream.comment('latido');
    for (const o of this.operators) o.stream.comment('latido');
    const online = [...this.operators].map((o) => ({ streamId: o.streamId, operatorId: o.operatorId }));
    await chatRepository.touchPresence(this.database.db, online, PRESENCE_SECONDS);
    await this.refreshAvailability(false);
  }
}
