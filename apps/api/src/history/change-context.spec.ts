import type { Request } from 'express';
import { changeUser, currentChange, runWrite } from './change-context';

const request = (userName: string) => ({ user: { userName, roles: ['ADMIN'] } }) as unknown as Request;
const later = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('change context', () => {
  it('follows a write through its awaits and timers, with its author', async () => {
    const seen = await runWrite(request('alice'), async () => {
      await later();
      await Promise.resolve();
      return changeUser(currentChange());
    });
    expect(seen).toBe('alice');
  });

  it('keeps each of two concurrent writes apart, and holds while the other ends', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const slow = runWrite(request('bob'), async () => {
      await held;
      await later();
      return changeUser(currentChange());
    });
    const quick = runWrite(request('carol'), async () => changeUser(currentChange()));
    expect(await quick).toBe('carol');
    await later();
    release();
    expect(await slow).toBe('bob');
  });

  it('gives what runs outside a write a context of its own, without a user', async () => {
    await runWrite(request('dave'), async () => undefined);
    await later();
    const context = currentChange();
    expect(changeUser(context)).toBeNull();
    expect(context.request).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('is disabled once no write runs: what a write left behind no longer carries its context', async () => {
    let afterwards: ReturnType<typeof currentChange> | undefined;
    let fired!: () => void;
    const timerFired = new Promise<void>((resolve) => (fired = resolve));
    await runWrite(request('erin'), async () => {
      setTimeout(() => {
        afterwards = currentChange();
        fired();
      }, 20);
    });
    await timerFired;
    expect(afterwards?.http).toBeUndefined();
  });

  it('ends the write context even when the write fails', async () => {
    await expect(runWrite(request('frank'), async () => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    await later();
    expect(currentChange().http).toBeUndefined();
  });
});
