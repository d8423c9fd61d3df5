/** /profile: who is signed in; changing password, language and subscriptions comes with the accounts work. */
import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { PlannedScreen, useAbilityState, type PluginUi } from '@adsuite/admin/kit';

function Facts() {
  const translate = useTranslate();
  const { user } = useAbilityState();
  if (!user) return null;
  const facts: [string, string][] = [
    ['resources.login.fields.name', user.fullName],
    ['resources.login.fields.email', user.email],
    ['resources.login.fields.role', translate(`resources.login.values.role.${user.role}`, { _: user.role })],
    ['resources.login.fields.language', translate(`resources.login.values.language.${user.language}`, { _: user.language ?? '' })],
  ];
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 3, rowGap: 1, m: 0 }}>
      {facts.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" color="text.secondary">{translate(label)}</Typography>
          <Typography component="dd" sx={{ m: 0 }}>{value}</Typography>
        </Box>
      ))}
    </Box>
  );
}

const Profile = () => (
  <PlannedScreen title="app.profile.title" intro="app.profile.intro">
    <Facts />
  </PlannedScreen>
);

const plugin: PluginUi = {
  name: 'profile',
  routes: [{ path: '/profile', title: 'app.profile.title', component: Profile, placeholder: true }],
};

export default plugin;
