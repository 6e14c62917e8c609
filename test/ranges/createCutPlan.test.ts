import { describe, expect, it } from 'vitest'
import { createCutPlan } from '../../src/ranges/createCutPlan'

// The cut plan driven step by step, as the walk drives it from the probes' answers.

const span = { top: 1_000n, bottom: 100n, bySlot: false }

describe('createCutPlan', () => {
  it('cuts at tentative boundaries until the endpoint is shown to read foreign cursors', async () => {
    const plan = createCutPlan({ provider: false, cursors: undefined })
    expect(plan.state()).toEqual({ provider: 'unasked', span: 'asking', cursors: 'unknown' })
    expect(plan.tentative()).toBe(true)
    plan.spanFound(span)
    expect(plan.state().span).toBe('found')
    expect(await plan.span).toEqual(span)
    // A range from a foreign boundary came back empty: the probe runs, then answers.
    plan.judging()
    expect(plan.state().cursors).toBe('judging')
    expect(plan.tentative()).toBe(true)
    plan.cursorsJudged('any')
    expect(plan.state().cursors).toBe('any')
    expect(plan.tentative()).toBe(false)
    expect(plan.viaProvider()).toBe(false)
  })

  it('leaves a boundary tentative where no probe could tell', () => {
    const plan = createCutPlan({ provider: false, cursors: undefined })
    plan.judging()
    plan.cursorsJudged('checked')
    expect(plan.state().cursors).toBe('unknown')
    expect(plan.tentative()).toBe(true)
  })

  it('cuts nothing over an endpoint known to read no foreign cursor, unless through the provider', async () => {
    const plan = createCutPlan({ provider: false, cursors: 'none' })
    plan.spanFound(span)
    expect(plan.state()).toEqual({ provider: 'unasked', span: 'uncut', cursors: 'none' })
    expect(await plan.span).toBeUndefined()
    const provider = createCutPlan({ provider: true, cursors: 'none' })
    expect(provider.state().provider).toBe('asking')
    expect(provider.viaProvider()).toBe(false)
    provider.providerAnswered(true)
    expect(provider.viaProvider()).toBe(true)
    // Through the provider, which filters by slot, no boundary is a cursor.
    expect(provider.tentative()).toBe(false)
    provider.spanFound({ ...span, bySlot: true })
    expect(await provider.span).toEqual({ ...span, bySlot: true })
  })

  it('walks through the node where the provider lacks its method, and reports a failed span', async () => {
    const plan = createCutPlan({ provider: true, cursors: 'any' })
    plan.providerAnswered(false)
    expect(plan.state().provider).toBe('lacks')
    expect(plan.viaProvider()).toBe(false)
    expect(plan.tentative()).toBe(false)
    const failure = new Error('socket hang up')
    plan.spanFailed(failure)
    expect(plan.state().span).toBe('failed')
    await expect(plan.span).rejects.toBe(failure)
    // Nothing uncut: an address without entries, or a node without the slot methods.
    const empty = createCutPlan({ provider: false, cursors: 'any' })
    empty.spanFound(undefined)
    expect(empty.state().span).toBe('uncut')
    expect(await empty.span).toBeUndefined()
  })
})
