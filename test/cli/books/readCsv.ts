/**
 * A strict RFC 4180 reader for the tests (no CSV parser is installed): records end with CRLF,
 * a quoted field doubles its quotes and may hold commas, CR and LF, an unquoted field holds
 * none of `"`, CR or LF, and anything else (a bare LF, text after a closing quote, a missing
 * final CRLF, records of different widths) throws.
 */
export function readCsv(text: string): string[][] {
  const records: string[][] = []
  let record: string[] = []
  let at = 0
  while (at < text.length) {
    let field = ''
    if (text[at] === '"') {
      at += 1
      for (;;) {
        const quote = text.indexOf('"', at)
        if (quote < 0) throw new Error(`unterminated quoted field at ${at}`)
        field += text.slice(at, quote)
        at = quote + 1
        if (text[at] !== '"') break
        field += '"'
        at += 1
      }
    } else {
      const end = text.slice(at).search(/[,\r\n"]/)
      const stop = end < 0 ? text.length : at + end
      field = text.slice(at, stop)
      at = stop
      if (text[at] === '"') throw new Error(`a quote inside an unquoted field at ${at}`)
    }
    record.push(field)
    if (text[at] === ',') {
      at += 1
      if (at === text.length) throw new Error('a record ends with a comma and no CRLF')
    } else if (text.startsWith('\r\n', at)) {
      at += 2
      records.push(record)
      record = []
    } else {
      throw new Error(
        `expected a comma or CRLF at ${at}, got ${JSON.stringify(text.slice(at, at + 8))}`,
      )
    }
  }
  if (record.length > 0) throw new Error('the last record has no CRLF')
  const width = records[0]?.length
  for (const [index, each] of records.entries()) {
    if (each.length !== width)
      throw new Error(`record ${index} has ${each.length} fields, the header ${width}`)
  }
  return records
}

/** The records of a CSV as objects keyed by its header. */
export function readCsvObjects(text: string): Record<string, string>[] {
  const [header, ...rows] = readCsv(text)
  if (header === undefined) throw new Error('no header')
  return rows.map((row) =>
    Object.fromEntries(header.map((name, index) => [name, row[index] ?? ''])),
  )
}

/** Base units from a decimal string, without floats: the inverse the tests hold the writers to. */
export function parseDecimal(text: string, decimals: number): bigint {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text)
  if (match === null) throw new Error(`not a plain decimal: ${JSON.stringify(text)}`)
  const [, sign = '', whole = '', fraction = ''] = match
  if (fraction.length > decimals) throw new Error(`${text} has more than ${decimals} decimals`)
  if (fraction.endsWith('0')) throw new Error(`${text} has a trailing zero`)
  const units = BigInt(whole + fraction.padEnd(decimals, '0'))
  return sign === '-' ? -units : units
}
