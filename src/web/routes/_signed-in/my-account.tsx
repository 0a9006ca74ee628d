import { Outlet, createFileRoute } from '@tanstack/react-router';
import { AccountTabs } from '../../components/layout/account-tabs';

export const Route = createFileRoute('/_signed-in/my-account')({
  staticData: { title: 'My Account' },
  component: MyAccountLayout,
});

function MyAccountLayout() {
  return (
    <>
      <AccountTabs />
      <Outlet />
    </>
  );
}
