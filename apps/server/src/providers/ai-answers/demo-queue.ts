import type { AiAnswerRequest, AiEngine, AiFoundTask, AiPostedTask, AiReadyTask, AiStandardQueue } from './interface';

// The demo engine's standard queue (docs/decisions.md §31.16), for the engines whose real vendor has
// one (Google AI Mode, AI Overviews): it truly queues, as DataForSEO's does. Posted tasks get an id
// and wait `delayMs`; only then do they show in `ready()`, until collected once; `collect` before
// that says 'pending'. `findPosted` finds a task by its tag, as id_list does. Free, like the demo.
// The tasks live in this process's memory: a restart forgets them, and the run after the wait
// bound asks what is missing live (the same fallback as a real vendor that never delivered).

interface DemoTask {
  id: string;
  tag: string;
  request: AiAnswerRequest;
  postedAt: number;
  collected: boolean;
}

export interface DemoAiQueueOptions {
  /** How long a posted task takes to be ready. */
  delayMs: number;
  /** The clock, for tests. */
  now?: () => number;
}

export function createDemoAiQueue(engine: Pick<AiEngine, 'ask'>, opts: DemoAiQueueOptions): AiStandardQueue {
  const now = opts.now ?? Date.now;
  const tasks = new Map<string, DemoTask>();
  let next = 0;
  const isReady = (t: DemoTask) => now() - t.postedAt >= opts.delayMs;
  return {
    maxTasksPerPost: 100,
    taskPriceUsd: 0,
    readySeconds: opts.delayMs / 1000,
    post(asks) {
      if (asks.length > 100) return Promise.reject(new RangeError('A demo task post takes at most 100 tasks.'));
      return Promise.resolve(
        asks.map(({ tag, request }): AiPostedTask => {
          const id = `demo-${now().toString(36)}-${(next++).toString(36)}`;
          tasks.set(id, { id, tag, request, postedAt: now(), collected: false });
          return { tag, ok: true, taskId: id, costUsd: 0 };
        }),
      );
    },
    ready() {
      return Promise.resolve([...tasks.values()].filter((t) => !t.collected && isReady(t)).map((t): AiReadyTask => ({ taskId: t.id, tag: t.tag })));
    },
    async collect(taskId, signal) {
      const task = tasks.get(taskId);
      if (!task) return { state: 'failed', error: 'La tarea de demostración no existe (el servidor se reinició).', fatal: true };
      if (!isReady(task)) return { state: 'pending' };
      const answer = await engine.ask(task.request, signal);
      task.collected = true;
      return { state: 'ready', answer: { ...answer, costUsd: 0 } };
    },
    findPosted(tags, since) {
      const wanted = new Set(tags);
      return Promise.resolve(
        [...tasks.values()].filter((t) => wanted.has(t.tag) && t.postedAt >= since.getTime()).map((t): AiFoundTask => ({ tag: t.tag, taskId: t.id, costUsd: 0 })),
      );
    },
  };
}
