import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { expect, it } from 'vitest'

// docs/README.md is the guides' index (and typedoc's front page): a guide it does not list is a
// guide nobody finds. These checks keep the index and the folders in step.
const ROOT = resolve(import.meta.dirname, '..')
const index = readFileSync(resolve(ROOT, 'docs/README.md'), 'utf8')

/** The targets of the Markdown links of `text` that end in `suffix`, without their `#anchor`. */
function linkTargets(text: string, suffix: string): string[] {
  return [...text.matchAll(/\]\(([^)\s#]+)(?:#[^)]*)?\)/g)]
    .map((match) => match[1] ?? '')
    .filter((target) => target.endsWith(suffix))
}

/** The rows of the index's table whose header starts with `| <header>`. */
function tableRows(header: string): string[] {
  const lines = index.split('\n')
  const start = lines.findIndex((line) => line.startsWith(`| ${header}`))
  expect(start, `docs/README.md has a table headed '${header}'`).toBeGreaterThanOrEqual(0)
  const rows: string[] = []
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break
    rows.push(line)
  }
  return rows
}

it('lists every guide of docs/ in the index, once, and nothing else', () => {
  const guides = readdirSync(resolve(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md') && name !== 'README.md')
    .sort()
  expect(guides.length).toBeGreaterThan(10)
  const listed = tableRows('guide').flatMap((row) => linkTargets(row, '.md'))
  expect([...listed].sort()).toEqual(guides)
})

it('lists every example of examples/ in the index, once', () => {
  const examples = readdirSync(resolve(ROOT, 'examples'))
    .filter((name) => name.endsWith('.ts'))
    .map((name) => `../examples/${name}`)
    .sort()
  const listed = tableRows('example').flatMap((row) => linkTargets(row, '.ts'))
  expect([...listed].sort()).toEqual(examples)
})

it('links only to files that exist', () => {
  const targets = linkTargets(index, '').filter((target) => !/^[a-z]+:/.test(target))
  expect(targets.length).toBeGreaterThan(10)
  for (const target of targets) {
    expect(existsSync(resolve(ROOT, 'docs', target)), target).toBe(true)
  }
})
