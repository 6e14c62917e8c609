import { expect, it } from 'vitest'
import * as entry from '../../src/bullmq/index'

// The public API of confirmed-rpc/bullmq at a glance: an export added or removed shows in review.
it('exports exactly these values from confirmed-rpc/bullmq', () => {
  expect(Object.keys(entry).sort()).toMatchInlineSnapshot(`
    [
      "createBackfillQueue",
      "createJsonlSink",
      "createRedisBudget",
      "startBackfillWorker",
    ]
  `)
})
