/**
 * Holds what the screens know of the signed-in holder (lib/preferences.tsx): SPEC 9's defaults
 * for a visitor; for a holder, what the lazily loaded holder source (holder-source.tsx) reads
 * from their settings and profile. Mounted once around the router, so the public pages, the
 * demos and the app's screens all write dates, times and amounts the holder's way.
 */
import { lazy, type ReactNode, Suspense, useCallback, useState } from 'react';
import { useAuth } from '@/lib/auth';
import { DEFAULT_HOLDER_FACTS, type HolderFacts, HolderFactsProvider } from '@/lib/preferences';

const HolderSource = lazy(() => import('./holder-source'));

export function HolderFactsRoot({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const [facts, setFacts] = useState<{ userId: string; facts: HolderFacts } | null>(null);
  const userId = user?.id ?? null;
  const current = userId && facts?.userId === userId ? facts.facts : DEFAULT_HOLDER_FACTS;
  const onChange = useCallback(
    (next: HolderFacts) => {
      if (userId) setFacts({ userId, facts: next });
    },
    [userId],
  );
  return (
    <HolderFactsProvider value={current}>
      {userId && (
        <Suspense fallback={null}>
          <HolderSource key={userId} userId={userId} onChange={onChange} />
        </Suspense>
      )}
      {children}
    </HolderFactsProvider>
  );
}
