/**
 * Loaded lazily for a signed-in holder only (a visitor's pages download none of it): reads the
 * holder's settings and profile from their cache entries (the settings and profile features own
 * them; features do not import each other, so the app wires them here) and hands the holder's
 * preferences and greeting name to lib/preferences.tsx through `onChange`. A change saved in
 * Settings updates the settings entry at once, so every screen follows at once (issue 19).
 *
 * Until the first answer the browser's copy of the settings stands in, then SPEC 9's defaults.
 */
import { DEFAULT_SETTINGS } from '@pehchaan/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getProfileQueryOptions } from '@/features/profile/api/get-profile';
import { getSettingsQueryOptions } from '@/features/settings/api/get-settings';
import { readLocalSettings } from '@/features/settings/api/settings-storage';
import type { HolderFacts } from '@/lib/preferences';

export default function HolderSource({
  userId,
  onChange,
}: {
  userId: string;
  onChange: (facts: HolderFacts) => void;
}) {
  const { data: settingsLoad } = useQuery(getSettingsQueryOptions(userId));
  const { data: profileLoad } = useQuery(getProfileQueryOptions(userId));
  const settings =
    settingsLoad?.settings ?? readLocalSettings(userId)?.settings ?? DEFAULT_SETTINGS;
  const profile = profileLoad && profileLoad.status !== 'failed' ? profileLoad.profile : null;
  const greetingName = profile ? profile.display_name || profile.name : null;
  const { timezone, dateFormat, timeFormat, currency, digits, debugMode } = settings;

  useEffect(() => {
    onChange({
      preferences: { timeZone: timezone, dateFormat, timeFormat, currency, digits, debugMode },
      greetingName,
    });
  }, [onChange, timezone, dateFormat, timeFormat, currency, digits, debugMode, greetingName]);
  return null;
}
