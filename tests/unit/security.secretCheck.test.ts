// POST /api/revalidate's secret (docs/deploy.md, on-demand revalidation): compared in constant
// time, and wrong guesses limited per client address.
import { describe, expect, it } from 'vitest';
import { createSecretCheck, sameSecret } from '@/security/secretCheck';

const SECRET = '0123456789abcdef0123456789abcdef';

describe('sameSecret', () => {
  it.each([
    ['the same secret', SECRET, true],
    ['a different secret of the same length', SECRET.replace('0', '1'), false],
    ['a prefix of it', SECRET.slice(0, 31), false],
    ['it with more after it', `${SECRET}0`, false],
    ['an empty string', '', false],
  ])('%s → %s', (_name, given, expected) => expect(sameSecret(given, SECRET)).toBe(expected));

  it('takes two empty strings as equal, like any two equal strings', () => expect(sameSecret('', '')).toBe(true));
});

describe('createSecretCheck', () => {
  // Burst 3, one back every 10 s, on a clock the test moves.
  function setup() {
    const clock = { ms: 0 };
    const check = createSecretCheck(SECRET, { burst: 3, perSecond: 0.1, now: () => clock.ms });
    return { clock, check };
  }

  it('answers right and wrong until a client has used up its wrong guesses, then refuses it', () => {
    const { check } = setup();
    expect([check('a', 'x'), check('a', undefined), check('a', 'y')]).toEqual([
      { kind: 'wrong' },
      { kind: 'wrong' },
      { kind: 'wrong' },
    ]);
    expect(check('a', 'z')).toEqual({ kind: 'throttled', retryAfterSeconds: 10 });
  });

  it('never counts the right secret against its client', () => {
    const { check } = setup();
    for (let i = 0; i < 20; i += 1) expect(check('a', SECRET)).toEqual({ kind: 'right' });
    expect(check('a', 'x')).toEqual({ kind: 'wrong' });
  });

  it('refuses even the right secret from a client that is waiting, so the answer reveals no guess', () => {
    const { check } = setup();
    for (let i = 0; i < 4; i += 1) check('a', 'x');
    expect(check('a', SECRET)).toEqual({ kind: 'throttled', retryAfterSeconds: 10 });
  });

  it('lets another address through with the right secret', () => {
    const { check } = setup();
    for (let i = 0; i < 4; i += 1) check('a', 'x');
    expect(check('b', SECRET)).toEqual({ kind: 'right' });
  });

  it('remembers at most maxClients waiting addresses, forgetting the one that began waiting first', () => {
    const check = createSecretCheck(SECRET, { burst: 1, perSecond: 0.1, maxClients: 2, now: () => 0 });
    for (const client of ['a', 'b']) for (let i = 0; i < 2; i += 1) check(client, 'x');
    expect(check('a', SECRET)).toEqual({ kind: 'throttled', retryAfterSeconds: 10 });
    // A third waiting address pushes the first out of the waiting list: it is checked again.
    for (let i = 0; i < 2; i += 1) check('c', 'x');
    expect(check('a', SECRET)).toEqual({ kind: 'right' });
    expect(check('b', SECRET)).toEqual({ kind: 'throttled', retryAfterSeconds: 10 });
  });

  it('gives one guess back every 10 s', () => {
    const { clock, check } = setup();
    for (let i = 0; i < 4; i += 1) check('a', 'x');
    clock.ms = 6_000;
    expect(check('a', SECRET)).toEqual({ kind: 'throttled', retryAfterSeconds: 4 });
    clock.ms = 10_000;
    expect(check('a', 'x')).toEqual({ kind: 'wrong' });
    expect(check('a', 'x')).toEqual({ kind: 'throttled', retryAfterSeconds: 10 });
    clock.ms = 20_000;
    expect(check('a', SECRET)).toEqual({ kind: 'right' });
  });
});
