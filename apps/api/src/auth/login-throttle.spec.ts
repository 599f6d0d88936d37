import { LoginThrottle } from './login-throttle';

describe('LoginThrottle', () => {
  const policy = { freeFailures: 3, baseDelayMs: 100, maxDelayMs: 1000, windowMs: 60_000 };

  it('lets the first failures through, then doubles the delay up to the maximum', () => {
    let now = 0;
    const t = new LoginThrottle(policy, () => now);
    const delays: number[] = [];
    for (let i = 0; i < 8; i++) {
      delays.push(t.delayFor('alice'));
      t.fail('alice');
    }
    expect(delays).toEqual([0, 0, 0, 100, 200, 400, 800, 1000]);
    expect(t.delayFor('bob')).toBe(0);
  });

  it('forgets failures after a success and after the window', () => {
    let now = 0;
    const t = new LoginThrottle(policy, () => now);
    for (let i = 0; i < 5; i++) t.fail('alice');
    expect(t.delayFor('alice')).toBe(400);
    t.succeed('alice');
    expect(t.delayFor('alice')).toBe(0);
    for (let i = 0; i < 5; i++) t.fail('alice');
    now += 60_001;
    expect(t.delayFor('alice')).toBe(0);
  });
});
