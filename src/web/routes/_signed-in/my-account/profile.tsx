import { createFileRoute } from '@tanstack/react-router';
import { ProfilePanel } from '../../../components/account/profile-forms';

export const Route = createFileRoute('/_signed-in/my-account/profile')({
  staticData: { title: 'Profile' },
  component: ProfilePage,
});

function ProfilePage() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <ProfilePanel />
    </div>
  );
}
