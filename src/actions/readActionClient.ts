import type { U64Mode } from '../schemas/common'
import { invalidParam } from '../shared/invalidParam'
import type { ActionClient } from './ActionClient'
import type { MethodContext } from './MethodContext'

/** Checks an action's client before anything is sent and reads what the action needs. @internal */
export function readActionClient<TMode extends U64Mode>(
  client: ActionClient<TMode>,
  method: string,
): MethodContext<TMode> {
  if (typeof client !== 'object' || client === null) {
    throw invalidParam(method, 'client', 'expected an object with a `transport` function')
  }
  const { transport } = client
  if (typeof transport !== 'function') {
    throw invalidParam(method, 'client.transport', 'expected a function')
  }
  const u64 = client.u64 ?? ('number' as TMode)
  if (u64 !== 'number' && u64 !== 'bigint') {
    throw invalidParam(method, 'client.u64', `expected 'number' or 'bigint', got ${String(u64)}`)
  }
  const described = transport.description
  return { transport, u64, endpoint: described?.endpoint, redact: described?.redact }
}
