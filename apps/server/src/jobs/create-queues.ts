import type PgBoss from 'pg-boss';
import { jobDefinitions } from './definitions';

/** Queues every job uses; created at start by both the API and the workers. */
export async function createQueues(boss: PgBoss): Promise<void> {
  for (const { name, queuePolicy } of jobDefinitions) {
    if (!queuePolicy) {
      await boss.createQueue(name);
      continue;
    }
    // Copies: pg-boss writes into the options it is given. createQueue leaves a queue that
    // exists alone, so one made by an earlier release gets the policy from updateQueue.
    await boss.createQueue(name, { name, ...queuePolicy });
    await boss.updateQueue(name, { name, ...queuePolicy });
  }
}
