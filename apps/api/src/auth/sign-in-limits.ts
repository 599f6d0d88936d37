import { LoginThrottle, SignInAttempt, SignInRefusal } from './login-throttle';

/**
 * The sign-in limits as the authentication sees them: in this process ({@link LocalSignInLimits},
 * the only api process), or owned by the cluster's primary for all its workers
 * (`cluster/cluster-sign-in-limits.ts`), so N workers allow what one process allows.
 */
export interface SignInLimits {
  /** Whether an attempt for `user` (its case-insensitive key) from `address` would be refused now (takes no slot). */
  refusalFor(user: string, address: string): Promise<SignInRefusal | undefined>;
  /** Starts an attempt, holding its slot until its outcome is told, or refuses it. */
  begin(user: string, address: string): Promise<SignInAttempt | SignInRefusal>;
}

/** Injection token of the {@link SignInLimits}. */
export const SIGN_IN_LIMITS = Symbol('SIGN_IN_LIMITS');

/** The limits kept in this process's memory. */
export class LocalSignInLimits implements SignInLimits {
  constructor(private readonly throttle: LoginThrottle = new LoginThrottle()) {}

  refusalFor(user: string, address: string): Promise<SignInRefusal | undefined> {
    return Promise.resolve(this.throttle.refusalFor(user, address));
  }

  begin(user: string, address: string): Promise<SignInAttempt | SignInRefusal> {
    return Promise.resolve(this.throttle.begin(user, address));
  }
}
