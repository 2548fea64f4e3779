/**
 * The optional account password, a second factor at sign-in (issue 19; SPEC 5's Change Password
 * form made real): GET, PUT and POST .../remove of /user/{userId}/password. The password goes to
 * the server over the session's connection and is kept there only as a scrypt hash. Online only.
 */
import { passwordStatusSchema } from '@pehchaan/core';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const base = (userId: string) => `/user/${encodeURIComponent(userId)}/password`;

export function getPasswordQueryOptions(userId: string) {
  return queryOptions({
    queryKey: queryKeys.password(userId),
    queryFn: () => api.get(base(userId), { schema: passwordStatusSchema }),
  });
}

/**
 * Sets or changes the password (`current` once one is set).
 * @throws {ApiError} 400 'invalid_input' (SPEC 5 rules), 403 'password_incorrect'.
 */
export function changePassword(
  userId: string,
  input: { current?: string; next: string; confirm: string },
) {
  return api.put(
    base(userId),
    {
      ...(input.current ? { current_password: input.current } : {}),
      new_password: input.next,
      confirm_password: input.confirm,
    },
    { schema: passwordStatusSchema },
  );
}

/** Removes the password. @throws {ApiError} 403 'password_incorrect'. */
export function removePassword(userId: string, current: string) {
  return api.post(
    `${base(userId)}/remove`,
    { current_password: current },
    { schema: passwordStatusSchema },
  );
}
