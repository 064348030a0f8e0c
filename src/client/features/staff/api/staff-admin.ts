import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { deletedSchema, insertedSchema, modifiedSchema } from '@shared/results';
import {
  staffDetailSchema,
  staffListSchema,
  timeOffListSchema,
  timeOffSchema,
  weeklyHoursSchema,
  type StaffCreateInput,
  type StaffUpdateInput,
  type TimeOffCreateInput,
  type WeeklyHours,
} from '@shared/staff';
import { apiClient } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-client';

const staffUrl = (id: string) => `/api/staff/${encodeURIComponent(id)}`;

/** One stylist as the admin edits her (with her own durations). */
export function useStaffMember(id: string | undefined) {
  return useQuery({
    queryKey: queryKeys.staffMember(id ?? ''),
    queryFn: ({ signal }) => apiClient.get(staffUrl(id!), { signal, schema: staffDetailSchema }),
    enabled: id !== undefined,
    staleTime: 0,
  });
}

/** The retired stylists, the latest first, for the admin to bring one back. */
export function useRetiredStaff() {
  return useQuery({
    queryKey: queryKeys.staffRetired,
    queryFn: ({ signal }) => apiClient.get('/api/staff/retired', { signal, schema: staffListSchema }),
    staleTime: 0,
  });
}

export function useStaffHours(id: string) {
  return useQuery({
    queryKey: queryKeys.staffHours(id),
    queryFn: ({ signal }) => apiClient.get(`${staffUrl(id)}/hours`, { signal, schema: weeklyHoursSchema }),
    staleTime: 0,
  });
}

export function useStaffTimeOff(id: string) {
  return useQuery({
    queryKey: queryKeys.staffTimeOff(id),
    queryFn: ({ signal }) => apiClient.get(`${staffUrl(id)}/time-off`, { signal, schema: timeOffListSchema }),
    staleTime: 0,
  });
}

/** Every write refreshes the whole ['staff'] tree: the list, and her detail, hours and time off. */
function useStaffMutation<TVariables, TResult>(mutationFn: (variables: TVariables) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.staff }) });
}

export const useCreateStaff = () =>
  useStaffMutation((input: StaffCreateInput) => apiClient.post('/api/staff', input, { schema: insertedSchema }));

export const useUpdateStaff = () =>
  useStaffMutation(({ id, changes }: { id: string; changes: StaffUpdateInput }) => apiClient.patch(staffUrl(id), changes, { schema: modifiedSchema }));

export const useRetireStaff = () => useStaffMutation((id: string) => apiClient.delete(staffUrl(id), { schema: deletedSchema }));

export const useReinstateStaff = () => useStaffMutation((id: string) => apiClient.post(`${staffUrl(id)}/reinstate`, {}, { schema: modifiedSchema }));

export const useSaveStaffHours = () =>
  useStaffMutation(({ id, hours }: { id: string; hours: WeeklyHours }) => apiClient.put(`${staffUrl(id)}/hours`, hours, { schema: weeklyHoursSchema }));

export const useAddTimeOff = () =>
  useStaffMutation(({ id, range }: { id: string; range: TimeOffCreateInput }) => apiClient.post(`${staffUrl(id)}/time-off`, range, { schema: timeOffSchema }));

export const useRemoveTimeOff = () =>
  useStaffMutation(({ id, timeOffId }: { id: string; timeOffId: string }) =>
    apiClient.delete(`${staffUrl(id)}/time-off/${encodeURIComponent(timeOffId)}`, { schema: deletedSchema }),
  );
