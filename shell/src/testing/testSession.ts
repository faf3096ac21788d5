import { act, screen } from '@testing-library/react';
import { setTimeout as realSleep } from 'node:timers/promises';
import toast from 'react-hot-toast';
import { queryClient } from '@store/http';
import { sessionStore } from '@store/session';

const base64url = (text: string) => btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/** An access token whose payload carries `claims` (the client reads the role claim, it never verifies). */
export const accessToken = (claims: Record<string, unknown>) => `h.${base64url(JSON.stringify(claims))}.s`;

export function signIn(role: 'REGULAR' | 'ADMIN' = 'REGULAR') {
  act(() => sessionStore.getState().login({ access: accessToken({ role }), refresh: 'refresh-token' }));
}

/** Puts the page-wide singletons back as a fresh visit finds them. */
export function resetShellState() {
  act(() => {
    sessionStore.getState().logout();
    sessionStore.getState().closeDialog();
    toast.remove();
  });
  queryClient.clear();
  localStorage.clear();
  sessionStorage.clear();
}

export const currentLocation = () => screen.getByRole('status', { name: 'Current location' }).textContent;

/**
 * Waits for `assertion` in real time (node's own timers, which jest never fakes): a reply from the
 * loopback server or a resolved promise can arrive while jest's fake timers keep the page's timers
 * exactly where they are (Testing Library's waitFor would advance them).
 */
export async function waitInRealTime(assertion: () => void, attempts = 300) {
  for (let attempt = 0; ; attempt++) {
    try {
      assertion();
      return;
    } catch (error) {
      if (attempt >= attempts) throw error;
    }
    await act(async () => {
      await realSleep(10);
    });
  }
}

/**
 * Lets the shared query cache finish its calls, then stops the loopback server: a call cut off by the
 * close would be retried against a closed port, after the test, and fail noisily.
 */
export async function closeTestServer(server: { close(): Promise<void> }) {
  await waitInRealTime(() => expect(queryClient.isFetching()).toBe(0));
  await server.close();
}
