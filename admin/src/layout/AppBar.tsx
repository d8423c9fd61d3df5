/** Top bar: title, advertiser selector, language switch, loading indicator and the user menu with logout. */
import { AppBar as RaAppBar, LoadingIndicator, LocalesMenuButton } from 'react-admin';
import { AdvertiserSelector } from './AdvertiserSelector.tsx';

const toolbar = (
  <>
    <AdvertiserSelector />
    <LocalesMenuButton />
    <LoadingIndicator />
  </>
);

export function AppBar() {
  return <RaAppBar toolbar={toolbar} />;
}
