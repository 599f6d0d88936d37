import { isRefusal, LoginThrottle, refusalIn, SignInAttempt, SignInRefusal, ThrottlePolicy } from './login-throttle';

const policy: ThrottlePolicy = { perUserAndAddress: 3, perAddress: 5, windowMs: 60_000 };

function attempt(outcome: SignInAttempt | SignInRefusal): SignInAttempt {
  if (isRefusal(outcome)) throw new Error(`refused, retry after ${outcome.retryAfterSeconds} s`);
  return outcome;
}

function refusal(outcome: SignInAttempt | SignInRefusal): number | undefined {
  return isRefusal(outcome) ? outcome.retryAfterSeconds : undefined;
}

describe('LoginThrottle', () => {
  let now: number;
  let t: LoginThrottle;
  beforeEach(() => {
    now = 1_000_000;
    t = new LoginThrottle(policy, () => now);
  });

  it('refuses a (user, address) past its failures, with the seconds until the oldest leaves the window', () => {
    for (let i = 0; i < 3; i++) {
      attempt(t.begin('alice', '10.0.0.1')).failed();
      now += 10_000;
    }
    // The first failure was at 1_000_000 and leaves the window at 1_060_000; now = 1_030_000.
    expect(refusal(t.begin('alice', '10.0.0.1'))).toBe(30);
    // The same user from another address, and another user from this one, are not refused.
    expect(refusal(t.begin('alice', '10.0.0.2'))).toBeUndefined();
    expect(refusal(t.begin('bob', '10.0.0.1'))).toBeUndefined();
  });

  it('slides: each failure counts for the window only', () => {
    for (let i = 0; i < 3; i++) {
      attempt(t.begin('alice', 'a')).failed();
      now += 10_000;
    }
    now = 1_000_000 + 60_000; // the first failure has just left the window
    const next = t.begin('alice', 'a');
    expect(refusal(next)).toBeUndefined();
    attempt(next).failed();
    // Two older failures are still in: 1_010_000 leaves at 1_070_000.
    expect(refusal(t.begin('alice', 'a'))).toBe(10);
  });

  it('counts parallel attempts when they start, so they cannot exceed the limit', () => {
    const started = Array.from({ length: 10 }, () => t.begin('alice', 'a'));
    expect(started.filter((o) => !isRefusal(o))).toHaveLength(3);
    expect(started.filter(isRefusal)).toHaveLength(7);
  });

  it('limits an address across user names', () => {
    for (let i = 0; i < 5; i++) attempt(t.begin(`user${i}`, 'a')).failed();
    expect(refusal(t.begin('someone-else', 'a'))).toBe(60);
    expect(refusal(t.begin('someone-else', 'b'))).toBeUndefined();
  });

  it('a success frees its slot and forgets the pair, never another pair', () => {
    attempt(t.begin('alice', 'a')).failed();
    attempt(t.begin('alice', 'a')).failed();
    attempt(t.begin('alice', 'a')).succeeded();
    for (let i = 0; i < 3; i++) expect(refusal(t.begin('alice', 'a'))).toBeUndefined();
  });

  it('an abandoned attempt frees its slot but keeps earlier failures', () => {
    attempt(t.begin('alice', 'a')).failed();
    attempt(t.begin('alice', 'a')).failed();
    attempt(t.begin('alice', 'a')).abandoned();
    attempt(t.begin('alice', 'a')).failed();
    expect(refusal(t.begin('alice', 'a'))).toBe(60);
  });

  it('tells whether an attempt would be refused without taking a slot', () => {
    for (let i = 0; i < 3; i++) expect(t.refusalFor('alice', 'a')).toBeUndefined();
    for (let i = 0; i < 3; i++) attempt(t.begin('alice', 'a')).failed();
    expect(t.refusalFor('alice', 'a')).toEqual({ retryAfterSeconds: 60 });
    expect(t.refusalFor('alice', 'b')).toBeUndefined();
  });

  it('a copy of its refusals (all of them, or those of one pair) refuses what it refuses, for as long', () => {
    for (let i = 0; i < 3; i++) {
      attempt(t.begin('alice', '10.0.0.1')).failed();
      now += 10_000;
    }
    attempt(t.begin('bob', '10.0.0.1')).failed();
    attempt(t.begin('carol', '10.0.0.1')).failed();
    // Refused: the pair alice, and the address (five failures); not the pair bob.
    expect(new Map(t.refusalEnds('bob', '10.0.0.1'))).toEqual(
      new Map([
        ['p10.0.0.1\u0000bob', 0],
        ['a10.0.0.1', 1_060_000],
      ]),
    );
    const copy = new Map(t.allRefusals());
    const pair = new Map(t.refusalEnds('bob', '10.0.0.1'));
    for (const later of [0, 29_000, 30_000, 45_000]) {
      now += later;
      for (const [user, address] of [
        ['alice', '10.0.0.1'],
        ['bob', '10.0.0.1'],
        ['alice', '10.0.0.2'],
      ])
        expect(refusalIn(copy, user, address, now)).toEqual(t.refusalFor(user, address));
      expect(refusalIn(pair, 'bob', '10.0.0.1', now)).toEqual(t.refusalFor('bob', '10.0.0.1'));
      now -= later;
    }
  });
});
