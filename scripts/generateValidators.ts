/**
 * Writes src/schemas/generated/validators.ts: plain TypeScript validators compiled from the
 * typebox result schemas, so that the shipped client checks results without typebox, `eval` or
 * `new Function`. Each validator checks a value in one pass and converts its u64/i64 fields in
 * place (see src/schemas/runtime/checks.ts); it returns the first mismatch, whose path is built
 * only then. Most checks are one call of a runtime helper, chained with `||`: the validators are
 * the largest part of the browser bundle, and this keeps them small.
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
const capitalize = (text: string): string =>
  text.replace(/^'|'$/g, '').replace(/^./, (c) => c.toUpperCase())
/** What a schema checks, whatever its `$id`. */
const shapeOf = ({ $id: _, ...shape }: Schema): string => JSON.stringify(shape)
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

/** The top-level parts of code between `separator`s (outside quotes and brackets). */
function splitTopLevel(text: string, separator = ','): string[] {
  const parts: string[] = []
  let depth = 0
  let quoted = false
  let start = 0
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (c === "'" && text[i - 1] !== '\\') quoted = !quoted
    if (quoted) continue
    if (c === '(' || c === '[') depth++
    else if (c === ')' || c === ']') depth--
    else if (depth === 0 && text.startsWith(separator, i)) {
      parts.push(text.slice(start, i).trim())
      start = i + separator.length
    }
  }
  parts.push(text.slice(start).trim())
  return parts
}

/** A value the emitted code checks: how to read it, and where it sits (to convert it in place). */
type Slot = Readonly<{ expr: string; holder: string; key: string }>

/**
 * A check that is one helper call, run only when `guard` holds (a field that may be missing or
 * null is skipped at the call site: the common case then costs no call).
 */
type Operand = Readonly<{ guard?: string; call: string }>

const render = ({ guard, call }: Operand): string =>
  guard === undefined ? call : `(${guard} && ${call})`

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
  /** Validator names by the shape they check (a schema without its own `$id`). */
  private readonly shapes = new Map<string, string>()

  /**
   * The validator of a schema without `$id` (a tuple or a union in a field): the validator of a
   * schema of the same shape if there is one, else a new one named `check<hint>`.
   */
  fnOfShape(schema: Schema, hint: string): string {
    const shape = shapeOf(schema)
    const known = this.shapes.get(shape)
    if (known !== undefined) return known
    let id = hint
    for (let n = 2; this.fns.has(id); n++) id = `${hint}${n}`
    return this.fnOf({ ...schema, $id: id })
  }

  /** Whether the validator `name` takes the u64 mode. */
  isBig(name: string): boolean {
    const fn = [...this.fns.values()].find((f) => f.name === name)
    return fn !== undefined && this.needsBig(fn.schema)
  }

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
    if (!this.shapes.has(shapeOf(schema))) this.shapes.set(shapeOf(schema), fn.name)
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
    // Validators that differ only in the validators they call: their code with those numbered.
    // A validator that takes the mode is written as if it passed it on to every validator it
    // calls, so that members which differ only in whether a callee takes it (a record root whose
    // `transaction` has u64 fields in one encoding and none in another) still form a family.
    const templates = this.order.map((fn) => {
      const callees: string[] = []
      const big = this.needsBig(fn.schema)
      const text = new FunctionEmitter(
        this,
        fn,
        false,
        (callee) => {
          if (!callees.includes(callee)) callees.push(callee)
          return `$${callees.indexOf(callee)}$`
        },
        (callee) => big || this.isBig(callee),
      )
        .emit()
        .body.join('\n')
      return { key: `${this.needsBig(fn.schema)}\n${text}`, callees }
    })
    const bodies = mergeFamilies(
      emitted,
      templates,
      this.helpers,
      (name) => this.isBig(name),
      // Laid out anew: the parameters' names are shorter than the validators'.
      (index, ref, takesMode) =>
        new FunctionEmitter(this, this.order[index] as Fn, false, ref, takesMode).emit().body,
    )
    const name = (helper: string) => helper.replace(/^type /, '')
    const helpers = [...this.helpers, 'type Miss'].sort((x, y) =>
      name(x).localeCompare(name(y), 'en', { caseFirst: 'upper' }),
    )
    return [
      '// Generated by scripts/generateValidators.ts from the typebox schemas in src/schemas. Do not',
      '// edit: run `npm run generate`. test/schemas/generateValidators.test.ts fails while stale.',
      importLine(helpers, '../runtime/checks'),
      '',
      bodies.join('\n\n'),
      '',
    ].join('\n')
  }
}

/** A validator's code: its name, whether it takes the u64 mode, its body lines (indented). */
type Emitted = Readonly<{ name: string; exported: boolean; big: boolean; body: readonly string[] }>

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
function mergeFamilies(
  emitted: readonly Emitted[],
  templates: readonly Readonly<{ key: string; callees: readonly string[] }>[],
  helpers: Set<string>,
  isBig: (name: string) => boolean,
  bodyWith: (
    index: number,
    ref: (name: string) => string,
    takesMode: (name: string) => boolean,
  ) => readonly string[],
): string[] {
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
      const big = members.some((m) => isBig(templates[m]?.callees[slot] ?? ''))
      const type = big ? 'CheckWithMode' : 'Check'
      helpers.add(`type ${type}`)
      return { slot, name: `c${i + 1}`, type }
    })
    const paramOf = (callee: string) => params.find((p) => model.callees[p.slot] === callee)
    const body = bodyWith(
      head as number,
      (callee) => paramOf(callee)?.name ?? callee,
      (callee) => {
        const param = paramOf(callee)
        return param === undefined ? isBig(callee) : param.type === 'CheckWithMode'
      },
    )
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

/**
 * What else may stand for a value, as bits: a missing key, null, or (where null was already
 * skipped) only the ` | null` a mismatch says was expected. See `FunctionEmitter.expression`.
 */
const MISSING = 1
const NULL = 2
const NULL_TEXT = 4

/** JSON scalars: checked by a test of the value itself. */
const PRIMITIVE_KINDS: ReadonlySet<Kind> = new Set([
  'string',
  'number',
  'boolean',
  'integer',
  'null',
  'const',
  'enum',
])

/** Emits one validator function. */
class FunctionEmitter {
  private readonly lines: string[] = []
  private depth = 1
  private temps = 0
  private usesR = false
  /** Whether the body already ends in a `return`. */
  private returned = false

  constructor(
    private readonly gen: Generator,
    private readonly fn: Fn,
    private readonly exported: boolean,
    /** The name to call a validator by: a family's parameter instead of the validator. */
    private readonly ref: (name: string) => string = (name) => name,
    /**
     * Whether a call of the validator passes the u64 mode: by default, whether it takes one. A
     * family's body passes it to a parameter that some member's validator takes it through.
     */
    private readonly takesMode: (name: string) => boolean = (name) => gen.isBig(name),
  ) {}

  /** `, b` when the call of `name` passes the u64 mode. */
  private modeArg(name: string): string {
    return this.takesMode(name) ? ', b' : ''
  }

  emit(): Emitted {
    const { schema, name } = this.fn
    const kind = kindOf(schema)
    if (kind === 'object') this.objectBody(schema)
    else if (kind === 'open') this.openBody(schema)
    else if (kind === 'single') this.singleBody(schema)
    else if (kind === 'tuple') this.tupleBody(schema)
    else if (kind === 'union' && this.predicate(schema, 'v') === undefined)
      this.unionBody(schema, '')
    else this.last(schema, { expr: 'v', holder: '', key: '' }, undefined, true)
    if (!this.returned) this.line('return undefined')
    // Every `r = ...` is followed by its `if (r)` in the same block: one assignment can be a const.
    const assignments = this.lines.filter((line) => /^\s*(else )?(if \(.*\) )?r =( |$)/.test(line))
    const single = assignments.length === 1 && /^\s*r =( |$)/.test(assignments[0] ?? '')
    const body = single
      ? this.lines.map((l) => l.replace(/^(\s*)r =( |$)/, '$1const r =$2'))
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
    this.block(
      statement.slice(0, open + 1),
      () => this.arguments(statement.slice(open + 1, -1)),
      ')',
    )
  }

  /** A call's arguments one per line, a `||` that does not fit one operand a line. */
  private arguments(text: string): void {
    for (const arg of splitTopLevel(text)) {
      const operands = splitTopLevel(arg, ' || ')
      if ('  '.repeat(this.depth).length + arg.length + 1 <= MAX_WIDTH || operands.length < 2) {
        this.line(`${arg},`)
        continue
      }
      operands.forEach((operand, i) => {
        if (i === 1) this.depth++
        this.line(i < operands.length - 1 ? `${operand} ||` : `${operand},`)
      })
      this.depth--
    }
  }

  /**
   * `head a || b || ...` (`return` or `r =`), laid out as the formatter would: on one line when it
   * fits, else one operand a line (in parentheses after `return`), a call that still does not fit
   * with its arguments one per line.
   */
  private chain(head: 'return' | 'r =', checks: readonly Operand[]): void {
    // A guarded check is `false` when it is skipped: the chain ends in `undefined`, not `false`.
    const operands =
      checks.at(-1)?.guard === undefined ? checks : [...checks, { call: 'undefined' }]
    const flat = `${head} ${operands.map(render).join(' || ')}`
    if (operands.length === 1 || '  '.repeat(this.depth).length + flat.length <= MAX_WIDTH) {
      this.call(flat)
      return
    }
    this.line(head === 'return' ? 'return (' : head)
    this.depth++
    operands.forEach((operand, i) => {
      const or = i < operands.length - 1 ? ' ||' : ''
      if (this.fits(`${render(operand)}${or}`)) {
        this.line(`${render(operand)}${or}`)
      } else if (operand.guard === undefined) {
        this.broken(operand.call, or)
      } else {
        this.line(`(${operand.guard} &&`)
        this.depth++
        if (this.fits(`${operand.call})${or}`)) this.line(`${operand.call})${or}`)
        else this.broken(operand.call, `)${or}`)
        this.depth--
      }
    })
    this.depth--
    if (head === 'return') this.line(')')
  }

  private fits(text: string): boolean {
    return '  '.repeat(this.depth).length + text.length <= MAX_WIDTH
  }

  /** A call with its arguments one per line, then `after` its closing parenthesis. */
  private broken(call: string, after: string): void {
    const open = call.indexOf('(')
    this.block(call.slice(0, open + 1), () => this.arguments(call.slice(open + 1, -1)), `)${after}`)
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

  /**
   * Runs checks in order: those that are one helper call are chained with `||` (the first mismatch
   * wins), the others are statements between the chains.
   */
  private sequence(checks: readonly (Operand | (() => void))[]): void {
    const operands: Operand[] = []
    const flush = () => {
      if (operands.length === 0) return
      this.usesR = true
      this.chain('r =', operands)
      this.guard('r', 'return r')
      operands.length = 0
    }
    for (const check of checks) {
      if (typeof check === 'function') {
        flush()
        check()
      } else {
        operands.push(check)
      }
    }
    if (operands.length > 0) {
      this.chain('return', operands)
      this.returned = true
    }
  }

  private objectBody(schema: Schema): void {
    this.guard(`!${this.use('isObject')}(v)`, this.missing('object', 'v', []))
    const required = requiredOf(schema)
    const checks: (Operand | (() => void))[] = []
    for (const [key, property] of propertiesOf(schema)) {
      if (!/^[A-Za-z_$][\w$]*$/.test(key)) throw new Error(`Property ${key} is not an identifier`)
      const slot = { expr: `v.${key}`, holder: 'v', key: quote(key) }
      const path = [quote(key)]
      const isRequired = required.includes(key)
      if (kindOf(property) === 'unknown') {
        if (isRequired) {
          checks.push(() =>
            this.guard(`v.${key} === undefined`, this.missing('any value', slot.expr, path)),
          )
        }
        continue
      }
      const nullable = this.nullableInner(property)
      const presence = (isRequired ? 0 : MISSING) | (nullable === undefined ? 0 : NULL)
      // A nullable union of objects gets a validator that takes null itself: what its object
      // branches report they lack says nothing of null.
      const operand =
        this.expression(nullable ?? property, slot, slot.key, presence) ??
        (nullable === undefined
          ? undefined
          : this.expression(property, slot, slot.key, presence & MISSING))
      if (operand !== undefined) {
        checks.push(operand)
      } else if (isRequired) {
        checks.push(() => this.value(property, slot, path, ''))
      } else if (nullable !== undefined) {
        // `!= null` is `!== undefined && !== null`, shorter in the shipped bundle.
        checks.push(() =>
          this.block(`if (${slot.expr} != null) {`, () =>
            this.value(nullable, slot, path, ' | null'),
          ),
        )
      } else {
        checks.push(() =>
          this.block(`if (${slot.expr} !== undefined) {`, () =>
            this.value(property, slot, path, ''),
          ),
        )
      }
    }
    this.sequence(checks)
  }

  /** An array of at least as many items as the tuple has (a newer node may add one). */
  private tupleBody(schema: Schema): void {
    const items = (schema.items as unknown[]).map(asSchema)
    this.guard(
      `!Array.isArray(v) || v.length < ${items.length}`,
      this.missing(`array of ${items.length}`, 'v', []),
    )
    this.sequence(
      items.map((item, j) => {
        const slot = { expr: `v[${j}]`, holder: 'v', key: String(j) }
        return (
          this.expression(item, slot, slot.key, 0) ?? (() => this.value(item, slot, [slot.key], ''))
        )
      }),
    )
  }

  /** Any string, or a single-key object whose payload is checked when the key is a known variant. */
  private openBody(schema: Schema): void {
    this.line("if (typeof v === 'string') return undefined")
    this.line(`const k = ${this.use('soleKey')}(v)`)
    this.guard('k === undefined', this.missing(describe(schema), 'v', []))
    this.line('const o = v as JsonObject')
    this.gen.helpers.add('type JsonObject')
    const slot = { expr: 'o[k]', holder: 'o', key: 'k' }
    // Variants whose payloads are checked alike share one `if`.
    const returns = new Map<string, [Operand, string[]]>()
    const blocks: [string, Schema][] = []
    for (const branch of branchesOf(schema)) {
      const kind = kindOf(branch)
      if (kind === 'enum') continue // unit variants: any string is accepted anyway
      const properties = propertiesOf(branch)
      const [entry] = properties
      if (kind !== 'object' || properties.length !== 1 || entry === undefined) {
        throw new Error('Open variants must be unit names or single-key objects')
      }
      const [key, payload] = entry
      const hint = `${this.fn.name.slice('check'.length)}${key}`
      const operand = this.expression(payload, slot, 'k', 0, false, hint)
      if (operand === undefined) {
        blocks.push([key, payload])
        continue
      }
      const alike = returns.get(render(operand))
      if (alike === undefined) returns.set(render(operand), [operand, [key]])
      else alike[1].push(key)
    }
    for (const [key, payload] of blocks) {
      this.block(`if (k === ${quote(key)}) {`, () => this.value(payload, slot, ['k'], ''))
    }
    for (const [operand, keys] of returns.values()) {
      const test = keys.map((key) => `k === ${quote(key)}`).join(' || ')
      if (operand.guard === undefined) this.guard(test, `return ${operand.call}`)
      else this.block(`if (${test}) {`, () => this.chain('return', [operand]))
    }
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
    this.last(payload, { expr: 'o[k]', holder: 'o', key: 'k' }, 'k')
  }

  /** Checks the value at `slot` last in the function: `return` of one helper call if it can. */
  private last(schema: Schema, slot: Slot, key: string | undefined, inline = false): void {
    const operand = this.expression(schema, slot, key, 0, inline)
    if (operand === undefined) {
      this.value(schema, slot, key === undefined ? [] : [key], '', inline)
      return
    }
    this.chain('return', [operand])
    this.returned = true
  }

  /**
   * One helper call that checks (and converts) the value at `slot` and returns its mismatch with
   * the path `[key]` (`[]` without a key), or undefined if no helper checks such a value.
   * `presence` says what else may stand for the value: `MISSING` and `NULL` are skipped by the
   * operand's guard, and with `NULL` or `NULL_TEXT` a mismatch says it expected `... | null`.
   */
  private expression(
    schema: Schema,
    slot: Slot,
    key: string | undefined,
    presence: number,
    inline = false,
    hint = `${this.fn.name.slice('check'.length)}${capitalize(key ?? '')}`,
  ): Operand | undefined {
    const { expr } = slot
    const at = key ?? 'undefined'
    // The runtime's presence: bit 1 a missing key, bit 2 null (and `... | null` in a mismatch).
    const skips = String((presence & (MISSING | NULL)) | (presence & NULL_TEXT ? NULL : 0))
    const nullable = presence & (NULL | NULL_TEXT) ? String(NULL) : '0'
    const guard =
      (presence & (MISSING | NULL)) === (MISSING | NULL)
        ? `${expr} != null`
        : presence & MISSING
          ? `${expr} !== undefined`
          : presence & NULL
            ? `${expr} !== null`
            : undefined
    // Checks small enough to run inline are skipped by a guard at the call site when the value may
    // be absent (a missing or null value, often the common case, then costs no call); a helper
    // that is called anyway (a loop, `int64`) skips such a value itself. Arguments after the
    // first `required` are left out when they are the helper's defaults.
    const call = (helper: string, args: string[], required = 1, skipped = false): Operand => {
      const all = [...args]
      while (all.length > required && ['undefined', '0', 'false'].includes(all.at(-1) ?? '')) {
        all.pop()
      }
      const code = `${this.use(helper)}(${all.join(', ')})`
      return guard === undefined || skipped ? { call: code } : { guard, call: code }
    }
    // The key (a tuple's index may be `0`) stays when there is one.
    const keyed = key === undefined ? 1 : 2
    const validator = (name: string): Operand =>
      call('inside', [`${this.ref(name)}(${expr}${this.modeArg(name)})`, at, nullable], keyed)
    const each = (name: string): Operand =>
      call('each', [expr, at, this.ref(name), skips, this.takesMode(name) ? 'b' : 'false'], 3, true)
    const kind = kindOf(schema)
    if (!inline && typeof schema.$id === 'string') return validator(this.gen.fnOf(schema))
    switch (kind) {
      case 'int64': {
        if (slot.holder === '' || key !== slot.key) return undefined
        const signed = String(schema[INT64_KEYWORD] === 'i64')
        return call('int64', [slot.holder, key, 'b', signed, skips], 4, true)
      }
      case 'string':
        return call('str', [expr, at, nullable], keyed)
      case 'integer':
        if (schema.minimum !== 0) throw new Error('Only unsigned integers are supported')
        return call('uint', [expr, at, nullable], keyed)
      case 'array': {
        const items = asSchema(schema.items)
        const itemKind = kindOf(items)
        if (typeof items.$id === 'string') return each(this.gen.fnOf(items))
        if (itemKind === 'string') return call('eachString', [expr, at, skips], keyed, true)
        if (itemKind === 'integer' && items.minimum === 0) {
          return call('eachUint', [expr, at, skips], keyed, true)
        }
        if (itemKind === 'int64') {
          const signed = String(items[INT64_KEYWORD] === 'i64')
          return call('eachInt64', [expr, at, 'b', signed, skips], 4, true)
        }
        if (
          (itemKind === 'union' || itemKind === 'tuple') &&
          this.nullableInner(items) === undefined
        ) {
          return each(this.gen.fnOfShape(items, `${hint}Item`))
        }
        return undefined
      }
      case 'union': {
        const inner = this.nullableInner(schema)
        if (inner !== undefined && (presence & (NULL | NULL_TEXT)) === 0) {
          const operand = this.expression(inner, slot, key, presence | NULL, inline, hint)
          if (operand !== undefined) return operand
        }
        break
      }
      case 'tuple':
        break
      default:
        if (!PRIMITIVE_KINDS.has(kind)) return undefined
    }
    const test = this.predicate(schema, expr)
    if (test !== undefined) {
      return call('is', [test, expr, at, quote(describe(schema)), nullable], 4)
    }
    if (inline || (kind !== 'tuple' && kind !== 'union')) return undefined
    // What a union's object branches lack is reported without ` | null`: no nullable context.
    if (kind === 'union' && nullable !== '0') return undefined
    return validator(this.gen.fnOfShape(schema, hint))
  }

  /** The test that `expr` is of a schema of JSON scalars, or undefined for any other schema. */
  private predicate(schema: Schema, expr: string): string | undefined {
    switch (kindOf(schema)) {
      case 'string':
      case 'number':
      case 'boolean':
        return `typeof ${expr} === '${kindOf(schema)}'`
      case 'integer':
        return `${this.use('isUint')}(${expr})`
      case 'null':
        return `${expr} === null`
      case 'const':
        return `${expr} === ${literal(schema.const)}`
      case 'enum':
        return (schema.enum as unknown[]).map((v) => `${expr} === ${literal(v)}`).join(' || ')
      case 'union': {
        const tests = branchesOf(schema).map((branch) => this.predicate(branch, expr))
        return tests.every((t) => t !== undefined) ? tests.join(' || ') : undefined
      }
      default:
        return undefined
    }
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
    const called = !inline && typeof schema.$id === 'string'
    // Deeper down (in a tuple), a direct check names the whole path at once: shorter than a helper
    // call whose mismatch then gets the rest of the path prepended.
    const direct = path.length > 1 && (called || PRIMITIVE_KINDS.has(kind))
    const presence = alt === '' ? 0 : alt === ' | null' ? NULL_TEXT : undefined
    if (!direct && presence !== undefined) {
      const operand = this.expression(schema, slot, path.at(-1), presence, inline)
      if (operand !== undefined) {
        this.usesR = true
        this.chain('r =', [operand])
        const prefix = path.slice(0, -1)
        const found =
          prefix.length === 0 ? 'r' : `${this.use('at')}(${['r', ...prefix].join(', ')})`
        this.guard('r', `return ${found}`)
        return
      }
    }
    if (called) {
      const callee = this.gen.fnOf(schema)
      this.usesR = true
      this.line(`r = ${this.ref(callee)}(${expr}${this.modeArg(callee)})`)
      this.guard('r', this.forward(path, alt !== ''))
      return
    }
    switch (kind) {
      case 'unknown':
        return
      case 'int64':
        if (slot.holder === '') throw new Error('A u64 cannot be a validator root')
        throw new Error('A u64 is supported in an object or an array, and as null')
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

  /**
   * A validator that is a union: each JSON type returns its branch's result at once (which the
   * minifier turns into one expression).
   */
  private unionBody(schema: Schema, alt: string): void {
    const inner = this.nullableInner(schema)
    if (inner !== undefined && kindOf(inner) === 'union' && inner.$id === undefined) {
      this.guard('v === null', 'return undefined')
      this.unionBody(inner, ` | null${alt}`)
      return
    }
    const { strings, numbers, objects, arrays, hasNull } = this.branchesByType(schema)
    const expected = describe(schema) + alt
    const scalars: [string, Schema[]][] = [
      ["typeof v === 'string'", strings],
      ["typeof v === 'number'", numbers],
    ]
    for (const [type, branches] of scalars) {
      if (branches.length === 0) continue
      const test = this.predicate({ anyOf: branches }, 'v')
      if (test === undefined) throw new Error(`Unsupported union: ${expected}`)
      if (branches.some((b) => `typeof v === '${kindOf(b)}'` === type)) {
        this.guard(type, 'return undefined')
      } else {
        this.block(`if (${type}) {`, () => {
          const fails = /^[\w.]+\([^()]*\)$/.test(test) ? `!${test}` : `!(${test})`
          this.guard(fails, this.missing(expected, 'v', []))
          this.line('return undefined')
        })
      }
    }
    if (objects.length > 0) {
      this.block(`if (${this.use('isObject')}(v)) {`, () => this.objectBranches(objects, 'v', []))
    }
    const [array] = arrays
    if (array !== undefined) {
      this.block('if (Array.isArray(v)) {', () =>
        this.last(array, { expr: 'v', holder: '', key: '' }, undefined),
      )
    }
    if (hasNull) this.guard('v === null', 'return undefined')
    this.line(this.missing(expected, 'v', []))
    this.returned = true
  }

  /** The branches of a union by the JSON type of their values. */
  private branchesByType(schema: Schema) {
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
    if (arrays.length > 1) throw new Error('A union may hold one array branch')
    return { strings, numbers, objects, arrays, hasNull }
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
    const { strings, numbers, objects, arrays, hasNull } = this.branchesByType(schema)
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
    // At a validator's root a branch's result is the validator's: returned as it is.
    const root = path.length === 0
    if (!root) this.usesR = true
    const call = (s: Schema) =>
      `${root ? 'return' : 'r ='} ${this.ref(this.gen.fnOf(s))}(${u}${this.modeArg(this.gen.fnOf(s))})`
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
        const head = `${index === 0 || root ? '' : 'else '}if (${test})`
        if (head.length + call(object).length + 2 * this.depth + 1 <= MAX_WIDTH) {
          this.line(`${head} ${call(object)}`)
        } else {
          this.line(`${head}`)
          this.depth++
          this.line(call(object))
          this.depth--
        }
      })
      const otherwise = root ? '' : 'else '
      if (fallback !== undefined) this.line(`${otherwise}${call(fallback)}`)
      else {
        const expected = [...keyed.map(([k]) => k), ...(singles.length > 0 ? ['one key'] : [])]
        this.line(`${otherwise}${this.missing(`object with ${expected.join(' or ')}`, u, path)}`)
      }
    }
    if (!root) this.guard('r', this.forward(path, false))
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
