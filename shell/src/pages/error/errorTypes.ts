export type ErrorType = 'server' | 'network' | 'timeout' | 'forbidden' | 'payment' | 'maintenance' | 'general';

export interface ErrorCopy {
  title: string;
  subtitle: string;
  description: string;
  suggestions: string[];
}

export const errorCopy: Record<ErrorType, ErrorCopy> = {
  server: {
    title: 'Something went wrong on our side',
    subtitle: 'Internal server error',
    description: 'Our servers had a problem answering your request. It is not something you did.',
    suggestions: [
      'Try again in a few moments.',
      'Go back to the previous page.',
      'Contact support if it keeps happening.',
    ],
  },
  network: {
    title: 'You appear to be offline',
    subtitle: 'Network error',
    description: 'We could not reach the store. Check your connection and try again.',
    suggestions: [
      'Check your Wi-Fi or mobile data.',
      'Turn off a VPN or proxy that might block the store.',
      'Try again once you are back online.',
    ],
  },
  timeout: {
    title: 'That took too long',
    subtitle: 'Request timeout',
    description: 'The store did not answer in time. This is usually temporary.',
    suggestions: ['Try again.', 'Check your connection speed.', 'Come back in a few minutes.'],
  },
  forbidden: {
    title: 'You do not have access to this page',
    subtitle: 'Access denied',
    description: 'This page needs permissions your account does not have.',
    suggestions: [
      'Sign in with a different account.',
      'Go back to the homepage.',
      'Contact support if you think this is a mistake.',
    ],
  },
  payment: {
    title: 'Your payment could not be completed',
    subtitle: 'Payment error',
    description: 'The payment was not taken. Your cart is still saved.',
    suggestions: ['Check your card details.', 'Try another payment method.', 'Contact your bank if it keeps failing.'],
  },
  maintenance: {
    title: 'We are making the store better',
    subtitle: 'Scheduled maintenance',
    description: 'The store is briefly unavailable while we update it.',
    suggestions: ['Try again in a few minutes.', 'Check the status page for updates.'],
  },
  general: {
    title: 'Something unexpected happened',
    subtitle: 'Application error',
    description: 'This page hit an error it could not recover from.',
    suggestions: ['Try again.', 'Go back to the previous page.', 'Go to the homepage and start again.'],
  },
};

/** SPEC.md: demo status codes 500, 408, 403, 503. */
export function typeForStatus(status?: number): ErrorType {
  switch (status) {
    case 500:
      return 'server';
    case 408:
      return 'timeout';
    case 403:
      return 'forbidden';
    case 503:
      return 'maintenance';
    case 402:
      return 'payment';
    default:
      return status && status >= 500 ? 'server' : 'general';
  }
}

const RANDOM_DIGITS = 9;

/** SPEC.md section 9: ERR-{time}-{random}, the random part always 9 base-36 digits (even for 0 or 0.5). */
export function createErrorId(now = Date.now(), random = Math.random()): string {
  const part = Math.floor(random * 36 ** RANDOM_DIGITS)
    .toString(36)
    .padStart(RANDOM_DIGITS, '0')
    .toUpperCase();
  return `ERR-${now}-${part}`;
}
