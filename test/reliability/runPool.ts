/** Runs `task` on every item, at most `limit` at once. */
export async function runPool<T>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<void>,
): Promise<void> {
  let index = 0
  const worker = async (): Promise<void> => {
    while (index < items.length) await task(items[index++] as T)
  }
  await Promise.all(Array.from({ length: limit }, worker))
}
