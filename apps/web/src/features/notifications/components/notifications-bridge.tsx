/**
 * The holder's notifications for a frame that cannot wait for this feature's code: the public
 * pages' frame loads it lazily, only for a signed-in holder (a visitor's landing page downloads
 * none of it), and gets the value through `onChange` to hand to its header. Renders nothing.
 */
import { useEffect } from 'react';
import type { HeaderIndicators } from '@/components/layouts/header-indicators';
import { useNotifications } from '../api/use-notifications';

export default function NotificationsBridge({
  userId,
  onChange,
}: {
  userId: string;
  onChange: (value: HeaderIndicators) => void;
}) {
  const value = useNotifications(userId);
  useEffect(() => onChange(value), [value, onChange]);
  return null;
}
