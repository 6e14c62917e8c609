import { EXIT_CODES } from '../command/process'
import type { CliCommand } from '../command/types'
import type { ServeMockHost, StopSignal } from './runServeMockCommand'
import { readServeMockArgs, SERVE_MOCK_OPTIONS } from './serveMockArgs'

/**
 * `confirmed-rpc serve-mock`: serves the mock ledger of `confirmed-rpc/testing` over HTTP for a
 * trial of the client, the other commands or any tool, until Ctrl-C. See docs/cli.md.
 */
export const serveMockCommand: CliCommand = {
  name: 'serve-mock',
  summary: 'serve the mock ledger over HTTP for a trial, with addresses to try, until Ctrl-C',
  usage: 'confirmed-rpc serve-mock [options]',
  description: [
    'Builds the mock ledger of confirmed-rpc/testing (real signed transactions, deterministic for',
    'a seed) and serves it as a node would, on 127.0.0.1:8899 by default: getSignaturesForAddress,',
    'getTransaction, their deprecated names (as the profile has them), getTokenAccountsByOwner and',
    'the slot and block methods. Prints the URL, the busiest address and a wallet owner with token',
    'accounts on stdout, with command lines to try. Ctrl-C stops it (exit 130); SIGTERM too (exit 0).',
  ].join('\n'),
  options: SERVE_MOCK_OPTIONS,
  examples: [
    { command: 'confirmed-rpc serve-mock', does: 'serve it on http://127.0.0.1:8899/' },
    {
      command: 'confirmed-rpc serve-mock --profile v2 --port 0',
      does: 'as an Agave 2 node, on a free port',
    },
    {
      command: 'confirmed-rpc serve-mock --token-lifecycles --seed 11',
      does: 'with closed and re-created token accounts',
    },
    {
      command: 'confirmed-rpc serve-mock --faults 0.3',
      does: 'a flaky endpoint: 30% of requests fail',
    },
  ],
  // Loaded when the command runs: the mock ledger stays out of the program's start.
  run: async (args, io) => {
    const parsed = readServeMockArgs(args)
    const { runServeMockCommand } = await import('./runServeMockCommand')
    return runServeMockCommand(parsed, io, readProcessStops())
  },
}

/**
 * The {@link ServeMockHost} of this process: SIGINT and SIGTERM stop the command, which closes
 * its server; a second Ctrl-C exits at once (nothing is left to write).
 */
function readProcessStops(): ServeMockHost {
  return {
    onStop: (listener) => {
      let seen = false
      const handlers = (['SIGINT', 'SIGTERM'] as const).map((signal: StopSignal) => {
        const handler = () => {
          if (seen && signal === 'SIGINT') process.exit(EXIT_CODES.interrupted)
          seen = true
          listener(signal)
        }
        process.on(signal, handler)
        return () => process.off(signal, handler)
      })
      return () => {
        for (const off of handlers) off()
      }
    },
  }
}
