/** Frame of the public pages: header, page, footer. */
import { Outlet, ScrollRestoration } from 'react-router';
import { SiteLayout } from '@/components/layouts/app-layout';

export function Component() {
  return (
    <SiteLayout>
      <ScrollRestoration />
      <Outlet />
    </SiteLayout>
  );
}
