/**
 * Writes src/schemas/generated/validators.ts: plain TypeScript validators compiled from the
 * typebox result schemas, so that the shipped client checks results without typebox, `eval` or
 * `new Function`. Each validator checks a value in one pass and converts its u64/i64 fields in
 * place (see src/schemas/runtime/checks.ts); it returns the first mismatch, whose path is built
 * only then.
 *
 * Run: `npx tsx scripts/generateValidators.ts` (`npm run generate`).
 * test/schemas/generateValidators.test.ts fails while the committed file is stale.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { confirmedTransactionSchema } from '../src/schemas/ConfirmedTransaction'
import { signatureInfoListSchema } from '../src/schemas/SignatureInfo'
import {
  INT64_KEYWORD,
  OPEN_VARIANTS_KEYWORD,
  SINGLE_KEY_KEYWORD,
} from '../src/schemas/schemaBuilders'

/** Where the generated file lives. */
export const VALIDATORS_FILE = fileURLToPath(
  new URL('../src/schemas/generated/validators.ts', import.meta.url),
)

/** The schemas that get an exported validator, named `check<$id>`. */
const ROOTS: readonly unknown[] = [
  signatureInfoListSchema(),
  confirmedTransactionSchema('json'),
  confirmedTransactionSchema('jsonParsed'),
  confirmedTransactionSchema('base58'),
  confirmedTransactionSchema('base64'),
  confirmedTransactionSchema('binary'),
]

type Schema = Readonly<Record<string, unknown>>

/** Keywords the generator understands. Any other keyword is an error, never silently ignored. */
const KNOWN_KEYWORDS = new Set([
  'type',
  'properties',
  'required',
  'items',
  'additionalItems',
  'minItems',
  // A tuple's upper bound (as `additionalItems`) is not checked: a newer node may add an item.
  'maxItems',
  'anyOf',
  'enum',
  'const',
  'minimum',
  '$id',
  INT64_KEYWORD,
  OPEN_VARIANTS_KEYWORD,
  SINGLE_KEY_KEYWORD,
])

type Kind =
  | 'int64'
  | 'open'
  | 'single'
  | 'union'
  | 'enum'
  | 'const'
  | 'object'
  | 'array'
  | 'tuple'
  | 'string'
  | 'number'
  | 'integer'
  | 'boolean'
  | 'null'
  | 'unknown'

function kindOf(schema: Schema): Kind {
  for (const key of Object.keys(schema)) {
    if (!KNOWN_KEYWORDS.has(key)) throw new Error(`Unsupported schema keyword ${key}`)
  }
  if (schema[INT64_KEYWORD] !== undefined) return 'int64'
  if (schema[OPEN_VARIANTS_KEYWORD] === true) return 'open'
  if (schema[SINGLE_KEY_KEYWORD] !== undefined) return 'single'
  if (schema.anyOf !== undefined) return 'union'
  if (schema.enum !== undefined) return 'enum'
  if (schema.const !== undefined) return 'const'
  if (schema.type === 'array') return Array.isArray(schema.items) ? 'tuple' : 'array'
  if (schema.type === undefined) return 'unknown'
  const type = schema.type
  if (
    type === 'object' ||
    type === 'string' ||
    type === 'number' ||
    type === 'integer' ||
    type === 'boolean' ||
    type === 'null'
  ) {
    return type
  }
  throw new Error(`Unsupported schema type ${String(type)}`)
}

const asSchema = (value: unknown): Schema => value as Schema
const branchesOf = (schema: Schema): Schema[] => (schema.anyOf as unknown[]).map(asSchema)
const propertiesOf = (schema: Schema): [string, Schema][] =>
  Object.entries((schema.properties ?? {}) as Record<string, unknown>).map(([k, s]) => [
    k,
    asSchema(s),
  ])
const requiredOf = (schema: Schema): readonly string[] => (schema.required ?? []) as string[]
type SingleKey = Readonly<{ payload: Schema; reserved: readonly string[] }>
const singleKeyOf = (schema: Schema): SingleKey => schema[SINGLE_KEY_KEYWORD] as SingleKey
const quote = (text: string): string => `'${text.replace(/[\\']/g, (c) => `\\${c}`)}'`
const literal = (value: unknown): string =>
  typeof value === 'string' ? quote(value) : JSON.stringify(value)

/** What a schema expects, for mismatch messages. */
function describe(schema: Schema): string {
  switch (kindOf(schema)) {
    case 'int64':
      return String(schema[INT64_KEYWORD])
    case 'open':
      return 'variant name or single-key object'
    case 'single':
      // In a union, what a non-object value should have been: an object either way.
      return 'object'
    case 'union':
      return [...new Set(branchesOf(schema).map(describe))].join(' | ')
    case 'enum':
      return (schema.enum as unknown[]).map((v) => JSON.stringify(v)).join(' | ')
    case 'const':
      return JSON.stringify(schema.const)
    case 'tuple':
    case 'array':
      return 'array'
    case 'integer':
      return 'unsigned integer'
    case 'unknown':
      return 'any value'
    default:
      return String(schema.type)
  }
}

/** Biome's line width: generated lines are laid out so that the formatter leaves them as they are. */
const MAX_WIDTH = 100

/** Top-level comma-separated arguments of a call (they hold no nested calls with commas here). */
function splitArguments(text: string): string[] {
  const args: string[] = []
  let depth = 0
  let quoted = false
  let start = 0
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (c === "'" && text[i - 1] !== '\\') quoted = !quoted
    if (quoted) continue
    if (c === '(' || c === '[') depth++
    else if (c === ')' || c === ']') depth--
    else if (c === ',' && depth === 0) {
      args.push(text.slice(start, i).trim())
      start = i + 1
    }
  }
  args.push(text.slice(start).trim())
  return args
}

/** A value the emitted code checks: how to read it, and where it sits (to convert it in place). */
type Slot = Readonly<{ expr: string; holder: string; key: string }>

type Fn = { name: string; schema: Schema; fingerprint: string }

function importLine(names: readonly string[], from: string): string {
  const line = `import { ${names.join(', ')} } from '${from}'`
  if (line.length <= MAX_WIDTH) return line
  return `import {\n${names.map((n) => `  ${n},\n`).join('')}} from '${from}'`
}

/** Compiles the root schemas into one TypeScript module. */
class Generator {
  private readonly fns = new Map<string, Fn>()
  private readonly order: Fn[] = []
  private readonly bigCache = new Map<string, boolean>()
  readonly helpers = new Set<string>()

  /** The validator function of a schema with `$id`, registered on first sight. */
  fnOf(schema: Schema): string {
    const id = schema.$id
    if (typeof id !== 'string') {
      throw new Error(`Schema needs a $id to get a validator: ${JSON.stringify(schema)}`)
    }
    const fingerprint = JSON.stringify(schema)
    const known = this.fns.get(id)
    if (known !== undefined) {
      if (known.fingerprint !== fingerprint) throw new Error(`Two different schemas use $id ${id}`)
      return known.name
    }
    const fn = { name: `check${id}`, schema, fingerprint }
    this.fns.set(id, fn)
    this.order.push(fn)
    return fn.name
  }

  /** Whether a schema holds a u64/i64 field, so its validator takes the mode. */
  needsBig(schema: Schema): boolean {
    const id = typeof schema.$id === 'string' ? schema.$id : undefined
    if (id !== undefined) {
      const cached = this.bigCache.get(id)
      if (cached !== undefined) return cached
      this.bigCache.set(id, false) // breaks cycles; schemas here have none
    }
    const result = this.scanBig(schema)
    if (id !== undefined) this.bigCache.set(id, result)
    return result
  }

  private scanBig(schema: Schema): boolean {
    switch (kindOf(schema)) {
      case 'int64':
        return true
      case 'open':
      case 'union':
        return branchesOf(schema).some((s) => this.needsBig(s))
      case 'object':
        return propertiesOf(schema).some(([, s]) => this.needsBig(s))
      case 'single':
        return this.needsBig(singleKeyOf(schema).payload)
      case 'array':
        return this.needsBig(asSchema(schema.items))
      case 'tuple':
        return (schema.items as unknown[]).some((s) => this.needsBig(asSchema(s)))
      default:
        return false
    }
  }

  generate(roots: readonly unknown[]): string {
    const rootNames = new Set(roots.map((root) => this.fnOf(asSchema(root))))
    const emitted: Emitted[] = []
    // Emitting a function may register more: walk the growing list.
    for (let i = 0; i < this.order.length; i++) {
      const fn = this.order[i] as Fn
      if (rootNames.has(fn.name) && !this.needsBig(fn.schema)) {
        throw new Error(`Root ${fn.name} has no u64 field; the mode parameter would be unused`)
      }
      emitted.push(new FunctionEmitter(this, fn, rootNames.has(fn.name)).emit())
    }
    const bodies = mergeFamilies(emitted, this.helpers)
    const name = (helper: string) => helper.replace(/^type /, '')
    const helpers = [...this.helpers].sort((x, y) => name(x).localeCompare(name(y)))
    return [
      '// Generated by scripts/generateValidators.ts from the typebox schemas in src/schemas. Do not',
      '// edit: run `npm run generate`. test/schemas/generateValidators.test.ts fails while stale.',
      importLine(helpers, '../runtime/checks'),
      "import type { Miss } from '../runtime/Miss'",
      '',
      bodies.join('\n\n'),
      '',
    ].join('\n')
  }
}

/** A validator's code: its name, whether it takes the u64 mode, its body lines (indented). */
type Emitted = Readonly<{ name: string; exported: boolean; big: boolean; body: readonly string[] }>

const CALLEE = /\bcheck[A-Z]\w*/g

/** `function name(params): Miss | undefined {`, its parameters broken out if it is too long. */
function functionHead(exported: boolean, name: string, params: readonly string[]): string {
  const start = `${exported ? 'export ' : ''}function ${name}(`
  const line = `${start}${params.join(', ')}): Miss | undefined {`
  if (line.length <= MAX_WIDTH) return line
  return `${start}\n${params.map((p) => `  ${p},\n`).join('')}): Miss | undefined {`
}

function renderFunction(fn: Emitted, extraParams: readonly string[] = []): string {
  const params = ['v: unknown', ...(fn.big ? ['b: boolean'] : []), ...extraParams]
  return [functionHead(fn.exported, fn.name, params), ...fn.body, '}'].join('\n')
}

/** The longest common prefix or suffix of the names, cut at a word start: the family's name. */
function familyName(names: readonly string[], taken: ReadonlySet<string>): string {
  const ids = names.map((n) => n.slice('check'.length))
  const first = ids[0] ?? ''
  let prefix = first
  let suffix = first
  for (const id of ids) {
    while (!id.startsWith(prefix)) prefix = prefix.slice(0, -1)
    while (!id.endsWith(suffix)) suffix = suffix.slice(1)
  }
  suffix = suffix.replace(/^[^A-Z]+/, '')
  const base = suffix.length >= prefix.length ? suffix : prefix
  let name = `check${base.length >= 3 ? base : 'Family'}With`
  while (taken.has(name)) name = `${name}_`
  return name
}

/**
 * Shrinks the module: validators whose code differs only in the validators they call (the four
 * record roots, the two metas, ...) become one function that takes those as parameters, and each
 * former member a one-line wrapper that passes its own.
 */
function mergeFamilies(emitted: readonly Emitted[], helpers: Set<string>): string[] {
  const templates = emitted.map((fn) => {
    const callees: string[] = []
    const text = fn.body.join('\n').replace(CALLEE, (callee) => {
      if (!callees.includes(callee)) callees.push(callee)
      return `$${callees.indexOf(callee)}$`
    })
    return { key: `${fn.big}\n${text}`, text, callees }
  })
  const families = new Map<string, number[]>()
  templates.forEach((t, index) => {
    families.set(t.key, [...(families.get(t.key) ?? []), index])
  })
  const taken = new Set(emitted.map((fn) => fn.name))
  const out: string[] = []
  const merged = new Map<number, string>() // index of a family's last member -> merged function
  const wrappers = new Map<number, string>()
  for (const members of families.values()) {
    if (members.length < 2) continue
    const [head] = members
    const model = templates[head as number]
    if (model === undefined) continue
    const varying = model.callees
      .map((_, slot) => slot)
      .filter((slot) => new Set(members.map((m) => templates[m]?.callees[slot])).size > 1)
    const name = familyName(
      members.map((m) => emitted[m]?.name ?? ''),
      taken,
    )
    taken.add(name)
    const params = varying.map((slot, i) => {
      // A validator is called (`$n$(v, b)`) or handed to the list helper (`each(a, $n$, b)`).
      const call = new RegExp(`\\$${slot}\\$\\(([^()]*)\\)`).exec(model.text)
      const handed = new RegExp(`each\\([^()]*\\$${slot}\\$, b\\)`).test(model.text)
      const type = handed || call?.[1]?.endsWith(', b') ? 'CheckWithMode' : 'Check'
      helpers.add(`type ${type}`)
      return { slot, name: `c${i + 1}`, type }
    })
    const body = model.text
      .replace(/\$(\d+)\$/g, (_, slot: string) => {
        const param = params.find((p) => p.slot === Number(slot))
        return param?.name ?? model.callees[Number(slot)] ?? ''
      })
      .split('\n')
    const big = emitted[head as number]?.big ?? false
    merged.set(
      members[members.length - 1] as number,
      renderFunction(
        { name, exported: false, big, body },
        params.map((p) => `${p.name}: ${p.type}`),
      ),
    )
    for (const member of members) {
      const fn = emitted[member]
      const callees = templates[member]?.callees ?? []
      if (fn === undefined) continue
      const args = ['v', ...(fn.big ? ['b'] : []), ...params.map((p) => callees[p.slot] ?? '')]
      const call = `return ${name}(${args.join(', ')})`
      const lines =
        call.length + 2 <= MAX_WIDTH
          ? [`  ${call}`]
          : [`  return ${name}(`, ...args.map((a) => `    ${a},`), '  )']
      wrappers.set(member, renderFunction({ ...fn, body: lines }))
    }
  }
  emitted.forEach((fn, index) => {
    out.push(wrappers.get(index) ?? renderFunction(fn))
    const family = merged.get(index)
    if (family !== undefined) out.push(family)
  })
  return out
}

/** Emits one validator function. */
class FunctionEmitter {
  private readonly lines: string[] = []
  private depth = 1
  private temps = 0
  private usesR = false

  constructor(
    private readonly gen: Generator,
    private readonly fn: Fn,
    private readonly exported: boolean,
  ) {}

  emit(): Emitted {
    const { schema, name } = this.fn
    const kind = kindOf(schema)
    if (kind === 'object') this.objectBody(schema)
    else if (kind === 'open') this.openBody(schema)
    else if (kind === 'single') this.singleBody(schema)
    else this.value(schema, { expr: 'v', holder: '', key: '' }, [], '', true)
    this.line('return undefined')
    // Every `r = ...` is followed by its `if (r)` in the same block: one assignment can be a const.
    const assignments = this.lines.filter((line) => /^\s*(else )?(if \(.*\) )?r = /.test(line))
    const single = assignments.length === 1 && /^\s*r = /.test(assignments[0] ?? '')
    const body = single
      ? this.lines.map((l) => l.replace(/^(\s*)r = /, '$1const r = '))
      : this.lines
    const decl = this.usesR && !single ? ['  let r: Miss | undefined'] : []
    return {
      name,
      exported: this.exported,
      big: this.gen.needsBig(schema),
      body: [...decl, ...body],
    }
  }

  private line(text: string): void {
    this.lines.push(`${'  '.repeat(this.depth)}${text}`)
  }

  /**
   * `if (test) statement`, laid out as the formatter (Biome) would: on one line when it fits,
   * else with braces, the statement's call arguments one per line if it still does not fit.
   */
  private guard(test: string, statement: string): void {
    const indent = '  '.repeat(this.depth)
    if (indent.length + test.length + statement.length + 6 <= MAX_WIDTH) {
      this.line(`if (${test}) ${statement}`)
    } else if (indent.length + test.length + 7 > MAX_WIDTH) {
      throw new Error(`Condition too long: ${test}`)
    } else {
      this.block(`if (${test}) {`, () => this.call(statement))
    }
  }

  /** A `return f(a, b)` statement, its arguments broken out one per line if it is too long. */
  private call(statement: string): void {
    const indent = '  '.repeat(this.depth)
    if (indent.length + statement.length <= MAX_WIDTH) {
      this.line(statement)
      return
    }
    const open = statement.indexOf('(')
    const args = splitArguments(statement.slice(open + 1, -1))
    this.block(
      `${statement.slice(0, open + 1)}`,
      () => {
        for (const arg of args) this.line(`${arg},`)
      },
      ')',
    )
  }

  private block(open: string, body: () => void, close = '}'): void {
    this.line(open)
    this.depth++
    body()
    this.depth--
    this.line(close)
  }

  private temp(prefix: string): string {
    this.temps++
    return `${prefix}${this.temps}`
  }

  /** A name for the value of `expr`: itself if it is one, else a new local. */
  private bind(expr: string, prefix: string): string {
    if (/^[\w$]+$/.test(expr)) return expr
    const name = this.temp(prefix)
    this.line(`const ${name} = ${expr}`)
    return name
  }

  private use(helper: string): string {
    this.gen.helpers.add(helper)
    return helper
  }

  private missing(expected: string, expr: string, path: readonly string[]): string {
    return `return ${this.use('miss')}(${[quote(expected), expr, ...path].join(', ')})`
  }

  /** `return` of a mismatch `r` found further down, with this function's keys prepended. */
  private forward(path: readonly string[], nullable: boolean): string {
    const found = nullable ? `${this.use('orNull')}(r)` : 'r'
    return path.length === 0
      ? `return ${found}`
      : `return ${this.use('at')}(${[found, ...path].join(', ')})`
  }

  private objectBody(schema: Schema): void {
    this.guard(`!${this.use('isObject')}(v)`, this.missing('object', 'v', []))
    const required = requiredOf(schema)
    for (const [key, property] of propertiesOf(schema)) {
      if (!/^[A-Za-z_$][\w$]*$/.test(key)) throw new Error(`Property ${key} is not an identifier`)
      const slot = { expr: `v.${key}`, holder: 'v', key: quote(key) }
      const path = [quote(key)]
      if (required.includes(key)) {
        if (kindOf(property) === 'unknown') {
          this.guard(`v.${key} === undefined`, this.missing('any value', slot.expr, path))
        } else {
          this.value(property, slot, path, '')
        }
      } else if (kindOf(property) !== 'unknown') {
        const nullable = this.nullableInner(property)
        if (nullable !== undefined) {
          // `!= null` is `!== undefined && !== null`, shorter in the shipped bundle.
          this.block(`if (${slot.expr} != null) {`, () =>
            this.value(nullable, slot, path, ' | null'),
          )
        } else {
          this.block(`if (${slot.expr} !== undefined) {`, () =>
            this.value(property, slot, path, ''),
          )
        }
      }
    }
  }

  /** Any string, or a single-key object whose payload is checked when the key is a known variant. */
  private openBody(schema: Schema): void {
    this.line("if (typeof v === 'string') return undefined")
    this.line(`const k = ${this.use('soleKey')}(v)`)
    this.guard('k === undefined', this.missing(describe(schema), 'v', []))
    this.line('const o = v as JsonObject')
    this.gen.helpers.add('type JsonObject')
    let first = true
    for (const branch of branchesOf(schema)) {
      const kind = kindOf(branch)
      if (kind === 'enum') continue // unit variants: any string is accepted anyway
      const properties = propertiesOf(branch)
      const [entry] = properties
      if (kind !== 'object' || properties.length !== 1 || entry === undefined) {
        throw new Error('Open variants must be unit names or single-key objects')
      }
      const [key, payload] = entry
      this.line(`${first ? '' : '} else '}if (k === ${quote(key)}) {`)
      this.depth++
      this.value(payload, { expr: 'o[k]', holder: 'o', key: 'k' }, ['k'], '')
      this.depth--
      first = false
    }
    if (!first) this.line('}')
  }

  /** An object with one key, not a reserved one, whose value is checked against the payload. */
  private singleBody(schema: Schema): void {
    const { payload, reserved } = singleKeyOf(schema)
    this.line(`const k = ${this.use('soleKey')}(v)`)
    const tests = ['k === undefined', ...reserved.map((key) => `k === ${quote(key)}`)]
    const missing = this.missing('single-key object', 'v', [])
    if ('  '.repeat(this.depth).length + tests.join(' || ').length + 6 <= MAX_WIDTH) {
      this.guard(tests.join(' || '), missing)
    } else {
      // Laid out as the formatter lays out a long condition: one operand a line.
      this.line('if (')
      this.depth++
      tests.forEach((test, i) => {
        this.line(i < tests.length - 1 ? `${test} ||` : test)
      })
      this.depth--
      this.block(') {', () => this.line(missing))
    }
    if (kindOf(payload) === 'unknown') return
    this.line('const o = v as JsonObject')
    this.gen.helpers.add('type JsonObject')
    this.value(payload, { expr: 'o[k]', holder: 'o', key: 'k' }, ['k'], '')
  }

  /** `X` of a `X | null` union, if the schema is one. */
  private nullableInner(schema: Schema): Schema | undefined {
    if (kindOf(schema) !== 'union') return undefined
    const branches = branchesOf(schema)
    const others = branches.filter((b) => kindOf(b) !== 'null')
    return branches.length === 2 && others.length === 1 ? others[0] : undefined
  }

  /**
   * Checks (and converts) the value at `slot`. `path` holds the code of the keys from the
   * function's value down to it; `alt` is appended to what a direct mismatch says was expected.
   */
  private value(schema: Schema, slot: Slot, path: readonly string[], alt: string, inline = false) {
    const kind = kindOf(schema)
    const { expr } = slot
    if (!inline && typeof schema.$id === 'string') {
      const name = this.gen.fnOf(schema)
      this.usesR = true
      this.line(`r = ${name}(${expr}${this.gen.needsBig(schema) ? ', b' : ''})`)
      this.guard('r', this.forward(path, alt !== ''))
      return
    }
    switch (kind) {
      case 'unknown':
        return
      case 'int64': {
        if (slot.holder === '') throw new Error('A u64 cannot be a validator root')
        this.usesR = true
        const signed = schema[INT64_KEYWORD] === 'i64'
        this.line(`r = ${this.use('int64')}(${slot.holder}, ${slot.key}, b, ${signed})`)
        this.guard('r', this.forward(path, alt !== ''))
        return
      }
      case 'string':
      case 'number':
      case 'boolean':
        this.guard(`typeof ${expr} !== '${kind}'`, this.missing(kind + alt, expr, path))
        return
      case 'integer':
        if (schema.minimum !== 0) throw new Error('Only unsigned integers are supported')
        this.guard(
          `!${this.use('isUint')}(${expr})`,
          this.missing(describe(schema) + alt, expr, path),
        )
        return
      case 'null':
        this.guard(`${expr} !== null`, this.missing('null', expr, path))
        return
      case 'const':
        this.guard(
          `${expr} !== ${literal(schema.const)}`,
          this.missing(describe(schema) + alt, expr, path),
        )
        return
      case 'enum': {
        const e = this.bind(expr, 'e')
        const test = (schema.enum as unknown[]).map((v) => `${e} !== ${literal(v)}`).join(' && ')
        this.guard(test, this.missing(describe(schema) + alt, e, path))
        return
      }
      case 'array': {
        // Lists of strings (signatures, keys, logs) and of objects with their own validator are
        // common: shared loops keep the shipped bundle small.
        const items = asSchema(schema.items)
        let shared: string | undefined
        if (kindOf(items) === 'string' && items.$id === undefined) {
          shared = `${this.use('eachString')}(${expr})`
        } else if (typeof items.$id === 'string') {
          const item = this.gen.fnOf(items)
          const big = this.gen.needsBig(items) ? ', b' : ''
          shared = `${this.use('each')}(${expr}, ${item}${big})`
        }
        if (shared !== undefined) {
          this.usesR = true
          this.line(`r = ${shared}`)
          this.guard('r', this.forward(path, alt !== ''))
          return
        }
        const a = this.bind(expr, 'a')
        const i = this.temp('i')
        this.guard(`!Array.isArray(${a})`, this.missing(`array${alt}`, a, path))
        this.block(`for (let ${i} = 0; ${i} < ${a}.length; ${i}++) {`, () =>
          this.value(
            asSchema(schema.items),
            { expr: `${a}[${i}]`, holder: a, key: i },
            [...path, i],
            '',
          ),
        )
        return
      }
      case 'tuple': {
        const items = (schema.items as unknown[]).map(asSchema)
        const t = this.bind(expr, 't')
        this.guard(
          `!Array.isArray(${t}) || ${t}.length < ${items.length}`,
          this.missing(`array of ${items.length}${alt}`, t, path),
        )
        items.forEach((item, j) => {
          this.value(
            item,
            { expr: `${t}[${j}]`, holder: t, key: String(j) },
            [...path, String(j)],
            '',
          )
        })
        return
      }
      case 'union':
        this.union(schema, slot, path, alt)
        return
      default:
        throw new Error(`A ${kind} schema needs a $id to get its own validator`)
    }
  }

  private union(schema: Schema, slot: Slot, path: readonly string[], alt: string): void {
    const nullable = this.nullableInner(schema)
    if (nullable !== undefined) {
      this.block(`if (${slot.expr} !== null) {`, () =>
        this.value(nullable, slot, path, ` | null${alt}`),
      )
      return
    }
    // Dispatch on the JSON type, then (among objects) on a key only one branch has.
    const u = this.bind(slot.expr, 'u')
    const expected = describe(schema) + alt
    const branches = branchesOf(schema)
    const byType = (test: (kind: Kind) => boolean) => branches.filter((b) => test(kindOf(b)))
    const strings = byType((k) => k === 'string' || k === 'const' || k === 'enum')
    const numbers = byType((k) => k === 'number' || k === 'integer')
    const objects = byType((k) => k === 'object' || k === 'single')
    const arrays = byType((k) => k === 'array' || k === 'tuple')
    const hasNull = byType((k) => k === 'null').length > 0
    if (
      strings.length + numbers.length + objects.length + arrays.length + (hasNull ? 1 : 0) !==
      branches.length
    ) {
      throw new Error(`Unsupported union: ${describe(schema)}`)
    }
    const cases: [string, () => void][] = []
    if (strings.length > 0) {
      cases.push([
        `typeof ${u} === 'string'`,
        () => {
          if (strings.some((s) => kindOf(s) === 'string')) return this.line('// any string')
          const values = strings.flatMap((s) =>
            kindOf(s) === 'const' ? [s.const] : (s.enum as unknown[]),
          )
          const test = values.map((v) => `${u} !== ${literal(v)}`).join(' && ')
          this.guard(test, this.missing(expected, u, path))
        },
      ])
    }
    if (numbers.length > 0) {
      cases.push([
        `typeof ${u} === 'number'`,
        () => {
          if (numbers.some((s) => kindOf(s) === 'number')) return this.line('// any number')
          this.guard(`!${this.use('isUint')}(${u})`, this.missing(expected, u, path))
        },
      ])
    }
    if (objects.length > 0) {
      cases.push([`${this.use('isObject')}(${u})`, () => this.objectBranches(objects, u, path)])
    }
    if (arrays.length > 1) throw new Error('A union may hold one array branch')
    const [array] = arrays
    if (array !== undefined) {
      cases.push([
        `Array.isArray(${u})`,
        () => this.value(array, { ...slot, expr: u }, path, '', false),
      ])
    }
    cases.forEach(([test, body], index) => {
      this.line(`${index === 0 ? '' : '} else '}if (${test}) {`)
      this.depth++
      body()
      this.depth--
    })
    this.line(hasNull ? `} else if (${u} !== null) {` : '} else {')
    this.depth++
    this.line(this.missing(expected, u, path))
    this.depth--
    this.line('}')
  }

  /**
   * Picks an object branch by a required key no other branch has, then a single-key branch by
   * the object having one free key; at most one branch needs neither.
   */
  private objectBranches(all: readonly Schema[], u: string, path: readonly string[]): void {
    const singles = all.filter((s) => kindOf(s) === 'single')
    const objects = all.filter((s) => kindOf(s) !== 'single')
    if (singles.length > 1) throw new Error('A union may hold one single-key branch')
    const keysOf = (s: Schema) => new Set(propertiesOf(s).map(([k]) => k))
    const keyed: [string, Schema][] = []
    let fallback: Schema | undefined
    for (const object of objects) {
      const others = objects.filter((o) => o !== object).map(keysOf)
      const key = requiredOf(object).find((k) => others.every((keys) => !keys.has(k)))
      if (key !== undefined) keyed.push([key, object])
      else if (fallback === undefined) fallback = object
      else throw new Error('Two object branches of a union have no distinguishing key')
    }
    this.usesR = true
    const call = (s: Schema) => `r = ${this.gen.fnOf(s)}(${u}${this.gen.needsBig(s) ? ', b' : ''})`
    const tests: [string, Schema][] = keyed.map(([key, object]) => [
      `${u}.${key} !== undefined`,
      object,
    ])
    // A one-key object with a reserved key goes to the single-key branch too: its check fails.
    for (const single of singles) tests.push([`${this.use('soleKey')}(${u}) !== undefined`, single])
    if (tests.length === 0 && fallback !== undefined) {
      this.line(call(fallback))
    } else {
      tests.forEach(([test, object], index) => {
        const head = `${index === 0 ? '' : 'else '}if (${test})`
        if (head.length + call(object).length + 2 * this.depth + 1 <= MAX_WIDTH) {
          this.line(`${head} ${call(object)}`)
        } else {
          this.line(`${head}`)
          this.depth++
          this.line(call(object))
          this.depth--
        }
      })
      if (fallback !== undefined) this.line(`else ${call(fallback)}`)
      else {
        const expected = [...keyed.map(([k]) => k), ...(singles.length > 0 ? ['one key'] : [])]
        this.line(`else ${this.missing(`object with ${expected.join(' or ')}`, u, path)}`)
      }
    }
    this.guard('r', this.forward(path, false))
  }
}

/**
 * The source of src/schemas/generated/validators.ts: one exported validator per root schema (by
 * default, the result schemas of the client).
 */
export function generateValidators(roots: readonly unknown[] = ROOTS): string {
  return new Generator().generate(roots)
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  const source = generateValidators()
  let current = ''
  try {
    current = readFileSync(VALIDATORS_FILE, 'utf8')
  } catch {
    // first run: no file yet
  }
  if (current === source) {
    console.log(`${VALIDATORS_FILE} is up to date`)
  } else {
    writeFileSync(VALIDATORS_FILE, source)
    console.log(`wrote ${VALIDATORS_FILE}`)
  }
}
