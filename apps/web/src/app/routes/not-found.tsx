/** Any address the route table does not know: the 404 page inside the site frame. */
import { NotFoundPage } from '@/components/errors/not-found-page';

export function Component() {
  return <NotFoundPage />;
}
