/** The header's theme button: cycles light -> dark -> system -> light (SPEC 4). */
import { useTranslation } from 'react-i18next';
import { MonitorIcon, MoonIcon, SunIcon } from '@/components/ui/icons';
import { useTheme } from '@/lib/theme';

export function ThemeToggle() {
  const { t } = useTranslation();
  const { theme, cycleTheme } = useTheme();
  const Icon = theme === 'light' ? SunIcon : theme === 'dark' ? MoonIcon : MonitorIcon;
  const label = t('theme.toggle', { theme: t(`theme.${theme}`) });
  return (
    <button
      type="button"
      onClick={cycleTheme}
      aria-label={label}
      title={label}
      className="rounded-lg p-2 text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
    >
      <Icon />
    </button>
  );
}
