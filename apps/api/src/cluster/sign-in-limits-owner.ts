import { isRefusal, LoginThrottle, RefusalEnd, SignInAttempt } from '../auth/login-throttle';
import type { ReplyMessage, SignInChecks, SignInOutcome, SignInRequest } from './messages';

interface Held {
  worker: number;
  user: string;
  address: string;
  attempt: SignInAttempt;
  at: number;
}

/**
 * The primary's half of the sign-in limits: one {@link LoginThrottle} for every worker, so N
 * workers allow what one process allows. Workers ask before every sign-in (`check`) and before
 * every hash they compute (`begin`), and report how each begun attempt ended. An attempt whose
 * worker died before reporting stays counted as a failure until it leaves the window: a crash
 * never gives an attacker slots back. After every change of the count, `changed` is told the
 * refusals of the (user, address) it concerns, for the copies the workers check requests against.
 */
export class SignInLimitsOwner {
  private next = 1;
  private readonly held = new Map<number, Held>();

  constructor(
    private readonly throttle: LoginThrottle = new LoginThrottle(),
    private readonly windowMs: number = 15 * 60_000,
    private readonly now: () => number = Date.now,
    private readonly changed: (ends: RefusalEnd[]) => void = () => undefined,
  ) {}

  /** Every refusal in force now (for a worker's copy, at its start). */
  refusals(): RefusalEnd[] {
    return this.throttle.allRefusals();
  }

  /** The answer to a worker's `gc:sign-in-checks`: per check, the seconds to wait, 0 when not refused. */
  checks(request: SignInChecks): ReplyMessage {
    const refusals = request.checks.map(([user, address]) => this.throttle.refusalFor(user, address)?.retryAfterSeconds ?? 0);
    return { type: 'gc:reply', id: request.id, refusals };
  }

  /** The answer to a worker's `gc:sign-in` request (`begin`). */
  answer(worker: number, request: SignInRequest): ReplyMessage {
    const attempt = this.throttle.begin(request.user, request.address);
    if (isRefusal(attempt)) return { type: 'gc:reply', id: request.id, retryAfterSeconds: attempt.retryAfterSeconds };
    this.sweep();
    const number = this.next++;
    this.held.set(number, { worker, user: request.user, address: request.address, attempt, at: this.now() });
    this.changed(this.throttle.refusalEnds(request.user, request.address));
    return { type: 'gc:reply', id: request.id, attempt: number };
  }

  /** A worker's report of how attempt `attempt` ended (only the worker that began it may report). */
  ended(worker: number, report: SignInOutcome): void {
    const held = this.held.get(report.attempt);
    if (!held || held.worker !== worker) return;
    this.held.delete(report.attempt);
    if (report.outcome === 'succeeded') held.attempt.succeeded();
    else if (report.outcome === 'abandoned') held.attempt.abandoned();
    else held.attempt.failed();
    this.changed(this.throttle.refusalEnds(held.user, held.address));
  }

  /** A worker exited: its unreported attempts stay counted (as failures), and are no longer held. */
  workerGone(worker: number): void {
    for (const [number, held] of this.held) if (held.worker === worker) this.held.delete(number);
  }

  /** Attempts held (for tests and diagnostics). */
  get pending(): number {
    return this.held.size;
  }

  /** Attempts older than the window are counted no more: their reports would change nothing. */
  private sweep(): void {
    const now = this.now();
    for (const [number, held] of this.held) {
      if (now - held.at < this.windowMs) break;
      this.held.delete(number);
    }
  }
}
