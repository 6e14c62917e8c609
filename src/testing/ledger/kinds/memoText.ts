import type { Random } from '../createRandom'

const encoder = new TextEncoder()

/**
 * A memo's bytes: everyday texts, some with emoji, sometimes a reference number.
 */
export function memoText(random: Random): Uint8Array {
  const n = random.between(1, 99_999)
  const texts = [
    'Test memo',
    `invoice #${n}`,
    `payout batch ${n}`,
    'gm',
    'thanks for lunch 🍕',
    `order:${n.toString(16)}`,
    '🦖',
    `rent ${random.between(1, 12)}/2024`,
    'ẞtraße café – déjà vu',
  ]
  return encoder.encode(texts[random.int(texts.length)] ?? 'memo')
}
