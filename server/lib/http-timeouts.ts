/**
 * Socket timeouts of the HTTP server. Node's defaults leave a request that stalls after its
 * headers open forever (requestTimeout 0): a few hundred such sockets hold the process. The
 * values fit the shop's requests (forms of a few kB, no uploads through the storefront).
 */
export type HttpTimeouts = {
  /** Whole request (headers and body) must arrive within this: a stalled upload is cut with 408. */
  requestMs: number;
  /** Headers must arrive within this (at most requestMs). */
  headersMs: number;
  /** An idle socket (no byte either way, e.g. a client that stopped reading) is closed after this. */
  connectionMs: number;
  /** Idle keep-alive connections are kept this long: above the 60 s idle timeout of common load balancers. */
  keepAliveMs: number;
  /** How often Node checks requests against requestMs/headersMs. */
  checkIntervalMs: number;
};

export const DEFAULT_TIMEOUTS: HttpTimeouts = {
  requestMs: 30_000,
  headersMs: 15_000,
  connectionMs: 75_000,
  keepAliveMs: 72_000,
  checkIntervalMs: 5_000,
};
