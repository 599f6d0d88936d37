/**
 * What the primary and its workers say to each other over the cluster's IPC channel. Every
 * message carries a `type` starting with `gc:`, so nothing else on the channel is mistaken for one.
 */

/**
 * A change that makes per-process caches stale: of users (password, state, roles), a sign-out, or
 * the server's settings (the cached `proxyBaseUrl` links start with), or the data security rules
 * (the cached access decision).
 */
export type AuthChange = 'users' | 'sessions' | 'settings' | 'rules';

/** Worker → primary: it listens and serves; `console` says whether the console was found. */
export interface ReadyMessage {
  type: 'gc:ready';
  port: number;
  console: boolean;
}

/** Worker → primary: may `user` start a sign-in attempt from `address` (`begin`: it takes a slot)? */
export interface SignInRequest {
  type: 'gc:sign-in';
  id: number;
  op: 'begin';
  user: string;
  address: string;
}

/**
 * Worker → primary: would a sign-in of each (user, address) be refused now (takes no slot)? One
 * message carries every check that was waiting in the worker, so busy workers do not send one
 * per request.
 */
export interface SignInChecks {
  type: 'gc:sign-in-checks';
  id: number;
  checks: Array<[user: string, address: string]>;
}

/** Worker → primary: send me every refusal in force ({@link RefusalsMessage} with `full`). No answer but that. */
export interface RefusalsSyncMessage {
  type: 'gc:refusals-sync';
}

/**
 * Primary → worker: sign-in refusals as they stand now, per key (`refusalKeys`: until when, 0
 * when none), after every change of the count, to every worker; all of them when `full` (the
 * worker's copy is replaced). Also sent empty every {@link HEARTBEAT_MS}: a worker that hears
 * nothing for longer than its lease no longer trusts its copy and asks.
 */
export interface RefusalsMessage {
  type: 'gc:refusals';
  entries: Array<[key: string, until: number]>;
  full?: boolean;
}

/** How often the primary tells its workers it is there (an empty {@link RefusalsMessage}). */
export const HEARTBEAT_MS = 250;

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
 * when refused, else the `attempt` number to report the outcome of. For `gc:sign-in-checks`:
 * `refusals`, per check in its order, the seconds to wait, or 0 when not refused.
 */
export interface ReplyMessage {
  type: 'gc:reply';
  id: number;
  retryAfterSeconds?: number;
  attempt?: number;
  refusals?: number[];
}

export type WorkerMessage = ReadyMessage | SignInRequest | SignInChecks | RefusalsSyncMessage | SignInOutcome | ForgetMessage | ForgottenMessage;
export type PrimaryMessage = ReplyMessage | ForgetMessage | RefusalsMessage;

/** A request a worker sends and waits for a {@link ReplyMessage} to (its `id` is filled in by the link). */
export type WorkerRequest = Omit<SignInRequest, 'id'> | Omit<SignInChecks, 'id'> | Omit<ForgetMessage, 'id'>;

const TYPES = new Set([
  'gc:ready',
  'gc:sign-in',
  'gc:sign-in-checks',
  'gc:refusals-sync',
  'gc:refusals',
  'gc:sign-in-outcome',
  'gc:forget',
  'gc:forgotten',
  'gc:reply',
]);

/** Whether `value` is one of ours (the channel also carries Node's own cluster messages). */
export function isClusterMessage(value: unknown): value is WorkerMessage | PrimaryMessage {
  return typeof value === 'object' && value !== null && TYPES.has((value as { type?: unknown }).type as string);
}
