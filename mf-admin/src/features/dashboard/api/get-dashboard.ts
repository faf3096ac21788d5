import type { AdminDashboard } from '@store/contracts';
import { http, useQuery } from '@store/http';

export async function getDashboard(): Promise<AdminDashboard> {
  const response = await http.get<AdminDashboard>('admin/dashboard');
  return response.data;
}

export const dashboardQuery = { queryKey: ['admin', 'dashboard'] as const, queryFn: getDashboard, staleTime: 30_000 };

export function useDashboard() {
  return useQuery(dashboardQuery);
}
