/**
 * The /profile screen (SPEC 2 Profile; persisted on the server; issue 19): the summary (greeting
 * name, 'Verified' when an issuer vouches for every identity field), four stat cards, the
 * holder's editable contact fields (display name, email, username, bio), the identity fields as
 * their credentials state them (read-only, each with its issuer, and how to correct them at the
 * issuer), recent activity, security features, quick actions and the identity documents
 * (masked, not editable).
 *
 * Edit turns the contact fields into a form; Save checks them with core's validateProfile (the message
 * sits at each failing field) and persists them on the server, which writes a `profile_updated`
 * entry (toast 'Profile updated successfully'); while the API is unreachable the Save is kept on
 * this device, marked 'Not yet synced', and the outbox sends it once the API answers.
 * Cancel restores the saved values.
 *
 * The profile is its cache entry (getProfileQueryOptions); the lists behind the stats,
 * the recent activity and the held documents are the shared list queries, passed in `loaders` by
 * the route module (features do not import each other).
 */
import {
  type ActivityLog,
  type ConsentRequest,
  type CredentialRecord,
  changedProfileFields,
  normalizeProfileInput,
  PROFILE_FIELDS,
  type Profile,
  type ProfileErrors,
  type ProfileField,
  type ProfileInput,
  profileToInput,
  validateProfile,
} from '@pehchaan/core';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { InfoIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { hasProblemCode, isApiError } from '@/lib/api-client';
import type { Sourced } from '@/lib/local-fallback';
import { problemMessage } from '@/lib/problem-message';
import type { SourcedListQuery } from '@/lib/query-client';
import type { queryKeys } from '@/lib/query-keys';
import { toast } from '@/lib/toast';
import { getProfileQueryOptions, type ProfileLoad } from '../api/get-profile';
import { LocalSaveError, saveProfile } from '../api/update-profile';
import {
  computeProfileStats,
  heldDocumentTypes,
  type ProfileLists,
  recentActivity,
} from '../profile-records';
import { CredentialIdentityCard, ProfileForm } from './profile-form';
import {
  IdentityDocumentsCard,
  ProfileStatCards,
  ProfileSummary,
  QuickActions,
  RecentActivity,
  SecurityFeatures,
} from './profile-panels';
import '../i18n';

/** The holder's lists' queries, each from the API with the local fallback (see the route module). */
export interface ProfileLoaders {
  credentials: SourcedListQuery<CredentialRecord, ReturnType<typeof queryKeys.credentials>>;
  consentRequests: SourcedListQuery<ConsentRequest, ReturnType<typeof queryKeys.consentRequests>>;
  activityLogs: SourcedListQuery<ActivityLog, ReturnType<typeof queryKeys.activityLogs>>;
}

/** A load that failed after an API failure (not a disabled API): told once by a toast. */
function isFailedLoad(load: ProfileLoad | undefined): boolean {
  if (!load) return false;
  if (load.status === 'failed') return true;
  return load.status === 'sample' && !isApiError(load.error, 'ERR_API_DISABLED');
}

/** The cached load after a Save: a sample profile saved on this device becomes this device's. */
function savedLoad(
  current: ProfileLoad | undefined,
  savedTo: 'api' | 'localStorage',
  profile: Profile,
): ProfileLoad {
  if (savedTo === 'api' || !current || current.status === 'failed') {
    return { status: 'api', profile };
  }
  if (current.status === 'sample') {
    return { status: 'local', profile, apiDisabled: false, error: current.error };
  }
  return { ...current, profile };
}

export function ProfilePage({ userId, loaders }: { userId: string; loaders: ProfileLoaders }) {
  const { t } = useTranslation('profile');
  const queryClient = useQueryClient();
  const profileQuery = getProfileQueryOptions(userId);
  const { data: loaded, isPending: loading, refetch } = useQuery(profileQuery);
  const profile = loaded && loaded.status !== 'failed' ? loaded.profile : null;
  const source = loaded && loaded.status !== 'failed' ? loaded.status : null;
  const failed = loaded?.status === 'failed';
  const [credentials, consentRequests, activityLogs] = useQueries({
    queries: [
      loaders.credentials(userId),
      loaders.consentRequests(userId),
      loaders.activityLogs(userId),
    ],
  });
  const lists = useMemo<ProfileLists | null>(
    () =>
      credentials.data && consentRequests.data && activityLogs.data
        ? {
            credentials: credentials.data.data,
            consentRequests: consentRequests.data.data,
            activityLogs: activityLogs.data.data,
          }
        : null,
    [credentials.data, consentRequests.data, activityLogs.data],
  );
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<ProfileInput | null>(null);
  const [errors, setErrors] = useState<ProfileErrors>({});
  const [saving, setSaving] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const firstField = useRef<HTMLInputElement>(null);
  const formCard = useRef<HTMLDivElement>(null);
  /** Where focus goes after the next render: the Edit button or the first field. */
  const [focusTarget, setFocusTarget] = useState<'edit' | 'field' | null>(null);

  const loadFailed = isFailedLoad(loaded);
  const loadFailedText = t('toast.loadFailed');
  useEffect(() => {
    if (loadFailed) toast.error(loadFailedText);
  }, [loadFailed, loadFailedText]);

  useEffect(() => {
    if (focusTarget === 'field') firstField.current?.focus();
    if (focusTarget === 'edit') editButton.current?.focus();
    if (focusTarget) setFocusTarget(null);
  }, [focusTarget]);

  const [now] = useState(Date.now);
  const stats = useMemo(() => (lists ? computeProfileStats(lists, now) : null), [lists, now]);
  const recent = useMemo(() => (lists ? recentActivity(lists.activityLogs) : null), [lists]);
  const held = useMemo(() => (lists ? heldDocumentTypes(lists.credentials) : null), [lists]);

  const startEditing = () => {
    if (!profile) return;
    setDraft(profileToInput(profile));
    setErrors({});
    setEditing(true);
    setFocusTarget('field');
  };

  const stopEditing = () => {
    setEditing(false);
    setDraft(null);
    setErrors({});
    setFocusTarget('edit');
  };

  const onChange = (field: ProfileField, value: string) => {
    setDraft((d) => (d ? { ...d, [field]: value } : d));
    // A corrected field loses its message at once; others keep theirs until the next Save.
    setErrors(({ [field]: _, ...rest }) => rest);
  };

  const focusFirstInvalid = (found: ProfileErrors) => {
    const first = PROFILE_FIELDS.find((field) => found[field]);
    if (first) formCard.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  const onSubmit = async () => {
    if (!profile || !draft) return;
    const found = validateProfile(normalizeProfileInput(draft));
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstInvalid(found);
      return;
    }
    if (changedProfileFields(profileToInput(profile), draft).length === 0) {
      toast(t('toast.noChanges'));
      stopEditing();
      return;
    }
    setSaving(true);
    try {
      const result = await saveProfile({ userId, current: profile, input: draft });
      await queryClient.cancelQueries({ queryKey: profileQuery.queryKey });
      queryClient.setQueryData<ProfileLoad>(profileQuery.queryKey, (current) =>
        savedLoad(current, result.source, result.profile),
      );
      // The Save wrote an activity entry (on the server, or here while offline): every screen
      // showing the log has it at once.
      const entry = result.activityLog;
      if (entry) {
        queryClient.setQueryData<Sourced<ActivityLog[]>>(
          loaders.activityLogs(userId).queryKey,
          (current) => (current ? { ...current, data: [entry, ...current.data] } : current),
        );
      }
      toast.success(t(result.source === 'api' ? 'toast.saved' : 'toast.savedLocally'));
      stopEditing();
    } catch (error) {
      if (error instanceof LocalSaveError) {
        toast.error(t('toast.saveLocalFailed'));
      } else if (hasProblemCode(error, 'credential_backed_field')) {
        // An identity field differs from what the credentials show (an older copy of the form):
        // the server's copy is read again.
        toast.error(t('toast.credentialBacked'));
        void refetch();
      } else if (hasProblemCode(error, 'username_taken')) {
        const taken: ProfileErrors = { username: 'usernameTaken' };
        setErrors(taken);
        focusFirstInvalid(taken);
      } else {
        // The server's reason in the holder's language (lib/problem-message.ts), never its
        // English `detail`.
        toast.error(
          isApiError(error, 'HTTP_ERROR') && error.problem
            ? `${t('toast.saveFailed')}: ${problemMessage(error)}`
            : t('toast.saveFailed'),
        );
      }
    } finally {
      setSaving(false);
    }
  };

  const hasErrors = Object.keys(errors).length > 0;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl dark:text-white">
            {t('title')}
          </h1>
          <p className="mt-1 text-slate-600 dark:text-slate-400">{t('subtitle')}</p>
        </div>
        {profile && !editing && (
          <Button ref={editButton} onClick={startEditing} className="min-h-11">
            {t('edit')}
          </Button>
        )}
      </div>

      {loading && !profile ? (
        <Spinner />
      ) : failed || !profile ? (
        <div className="space-y-3 rounded-2xl border border-red-200 bg-red-50 p-5 text-red-900 dark:border-red-900 dark:bg-red-950/50 dark:text-red-100">
          <p>{t('failed')}</p>
          <Button variant="secondary" onClick={() => void refetch()} className="min-h-11">
            {t('retry')}
          </Button>
        </div>
      ) : (
        <>
          {(source === 'local' || source === 'sample') && (
            <p className="flex items-start gap-2 rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-900 dark:bg-amber-950/50 dark:text-amber-100">
              <InfoIcon className="mt-0.5 size-4 shrink-0" />
              {t(source === 'local' ? 'notice.localStorage' : 'notice.sample')}
            </p>
          )}
          <ProfileSummary profile={profile} />
          <ProfileStatCards stats={stats} />
          <div className="grid gap-6 lg:grid-cols-3">
            <div className="min-w-0 space-y-6 lg:col-span-2">
              <div ref={formCard}>
                <Card
                  headingId="profile-personal"
                  title={t('personalInfo')}
                  actions={
                    profile.pending_sync ? (
                      <span className="rounded bg-amber-100 px-2 py-0.5 text-sm font-medium text-amber-900 dark:bg-amber-900/50 dark:text-amber-100">
                        {t('notSynced')}
                      </span>
                    ) : undefined
                  }
                >
                  {hasErrors && (
                    <p
                      role="alert"
                      className="mb-4 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-800 dark:bg-red-950/50 dark:text-red-200"
                    >
                      {t('errors.summary')}
                    </p>
                  )}
                  <ProfileForm
                    profile={profile}
                    editing={editing && draft !== null}
                    draft={draft ?? profileToInput(profile)}
                    errors={errors}
                    saving={saving}
                    onChange={onChange}
                    onSubmit={() => void onSubmit()}
                    onCancel={stopEditing}
                    firstFieldRef={firstField}
                  />
                </Card>
              </div>
              <CredentialIdentityCard profile={profile} />
              <IdentityDocumentsCard profile={profile} held={held} />
            </div>
            <div className="min-w-0 space-y-6">
              <RecentActivity logs={recent} now={now} />
              <SecurityFeatures />
              <QuickActions />
            </div>
          </div>
        </>
      )}
    </div>
  );
}
