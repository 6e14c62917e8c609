import {
  type BookRow,
  type BooksReconciliation,
  type BooksWalk,
  walletBooks,
} from '../../actions/index'
import { createClient, isConfirmedRpcError } from '../../index'
import { EXIT_CODES, UsageError } from '../command/process'
import type { CliIo, HistoryHost } from '../command/types'
import { readAssetMap } from './assetMap'
import { type BookFormat, readBookFormat } from './bookFormats'
import { type BooksArgs, readBooksArgs } from './booksArgs'
import {
  type BooksCheckpointFile,
  openBooksOutput,
  readBooksCheckpointFile,
  writeBooksCheckpointFile,
} from './booksFiles'

/** Rows per batch written and checkpointed (also flushed at least every second). */
const BATCH_ROWS = 200
const BATCH_MS = 1_000

/** The checkpoint a `--resume` continues, after checking it is this command line's. */
function readResume(parsed: BooksArgs, query: BooksCheckpointFile['query']) {
  const path = parsed.out === undefined ? undefined : `${parsed.out}.checkpoint.json`
  const shown = `${parsed.outAsGiven}.checkpoint.json`
  const saved = path === undefined ? undefined : readBooksCheckpointFile(path)
  if (parsed.resume && saved === undefined) {
    throw new UsageError(
      `--resume: there is no checkpoint ${shown}: run the command without --resume to start`,
    )
  }
  if (!parsed.resume && saved !== undefined && !saved.books.done) {
    throw new UsageError(
      `--out ${parsed.outAsGiven} holds unfinished books (${shown}): add --resume to continue them, or delete the checkpoint to start over`,
    )
  }
  if (
    parsed.resume &&
    saved !== undefined &&
    JSON.stringify(saved.query) !== JSON.stringify(query)
  ) {
    throw new UsageError(
      `--resume: the checkpoint was written for another command line (${JSON.stringify(saved.query)}); run that one, or delete ${shown} to start over`,
    )
  }
  return { path, saved: parsed.resume ? saved : undefined }
}

/** The reconciliation as lines of stderr: one per asset, then the verdict. */
export function formatReconciliation(reconciliation: BooksReconciliation): string {
  const lines = reconciliation.assets.map(
    (asset) =>
      `  ${asset.asset}: rows ${asset.rows}, chain ${asset.chain}, opening ${asset.opening}`,
  )
  const verdict = reconciliation.ok
    ? 'reconciled: the rows add up to the chain'
    : 'NOT reconciled: the rows and the chain differ by more than the opening the history shows'
  return `books: holdings at slot ${reconciliation.slot} (base units)\n${lines.join('\n')}\nbooks: ${verdict}\n`
}

type Sink = Readonly<{ write(rows: readonly BookRow[]): void; close(): void }>

/** Where rows go: the file, each batch followed by its checkpoint; or stdout. */
function openSink(
  parsed: BooksArgs,
  io: CliIo,
  format: BookFormat,
  books: BooksWalk,
  resume: ReturnType<typeof readResume>,
  query: BooksCheckpointFile['query'],
  tally: { rows: number },
): Sink {
  if (parsed.out === undefined || resume.path === undefined) {
    if (format.header !== '') io.stdout(format.header)
    return { write: (rows) => io.stdout(format.lines(rows).join('')), close: () => {} }
  }
  const path = resume.path
  const save = (outputBytes: number) =>
    writeBooksCheckpointFile(path, {
      version: 1,
      query,
      outputBytes,
      rows: tally.rows,
      books: books.checkpoint(),
    })
  if (resume.saved === undefined) save(0)
  const file = openBooksOutput(parsed.out, resume.saved?.outputBytes ?? 0, parsed.outAsGiven ?? '')
  if (file.bytes() === 0 && format.header !== '') file.append(format.header)
  return {
    write: (rows) => {
      file.append(format.lines(rows).join(''))
      save(file.bytes())
    },
    close: () => {
      save(file.bytes())
      file.close()
    },
  }
}

/**
 * The body of `confirmed-rpc books`: checks everything first (a `UsageError`, exit 2, before
 * anything is sent or written), walks the books batch by batch into the output (each batch
 * flushed before the checkpoint that vouches for it), then reconciles. Resolves to 0 when the
 * reconciliation holds, 7 when it does not, 130 after Ctrl-C (checkpoint written).
 */
export async function runBooksCommand(
  args: readonly string[],
  io: CliIo,
  host: HistoryHost,
): Promise<number> {
  const parsed = readBooksArgs(args, host.env, io.cwd)
  const tickers = parsed.assets === undefined ? undefined : readAssetMap(parsed.assets)
  const format = readBookFormat(parsed.format, tickers)
  const query: BooksCheckpointFile['query'] = {
    owner: parsed.owner,
    format: parsed.format ?? 'rows',
    ...(parsed.fromAsGiven === undefined ? {} : { from: parsed.fromAsGiven }),
    ...(parsed.toAsGiven === undefined ? {} : { to: parsed.toAsGiven }),
  }
  const resume = readResume(parsed, query)
  const controller = new AbortController()
  const client = createClient({ url: parsed.url, u64: 'bigint', deprecationWarnings: false })
  let books: BooksWalk
  try {
    books = walletBooks(client, parsed.owner, {
      signal: controller.signal,
      ...(resume.saved === undefined
        ? { from: parsed.from, to: parsed.to }
        : { resume: resume.saved.books }),
    })
  } catch (error) {
    if (isConfirmedRpcError(error, 'INVALID_PARAM')) throw new UsageError(error.shortMessage)
    throw error
  }
  const tally = { rows: resume.saved?.rows ?? 0 }
  const sink = openSink(parsed, io, format, books, resume, query, tally)
  const stopListening = host.onInterrupt(() => controller.abort())
  let shownAt = host.now()
  try {
    let batch: BookRow[] = []
    let batchAt = host.now()
    const flush = () => {
      if (batch.length === 0) return
      tally.rows += batch.length
      sink.write(batch)
      batch = []
      batchAt = host.now()
    }
    for await (const row of books) {
      batch.push(row)
      if (batch.length >= BATCH_ROWS || host.now() - batchAt >= BATCH_MS) flush()
      if (!parsed.quiet && host.now() - shownAt >= BATCH_MS) {
        io.stderr(
          `books: ${(tally.rows + batch.length).toLocaleString('en')} rows, at slot ${row.slot}\n`,
        )
        shownAt = host.now()
      }
    }
    flush()
  } finally {
    stopListening()
    sink.close()
  }
  if (controller.signal.aborted) {
    io.stderr(
      `books: interrupted after ${tally.rows.toLocaleString('en')} rows; run the same command with --resume to continue\n`,
    )
    return EXIT_CODES.interrupted
  }
  if (!parsed.quiet) io.stderr(`books: ${tally.rows.toLocaleString('en')} rows; reconciling\n`)
  const reconciliation = await books.reconcile()
  io.stderr(formatReconciliation(reconciliation))
  return reconciliation.ok ? EXIT_CODES.ok : EXIT_CODES.unreconciled
}
