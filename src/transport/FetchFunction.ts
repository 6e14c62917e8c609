/**
 * The `fetch` the transport calls: the global `fetch`, cross-fetch's, undici's or a wrapper.
 * It is called as a plain function (never as a method), so a browser's native `fetch` works.
 */
export type FetchFunction = (input: string, init: RequestInit) => Promise<Response>
