import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { returnUrlSchema } from '../../guards/return-url';
import { useSessionReturnUrl, useSessionRole } from '../../session/session-context';

/**
 * On a sign-in page: once signed in (for this page's audience), go to the returnUrl asked for, else the
 * user's start page. Answers whether the page is being left.
 */
export function useLeaveWhenSignedIn(audience: 'customer' | 'staff', requestedReturnUrl: string | undefined): boolean {
  const role = useSessionRole();
  const remembered = useSessionReturnUrl();
  const router = useRouter();
  const leaving = audience === 'staff' ? role === 'staff' : role !== null;
  useEffect(() => {
    if (!leaving) return;
    const target = returnUrlSchema.parse(requestedReturnUrl ?? remembered ?? undefined);
    void router.navigate({ href: target ?? (role === 'staff' ? '/staff' : '/home'), replace: true });
  }, [leaving, role, requestedReturnUrl, remembered, router]);
  return leaving;
}
