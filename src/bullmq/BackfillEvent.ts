/**
 * What a backfill worker reports to its `onEvent` hook, for progress lines and logs:
 * - `'start'`: it took an address (`resumed`: from a checkpoint a previous run stored);
 * - `'page'`: the sink accepted a page and its checkpoint is stored (`entries`, `pages`: totals of
 *   the address so far);
 * - `'done'`: the address's walk ended and the sink finished it;
 * - `'released'`: it stopped (`close()`) after a page and gave the address back to the queue;
 * - `'failed'`: the walk or the sink threw; BullMQ tries the job again (from its checkpoint)
 *   until its attempts are spent.
 */
export type BackfillEvent = Readonly<
  | { kind: 'start'; address: string; resumed: boolean; entries: number; pages: number }
  | { kind: 'page'; address: string; entries: number; pages: number }
  | { kind: 'done'; address: string; entries: number; pages: number }
  | { kind: 'released'; address: string; entries: number; pages: number }
  | { kind: 'failed'; address: string; error: unknown }
>
