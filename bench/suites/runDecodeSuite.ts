import { parseJson } from '../../src/json/parseJson'
import type { U64Mode } from '../../src/schemas/common'
import type { DecodeBody } from '../fixtures/DecodeBody'
import { responseText } from '../fixtures/responseText'
import type { BenchRow } from '../support/BenchRow'
import type { BenchSettings } from '../support/BenchSettings'
import { formatMs } from '../support/formatMs'
import { type Measurement, measure, pairedRatio } from '../support/measure'
import { decodeOurs } from './decodeOurs'

function row(
  group: string,
  subject: string,
  comparison: string,
  measured: Measurement,
  baseline: Measurement,
  target?: BenchRow['target'],
): BenchRow {
  return {
    group,
    subject,
    comparison,
    ours: formatMs(measured.medianMs),
    other: formatMs(baseline.medianMs),
    ratio: pairedRatio(measured, baseline),
    target,
  }
}

/**
 * In-process decode cost of each body: `JSON.parse` of the response text (the floor) against our
 * parse + envelope + schema check, in number mode, and in bigint mode on the same body and on its
 * variant with integers above 2^53 (each against `JSON.parse` of that same text).
 */
export async function runDecodeSuite(
  bodies: readonly DecodeBody[],
  settings: BenchSettings,
): Promise<BenchRow[]> {
  const rows: BenchRow[] = []
  const sampling = {
    rounds: settings.rounds,
    minSampleMs: settings.minSampleMs,
    warmupMs: settings.warmupMs,
  }
  for (const body of bodies) {
    const plain = responseText(body)
    const raised = responseText(body, true)
    const ours = (text: string, mode: U64Mode) => () => decodeOurs(text, body.kind, mode)
    const [floor, number, bigint, floorRaised, bigintRaised, parseOnly] = await measure(
      [
        { name: 'JSON.parse', run: () => JSON.parse(plain) },
        { name: 'number', run: ours(plain, 'number') },
        { name: 'bigint', run: ours(plain, 'bigint') },
        { name: 'JSON.parse raised', run: () => JSON.parse(raised) },
        { name: 'bigint raised', run: ours(raised, 'bigint') },
        { name: 'parseJson', run: () => parseJson(plain) },
      ],
      sampling,
    )
    if (!floor || !number || !bigint || !floorRaised || !bigintRaised || !parseOnly) {
      throw new Error('a measurement is missing')
    }
    const size = `${body.label}, ${(plain.length / 1024).toFixed(0)} KiB`
    rows.push(
      row('decode', size, 'ours (number) ÷ JSON.parse', number, floor, { op: '<=', value: 1.3 }),
      row('decode', size, 'parseJson alone ÷ JSON.parse', parseOnly, floor),
      row('bigint', size, 'ours (bigint) ÷ JSON.parse', bigint, floor, { op: '<=', value: 2 }),
      row(
        'bigint',
        `${body.label}, > 2^53`,
        'ours (bigint) ÷ JSON.parse',
        bigintRaised,
        floorRaised,
        {
          op: '<=',
          value: 2,
        },
      ),
    )
  }
  return rows
}
