/** Where the checkpoint of an export to `out` lives: beside it, `<out>.checkpoint.json`. */
export function checkpointPath(out: string): string {
  return `${out}.checkpoint.json`
}
