import { invalidParam } from '../errors/ConfirmedRpcError'

/** Checks a BullMQ queue name: a non-empty string without `:` (BullMQ's key separator). @internal */
export function checkQueueName(caller: string, name: unknown): string {
  if (typeof name !== 'string' || name === '' || name.includes(':')) {
    throw invalidParam(caller, 'name', 'expected a non-empty string without ":"')
  }
  return name
}
