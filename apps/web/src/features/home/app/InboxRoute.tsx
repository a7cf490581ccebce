import AppPage from '../AppPage.tsx';

/** `/inbox`: the signed-in account's inbox inside the app shell (spec §2 route). */
export function InboxRoute() {
  return <AppPage />;
}
