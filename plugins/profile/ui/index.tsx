/** /profile: the signed-in user's name, language, report subscriptions and own password (SPEC sections 2, 3 and 8). */
import { Grid, LinearProgress } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { useAbilityState, type PluginUi } from '@adsuite/admin/kit';
import { DetailsCard } from './DetailsCard.tsx';
import { PasswordCard } from './PasswordCard.tsx';
import { SessionsCard } from './SessionsCard.tsx';

function Profile() {
  const translate = useTranslate();
  const { user } = useAbilityState();
  return (
    <>
      <Title title={translate('app.profile.title')} />
      {!user && <LinearProgress sx={{ mt: 2 }} />}
      {user && (
        <Grid container spacing={2} sx={{ mt: 2 }}>
          <Grid size={{ xs: 12, lg: 7 }}><DetailsCard key={user.id} user={user} /></Grid>
          <Grid size={{ xs: 12, lg: 5 }} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
            <PasswordCard />
            <SessionsCard />
          </Grid>
        </Grid>
      )}
    </>
  );
}

const plugin: PluginUi = {
  name: 'profile',
  routes: [{ path: '/profile', title: 'app.profile.title', component: Profile }],
};

export default plugin;
