/** A small deterministic pseudo-random source; the same seed always gives the same sequence. */
export type Random = Readonly<{
  /** A uniform integer in [0, 2^32). */
  uint32: () => number
  /** A uniform float in [0, 1). */
  float: () => number
  /** A uniform integer in [0, n). */
  int: (n: number) => number
  /** A uniform integer in [min, max] (both inclusive). */
  between: (min: number, max: number) => number
  /** True with probability `p`. */
  chance: (p: number) => boolean
  /** Fills a new array of `length` random bytes. */
  bytes: (length: number) => Uint8Array
}>

/**
 * Returns a splitmix32-style generator: a Weyl sequence (step 0x9e3779b9) passed through an
 * avalanche mix. It is not cryptographic; it only has to be fast, well spread and repeatable.
 */
export function createRandom(seed: number): Random {
  let state = seed >>> 0
  const uint32 = (): number => {
    state = (state + 0x9e3779b9) | 0
    let z = state
    z = Math.imul(z ^ (z >>> 16), 0x21f0aaad)
    z = Math.imul(z ^ (z >>> 15), 0x735a2d97)
    return (z ^ (z >>> 15)) >>> 0
  }
  const float = (): number => uint32() / 4_294_967_296
  const int = (n: number): number => Math.floor(float() * n)
  return {
    uint32,
    float,
    int,
    between: (min, max) => min + int(max - min + 1),
    chance: (p) => float() < p,
    bytes: (length) => {
      const out = new Uint8Array(length)
      for (let i = 0; i < length; i += 4) {
        let word = uint32()
        for (let j = i; j < i + 4 && j < length; j++) {
          out[j] = word & 0xff
          word >>>= 8
        }
      }
      return out
    },
  }
}
