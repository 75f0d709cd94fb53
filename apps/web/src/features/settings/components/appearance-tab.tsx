import type { TProfile, TTheme } from '@quantics/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Check, Monitor, Moon, Sun } from 'lucide-react';
import { useState } from 'react';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { queryKeys } from '@/lib/query-keys';
import { notify } from '@/lib/toast';
import { putAppearance } from '../api/appearance';
import { useProfile } from '../api/profile';
import { SETTINGS_TEXTS } from '../settings-texts';
import { SettingsSection } from './settings-section';

const OPTIONS: { value: TTheme; label: string; note: string; icon: typeof Sun }[] = [
  { value: 'light', label: 'Light', note: 'Bright and clear, for well-lit rooms.', icon: Sun },
  { value: 'dark', label: 'Dark', note: 'Easy on the eyes in the back room.', icon: Moon },
  { value: 'system', label: 'System', note: "Follows your device's setting.", icon: Monitor },
];

/** The theme is kept per person on the server, so it follows them to every browser they sign in on. */
export function AppearanceTab() {
  const queryClient = useQueryClient();
  const profile = useProfile();
  const [savingTheme, setSavingTheme] = useState<TTheme | null>(null);

  if (!profile.data) {
    return (
      <Card>
        {profile.isError ? <p className="p-6 text-sm">{SETTINGS_TEXTS.loadProfileFailed}</p> : <Spinner />}
      </Card>
    );
  }
  const current = profile.data.theme;

  const choose = async (theme: TTheme) => {
    if (theme === current) return;
    const previous = profile.data;
    // Shown at once (the shell applies the profile's theme); put back if the server refuses.
    queryClient.setQueryData<TProfile>(queryKeys.settings.profile, { ...previous, theme });
    setSavingTheme(theme);
    try {
      await putAppearance({ theme });
      notify.success(SETTINGS_TEXTS.themeSaved);
    } catch (err) {
      queryClient.setQueryData<TProfile>(queryKeys.settings.profile, previous);
      notify.error(errorMessage(err, SETTINGS_TEXTS.themeFailed));
    } finally {
      setSavingTheme(null);
    }
  };

  return (
    <SettingsSection title="Theme" description="Choose how Quantics looks for you. Saved to your account.">
      <fieldset>
        <legend className="sr-only">Theme</legend>
        <div className="grid grid-cols-3 gap-2 sm:gap-4">
          {OPTIONS.map(({ value, label, note, icon: Icon }) => {
            const isSelected = value === current;
            return (
              <label
                key={value}
                className={cn(
                  'group relative cursor-pointer rounded-xl border-2 p-2 transition-colors sm:p-3 focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand-600',
                  isSelected
                    ? 'border-brand-600 bg-brand-50/50 dark:border-brand-400 dark:bg-brand-500/10'
                    : 'border-slate-200 hover:border-slate-300 dark:border-slate-700 dark:hover:border-slate-600',
                )}
              >
                <input
                  type="radio"
                  name="theme"
                  value={value}
                  checked={isSelected}
                  onChange={() => choose(value)}
                  disabled={savingTheme !== null}
                  className="sr-only"
                />
                <ThemePreview theme={value} />
                <span className="mt-2 flex items-center gap-1.5 text-sm font-medium sm:mt-3 sm:gap-2 text-slate-900 dark:text-slate-100">
                  <Icon className="hidden size-4 text-slate-500 sm:block dark:text-slate-400" aria-hidden />
                  {label}
                  {isSelected && (
                    <span className="ml-auto flex size-5 items-center justify-center rounded-full bg-brand-600 text-white">
                      <Check className="size-3" aria-hidden />
                    </span>
                  )}
                </span>
                <span className="mt-1 hidden text-xs text-slate-500 sm:block dark:text-slate-400">
                  {note}
                </span>
              </label>
            );
          })}
        </div>
      </fieldset>
    </SettingsSection>
  );
}

/** A miniature of the app in that theme (system: half and half). */
function ThemePreview({ theme }: { theme: TTheme }) {
  if (theme === 'system') {
    return (
      <div
        className="relative h-16 overflow-hidden rounded-lg sm:h-24 ring-1 ring-slate-200 dark:ring-slate-700"
        aria-hidden
      >
        <div className="absolute inset-0">
          <Mini isDark={false} />
        </div>
        <div className="absolute inset-0 [clip-path:polygon(100%_0,100%_100%,0_100%)]">
          <Mini isDark />
        </div>
      </div>
    );
  }
  return (
    <div
      className="h-16 overflow-hidden rounded-lg sm:h-24 ring-1 ring-slate-200 dark:ring-slate-700"
      aria-hidden
    >
      <Mini isDark={theme === 'dark'} />
    </div>
  );
}

function Mini({ isDark }: { isDark: boolean }) {
  return (
    <div className={cn('flex h-full', isDark ? 'bg-slate-950' : 'bg-slate-50')}>
      <div className={cn('w-1/4 space-y-1.5 p-2', isDark ? 'bg-slate-900' : 'bg-white')}>
        <div className="h-2 w-3/4 rounded bg-brand-600" />
        <div className={cn('h-1.5 rounded', isDark ? 'bg-slate-700' : 'bg-slate-200')} />
        <div className={cn('h-1.5 rounded', isDark ? 'bg-slate-700' : 'bg-slate-200')} />
      </div>
      <div className="flex-1 space-y-2 p-2">
        <div className={cn('h-2 w-1/2 rounded', isDark ? 'bg-slate-600' : 'bg-slate-300')} />
        <div
          className={cn(
            'h-6 rounded-md sm:h-10',
            isDark ? 'bg-slate-900 ring-1 ring-slate-800' : 'bg-white ring-1 ring-slate-200',
          )}
        />
      </div>
    </div>
  );
}
