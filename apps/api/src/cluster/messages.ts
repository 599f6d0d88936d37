/**
 * What the primary and its workers say to each other over the cluster's IPC channel. Every
 * message carries a `type` starting with `gc:`, so nothing else on the channel is mistaken for one.
 */

/**
 * A change that makes per-process caches stale: of users (password, state, roles), a sign-out, or
 * the server's settings (the cached `proxyBaseUrl` links start with).
 */
export type AuthChange = 'users' | 'sessions' | 'settings';

/** Worker → primary: it listens and serves; `console` says whether the console was found. */
export interface ReadyMessage {
  type: 'gc:ready';
  port: number;
  console: boolean;
}

/** Worker → primary: may `user` sign in from `address` (`check`), or start an attempt (`begin`)? */
export interface SignInRequest {
  type: 'gc:sign-in';
  id: number;
  op: 'check' | 'begin';
  user: string;
  address: string;
}

/** Worker → primary: how an attempt the primary began ended. No answer is sent. */
export interface SignInOutcome {
  type: 'gc:sign-in-outcome';
  attempt: number;
  outcome: 'succeeded' | 'failed' | 'abandoned';
}

/**
 * Worker → primary: drop `what` in every other worker, answer when they have. Primary → worker:
 * drop `what`, then answer with {@link ForgottenMessage}.
 */
export interface ForgetMessage {
  type: 'gc:forget';
  id: number;
  what: AuthChange;
}

/** Worker → primary: the worker dropped what {@link ForgetMessage} `id` asked. */
export interface ForgottenMessage {
  type: 'gc:forgotten';
  id: number;
}

/**
 * Primary → worker: the answer to the worker's request `id`. For `gc:sign-in`: `retryAfterSeconds`
 * when refused, else (for `begin`) the `attempt` number to report the outcome of.
 */
export interface ReplyMessage {
  type: 'gc:reply';
  id: number;
  retryAfterSeconds?: number;
  attempt?: number;
}

export type WorkerMessage = ReadyMessage | SignInRequest | SignInOutcome | ForgetMessage | ForgottenMessage;
export type PrimaryMessage = ReplyMessage | ForgetMessage;

/** A request a worker sends and waits for a {@link ReplyMessage} to (its `id` is filled in by the link). */
export type WorkerRequest = Omit<SignInRequest, 'id'> | Omit<ForgetMessage, 'id'>;

const TYPES = new Set(['gc:ready', 'gc:sign-in', 'gc:sign-in-outcome', 'gc:forget', 'gc:forgotten', 'gc:reply']);

/** Whether `value` is one of ours (the channel also carries Node's own cluster messages). */
export function isClusterMessage(value: unknown): value is WorkerMessage | PrimaryMessage {
  return typeof value === 'object' && value !== null && TYPES.has((value as { type?: unknown }).type as string);
}
