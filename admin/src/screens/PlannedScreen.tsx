/**
 * A screen whose real content a later release builds: its title, what it will show and where to go
 * meanwhile. It shows no invented data.
 */
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import ConstructionIcon from '@mui/icons-material/Construction';
import { Alert, Button, Card, CardActions, CardContent, Stack, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { useMayOpen } from '../routes/useRouteAccess.ts';
import { useRecordTitle } from './useRecordTitle.ts';

export interface ScreenLink {
  to: string;
  /** Message key; a resource name reads in the plural. */
  label: string;
  /** The route pattern of `to` when it holds an id (`/campaign/clicks/:id`). */
  route?: string;
}

interface PlannedScreenProps {
  /** Message key of the title; the name of the record the page is `about` follows it. */
  title: string;
  /** The resource whose record the route's `:id` names (a campaign's report): its name follows the title. */
  about?: string;
  /** Message key: what the screen will show. */
  intro: string;
  /** Real content the screen already has (facts about the record, a warning). */
  children?: ReactNode;
  /** Where the user can go meanwhile (only links the user may open). */
  links?: ScreenLink[];
}

export function PlannedScreen({ title, about, intro, children, links = [] }: PlannedScreenProps) {
  const translate = useTranslate();
  const { id } = useParams();
  const subtitle = useRecordTitle(about ?? '', about ? id : undefined);
  const mayOpen = useMayOpen();
  const open = links.filter((link) => mayOpen(link.route ?? link.to));
  const heading = subtitle ? `${translate(title)} – ${subtitle}` : translate(title);
  return (
    <Card sx={{ mt: 2 }} data-screen="planned">
      <Title title={heading} />
      <CardContent>
        <Stack spacing={2}>
          <Typography variant="h5" component="h1">{heading}</Typography>
          {children}
          <Typography>{translate(intro)}</Typography>
          <Alert severity="info" icon={<ConstructionIcon />}>{translate('app.planned.notice')}</Alert>
        </Stack>
      </CardContent>
      {open.length > 0 && (
        <CardActions sx={{ px: 2, pb: 2, flexWrap: 'wrap', gap: 1 }}>
          {open.map((link) => (
            <Button key={link.to} component={Link} to={link.to} variant="outlined">{translate(link.label, { smart_count: 2 })}</Button>
          ))}
        </CardActions>
      )}
    </Card>
  );
}
