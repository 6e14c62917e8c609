import fc from 'fast-check'
const arb = fc.tuple(fc.integer({ min: 0, max: 2499 }), fc.integer({ min: 0, max: 2499 }), fc.option(fc.integer({ min: 1, max: 900 }), { nil: undefined }), fc.constantFrom('newest' as const, 'oldest' as const), fc.integer({ min: 2, max: 8 }))
let zero = 0
const trials = 20000
for (let t = 0; t < trials; t++) {
  const runs = fc.sample(arb, { numRuns: 5, seed: t })
  if (runs.every(([, , limit, order]) => order === 'newest' && limit !== undefined)) zero++
}
console.log(zero / trials)
