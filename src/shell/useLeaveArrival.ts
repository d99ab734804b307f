import { useRouter } from 'next/router';
import { useEffect } from 'react';
import { leaveArrival } from '@/base/arrival';

/** Takes the landing query out of the address once the router is ready (src/base/arrival.ts); for pages/_app.tsx. */
export function useLeaveArrival(): void {
  const router = useRouter();
  const { isReady } = router;
  useEffect(() => {
    if (isReady) void leaveArrival(router);
    // Once: the router object changes with every navigation, readiness only once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isReady]);
}
