/**
 * A titled card section of the wallet page: the shared `Card` (a region named by its h2) with the
 * wallet's rounding and padding and a top-aligned header (the titles carry a lead line).
 */
import { type CardProps, Card as SharedCard } from '@/components/ui/card';

export function Card(props: Omit<CardProps, 'className' | 'headerClassName'>) {
  return (
    <SharedCard
      {...props}
      className="rounded-xl p-4 sm:p-6"
      headerClassName="flex-wrap items-start gap-3"
    />
  );
}
