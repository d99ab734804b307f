import { AsyncLocalStorage } from 'node:async_hooks';

// Next's testing helpers expect the global that `next start` installs.
(globalThis as { AsyncLocalStorage?: typeof AsyncLocalStorage }).AsyncLocalStorage ??= AsyncLocalStorage;
