/**
 * The CORS headers both mock endpoints (`serveMockLedger`, `mockLedgerHandlers`) answer with, so
 * a page on any origin can call them and read every response header (`Retry-After` included).
 */
export const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': '*',
  'access-control-allow-methods': 'POST, OPTIONS',
  'access-control-expose-headers': '*',
} as const
