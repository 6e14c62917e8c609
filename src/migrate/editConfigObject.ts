/**
 * Returns `params` with its config object (position 1) replaced by `edit` of a copy. A config
 * that is not a plain object (absent, `null`, a bare encoding string, a wrong type) is left as it
 * is: the node treats it the same way under either method name.
 * @internal
 */
export function editConfigObject(
  params: readonly unknown[],
  edit: (config: Record<string, unknown>) => void,
): readonly unknown[] {
  const config = params[1]
  if (typeof config !== 'object' || config === null || Array.isArray(config)) return params
  const copy: Record<string, unknown> = { ...config }
  edit(copy)
  const next = [...params]
  next[1] = copy
  return next
}
