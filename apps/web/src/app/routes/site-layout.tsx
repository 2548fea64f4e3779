/**
 * Frame of the public pages: header, page, footer. A signed-in holder's header shows their
 * notifications and search records here too (SPEC 2: the header is the same); that code is
 * loaded only for them, so a visitor's pages stay light.
 */
import { lazy, Suspense, useState } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { SiteLayout } from '@/components/layouts/app-layout';
import {
  type HeaderIndicators,
  HeaderIndicatorsProvider,
  NO_INDICATORS,
} from '@/components/layouts/header-indicators';
import { useAuth } from '@/lib/auth';

const NotificationsBridge = lazy(() => import('@/app/notifications-bridge'));

export function Component() {
  const { user } = useAuth();
  const [indicators, setIndicators] = useState<HeaderIndicators | null>(null);
  return (
    <HeaderIndicatorsProvider value={(user && indicators) || NO_INDICATORS}>
      {user && (
        <Suspense fallback={null}>
          <NotificationsBridge userId={user.id} onChange={setIndicators} />
        </Suspense>
      )}
      <SiteLayout>
        <ScrollRestoration />
        <Outlet />
      </SiteLayout>
    </HeaderIndicatorsProvider>
  );
}
