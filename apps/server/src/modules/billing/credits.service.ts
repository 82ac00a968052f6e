import type { Db, DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import { type CreditLot, creditsRepository } from './credits.repository';

export const insufficientCredits = () =>
  new AppError('INSUFFICIENT_CREDITS', 'No tienes créditos suficientes para este análisis. Compra más créditos para continuar.', 402, 'insufficient_credits');

/** Plan credits, or the extra ones (purchases and adjustments), as the profile shows them. */
export type CreditSource = 'subscription' | 'extra';

const addMonths = (d: Date, n: number) => {
  const out = new Date(d);
  out.setUTCMonth(out.getUTCMonth() + n);
  return out;
};

export interface Allocation {
  lotId: string;
  amount: number;
}

/** Splits `amount` over lots in their spending order; null when they hold too little. */
export function allocate(lots: { id: string; remaining: number }[], amount: number): Allocation[] | null {
  const out: Allocation[] = [];
  let left = amount;
  for (const lot of lots) {
    if (left === 0) break;
    const take = Math.min(lot.remaining, left);
    if (take > 0) out.push({ lotId: lot.id, amount: take });
    left -= take;
  }
  return left === 0 ? out : null;
}

type NewLotInput = { userId: string; amount: number; reference: string; expiresAt: Date };

/**
 * One lot of `amount` credits until `expiresAt` and its ledger entry of `kind`, under the user's
 * lock; false, adding nothing, when that entry's reference is already in the ledger.
 */
async function addLot(tx: DbOrTx, kind: 'grant' | 'purchase', source: 'subscription' | 'purchase', input: NewLotInput): Promise<boolean> {
  await creditsRepository.lockUser(tx, input.userId);
  if (await creditsRepository.findTransaction(tx, kind, input.reference)) return false;
  const lot = await creditsRepository.insertLot(tx, {
    userId: input.userId,
    source,
    granted: input.amount,
    remaining: input.amount,
    expiresAt: input.expiresAt,
    reference: `${kind}:${input.reference}`,
  });
  await creditsRepository.insertTransaction(tx, { userId: input.userId, kind, amount: input.amount, reference: input.reference, allocations: lot ? [{ lotId: lot.id, amount: input.amount }] : [] });
  return true;
}

/**
 * The credit ledger's two operations for paid work, plus grants and purchases.
 * Every change runs in a transaction holding the user's row lock, so the balance never
 * goes below zero under concurrency; every change is keyed by a reference, so a retry
 * or a duplicate request never charges, refunds or grants twice.
 */
export const creditsService = {
  async balances(db: DbOrTx, userId: string, now = new Date()) {
    return creditsRepository.balances(db, userId, now);
  },

  /** Takes `amount` credits for the work named by `reference`. Repeating it charges nothing more. */
  async reserve(db: Db, input: { userId: string; amount: number; reference: string; now?: Date; actorId?: string | null }): Promise<{ charged: number; repeated: boolean }> {
    const now = input.now ?? new Date();
    if (!Number.isInteger(input.amount) || input.amount < 0) throw new Error('reserve: amount must be a non-negative integer');
    return db.transaction(async (tx) => {
      await creditsRepository.lockUser(tx, input.userId);
      const existing = await creditsRepository.findTransaction(tx, 'spend', input.reference);
      if (existing) return { charged: -existing.amount, repeated: true };
      if (input.amount === 0) return { charged: 0, repeated: false };
      const lots = await creditsRepository.spendableLots(tx, input.userId, now);
      const allocations = allocate(lots, input.amount);
      if (!allocations) throw insufficientCredits();
      for (const a of allocations) await creditsRepository.addToLot(tx, a.lotId, -a.amount);
      await creditsRepository.insertTransaction(tx, { userId: input.userId, kind: 'spend', amount: -input.amount, reference: input.reference, allocations, actorId: input.actorId ?? null });
      return { charged: input.amount, repeated: false };
    });
  },

  /**
   * Gives back up to `amount` credits of the spend `reference`, to the lots they came
   * from (latest drawn first). Once per spend; a repeat refunds nothing.
   */
  async refund(db: Db, input: { userId: string; amount: number; reference: string }): Promise<{ refunded: number }> {
    return db.transaction(async (tx) => {
      await creditsRepository.lockUser(tx, input.userId);
      if (await creditsRepository.findTransaction(tx, 'refund', input.reference)) return { refunded: 0 };
      const spend = await creditsRepository.findTransaction(tx, 'spend', input.reference);
      if (!spend) return { refunded: 0 };
      const amount = Math.min(Math.max(0, Math.floor(input.amount)), -spend.amount);
      if (amount === 0) return { refunded: 0 };
      let left = amount;
      const allocations: Allocation[] = [];
      for (const a of [...spend.allocations].reverse()) {
        if (left === 0) break;
        const back = Math.min(a.amount, left);
        await creditsRepository.addToLot(tx, a.lotId, back);
        allocations.push({ lotId: a.lotId, amount: back });
        left -= back;
      }
      await creditsRepository.insertTransaction(tx, { userId: input.userId, kind: 'refund', amount, reference: input.reference, allocations });
      return { refunded: amount };
    });
  },

  /**
   * Grants a billing period's plan credits. Plan credits do not carry over: the lots of
   * earlier periods expire now. Idempotent by `reference` (the invoice or period).
   */
  async grantPlanCredits(tx: DbOrTx, input: { userId: string; amount: number; reference: string; expiresAt: Date; now?: Date }): Promise<boolean> {
    const now = input.now ?? new Date();
    await creditsRepository.lockUser(tx, input.userId);
    if (await creditsRepository.findTransaction(tx, 'grant', input.reference)) return false;
    const active = await creditsRepository.activeSubscriptionLots(tx, input.userId, now);
    // Events may arrive out of order: a grant for an older period than one already
    // granted is recorded (so it stays applied once) but adds nothing.
    const stale = active.some((lot) => lot.expiresAt > input.expiresAt);
    if (!stale) {
      for (const lot of active) {
        await creditsRepository.expireLot(tx, lot.id, now);
        await creditsRepository.insertTransaction(tx, {
          userId: input.userId,
          kind: 'expire',
          amount: -lot.remaining,
          reference: `expire:${lot.id}`,
          allocations: [{ lotId: lot.id, amount: lot.remaining }],
        });
      }
    }
    const amount = stale ? 0 : input.amount;
    const lot = await creditsRepository.insertLot(tx, {
      userId: input.userId,
      source: 'subscription',
      granted: amount,
      remaining: amount,
      expiresAt: input.expiresAt,
      reference: `grant:${input.reference}`,
    });
    await creditsRepository.insertTransaction(tx, { userId: input.userId, kind: 'grant', amount, reference: input.reference, allocations: lot ? [{ lotId: lot.id, amount }] : [] });
    return true;
  },

  /**
   * Adds plan credits beside the month's grant (a move up's pro-rated difference), ending with
   * the month: the next grant expires it with the rest. Idempotent by `reference`.
   */
  async addPlanTopUp(tx: DbOrTx, input: NewLotInput): Promise<boolean> {
    return addLot(tx, 'grant', 'subscription', input);
  },

  /** Adds purchased credits, valid until `expiresAt` (12 months). Idempotent by `reference`. */
  async addPurchase(tx: DbOrTx, input: NewLotInput): Promise<boolean> {
    return addLot(tx, 'purchase', 'purchase', input);
  },

  /**
   * Sets one source's balance to `amount` (the development panel). The source's current
   * lots expire, each with its ledger entry, and one new lot holds `amount`: a plan lot
   * that keeps the current period's end (so the next grant replaces it as usual), or an
   * extra lot valid for 12 months. Runs under the user's lock; idempotent by `reference`,
   * and a balance already at `amount` is left alone.
   */
  async adjust(db: DbOrTx, input: { userId: string; source: CreditSource; amount: number; reference: string; now?: Date }): Promise<{ changed: boolean }> {
    const now = input.now ?? new Date();
    if (!Number.isInteger(input.amount) || input.amount < 0) throw new Error('adjust: amount must be a non-negative integer');
    const ofSource = (lot: CreditLot) => (input.source === 'subscription' ? lot.source === 'subscription' : lot.source !== 'subscription');
    // A nested call inside an open transaction becomes a savepoint.
    return db.transaction(async (tx) => {
      await creditsRepository.lockUser(tx, input.userId);
      if (await creditsRepository.findTransaction(tx, 'adjustment', input.reference)) return { changed: false };
      const lots = (await creditsRepository.unexpiredLots(tx, input.userId, now)).filter(ofSource);
      const current = lots.reduce((n, lot) => n + lot.remaining, 0);
      if (current === input.amount) return { changed: false };
      for (const lot of lots.filter((l) => l.remaining > 0)) {
        await creditsRepository.expireLot(tx, lot.id, now);
        await creditsRepository.insertTransaction(tx, {
          userId: input.userId,
          kind: 'expire',
          amount: -lot.remaining,
          reference: `expire:${lot.id}`,
          allocations: [{ lotId: lot.id, amount: lot.remaining }],
        });
      }
      const periodEnd = lots.reduce<Date | null>((end, lot) => (!end || lot.expiresAt > end ? lot.expiresAt : end), null);
      const expiresAt = input.source === 'subscription' ? (periodEnd ?? addMonths(now, 1)) : addMonths(now, 12);
      const lot =
        input.amount > 0
          ? await creditsRepository.insertLot(tx, {
              userId: input.userId,
              source: input.source === 'subscription' ? 'subscription' : 'adjustment',
              granted: input.amount,
              remaining: input.amount,
              expiresAt,
              reference: `adjustment:${input.reference}`,
            })
          : null;
      await creditsRepository.insertTransaction(tx, {
        userId: input.userId,
        kind: 'adjustment',
        amount: input.amount,
        reference: input.reference,
        allocations: lot ? [{ lotId: lot.id, amount: input.amount }] : [],
      });
      return { changed: true };
    });
  },
};
